// A business list view is a URL: the search schema keeps what is valid and drops what is not.
import { describe, expect, it } from 'vitest';
import { BUSINESS_SORT_FIELDS } from '@clearlane/contract/businesses';
import { US_STATE_CODES } from '@clearlane/contract/enums';
import { BUSINESS_SORT_KEYS, businessesQueryOf, businessesSearchSchema, STATE_CODES } from '../../../src/features/businesses/businesses-search.ts';

describe('businessesSearchSchema', () => {
  it('keeps a valid view', () => {
    const search = businessesSearchSchema.parse({ page: 1, size: 10, filter: 'freight', state: 'OR', sort: 'name,asc' });
    expect(search).toEqual({ page: 1, size: 10, filter: 'freight', state: 'OR', sort: 'name,asc' });
  });

  it('drops values a hand-edited URL got wrong instead of failing the page', () => {
    const search = businessesSearchSchema.parse({ page: 'two', size: 1000, state: 'XX', sort: 'ein,desc' });
    expect(search).toEqual({ page: undefined, size: undefined, filter: undefined, state: undefined, sort: undefined });
  });
});

describe('businessesQueryOf', () => {
  it('fills in the API defaults: first page (0-based), 20 a page, newest first', () => {
    expect(businessesQueryOf({})).toEqual({ page: 0, size: 20, sort: 'createdAt,desc', filter: undefined, state: undefined });
  });

  it('sends no empty filter', () => {
    expect(businessesQueryOf({ filter: '  ' }).filter).toBeUndefined();
    expect(businessesQueryOf({ filter: ' 12-345 ' }).filter).toBe('12-345');
  });
});

describe('the spelled-out lists', () => {
  it('are the 50 states and DC of the contract, and its sort fields', () => {
    expect([...STATE_CODES].sort()).toEqual([...US_STATE_CODES].sort());
    expect([...BUSINESS_SORT_KEYS].sort()).toEqual([...BUSINESS_SORT_FIELDS].sort());
  });
});

describe('a search of digits', () => {
  it('is kept as text when the URL has it unquoted (?filter=123456789 is read as a number)', () => {
    expect(businessesSearchSchema.parse({ filter: 123456789 }).filter).toBe('123456789');
  });
});
