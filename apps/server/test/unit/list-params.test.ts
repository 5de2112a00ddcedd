// The list parameters every list service reads through (src/http/list-params.ts): the sort terms
// and their 400, and a created-at range and its 400, as the endpoints answer them.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.ts';
import { dateBound, dateRange, sortTerms } from '../../src/http/list-params.ts';

const FIELDS = ['name', 'createdAt', 'state'] as const;

/** The AppError a call throws (fails the test when it throws nothing, or something else). */
function refusal(call: () => unknown): AppError {
  try {
    call();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('sortTerms', () => {
  it('reads no sort as no terms, one as one, and a repeated parameter in order', () => {
    expect(sortTerms(undefined, FIELDS)).toEqual([]);
    expect(sortTerms('name', FIELDS)).toEqual([{ field: 'name', direction: 'asc' }]);
    expect(sortTerms(['createdAt,desc', 'name,asc'], FIELDS)).toEqual([
      { field: 'createdAt', direction: 'desc' },
      { field: 'name', direction: 'asc' },
    ]);
  });

  it('reads any direction but desc as ascending', () => {
    expect(sortTerms('state,sideways', FIELDS)).toEqual([{ field: 'state', direction: 'asc' }]);
  });

  it('refuses a field the list cannot sort by with a 400 naming query.sort, the fields asked and the fields allowed', () => {
    const error = refusal(() => sortTerms(['name', 'ein,desc', 'Name'], FIELDS));
    expect(error.status).toBe(400);
    expect(error.code).toBe('ValidationError');
    expect(error.message).toBe('Some values are not valid.');
    expect(error.options.errors).toEqual([{ path: 'query.sort', message: 'cannot sort by ein, Name; use one of name, createdAt, state' }]);
  });

  it('refuses an empty field (sort=,desc)', () => {
    expect(refusal(() => sortTerms(',desc', FIELDS)).options.errors).toEqual([{ path: 'query.sort', message: 'cannot sort by ; use one of name, createdAt, state' }]);
  });
});

describe('dateBound', () => {
  it('reads a date alone as the whole UTC day', () => {
    expect(dateBound('2026-05-01', false)?.toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(dateBound('2026-05-01', true)?.toISOString()).toBe('2026-05-02T00:00:00.000Z');
  });

  it('reads a timestamp as that instant, its end just after it', () => {
    expect(dateBound('2026-05-01T10:30:00Z', false)?.toISOString()).toBe('2026-05-01T10:30:00.000Z');
    expect(dateBound('2026-05-01T10:30:00Z', true)?.toISOString()).toBe('2026-05-01T10:30:00.001Z');
  });

  it('reads nothing as no bound', () => {
    expect(dateBound(undefined, false)).toBeUndefined();
    expect(dateBound('', true)).toBeUndefined();
  });
});

describe('dateRange', () => {
  it('answers the bounds, either side open', () => {
    expect(dateRange({ from: '2026-05-01', to: '2026-05-01' }, 'query')).toEqual({ from: new Date('2026-05-01T00:00:00Z'), toExclusive: new Date('2026-05-02T00:00:00Z') });
    expect(dateRange({ to: '2026-05-01' }, 'query')).toEqual({ from: undefined, toExclusive: new Date('2026-05-02T00:00:00Z') });
    expect(dateRange({}, 'query')).toEqual({ from: undefined, toExclusive: undefined });
  });

  it('refuses an empty range with a 400 naming `to` where the filter arrived', () => {
    const inQuery = refusal(() => dateRange({ from: '2026-05-02', to: '2026-05-01' }, 'query'));
    expect(inQuery.status).toBe(400);
    expect(inQuery.options.errors).toEqual([{ path: 'query.to', message: 'must not be before from' }]);
    expect(refusal(() => dateRange({ from: '2026-05-01T12:00:00Z', to: '2026-05-01T11:00:00Z' }, 'body.orderFilter')).options.errors).toEqual([
      { path: 'body.orderFilter.to', message: 'must not be before from' },
    ]);
  });
});
