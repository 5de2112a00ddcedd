// The order list's view is a URL: every filter maps to a search param and back, bad params fall back
// to the defaults instead of failing the page, and the API gets exactly the filters in the URL.
import { describe, expect, it } from 'vitest';
import {
  hasOrderFilters, isCalendarDate, isReviewedOf, orderTypeParamOf, orderTypesOf, ordersQueryOf, ordersSearchSchema, reviewedChoiceOf, type OrdersSearch,
} from '../../../src/features/orders/orders-search.ts';

describe('ordersSearchSchema', () => {
  it('keeps every valid filter of a view', () => {
    const view = {
      page: 2, size: 50, sort: 'subjectLabel,asc', filter: 'major', type: 'MVR_WITH_ADJUDICATION', status: 'Complete', outcome: 'Fail',
      isReviewed: false, from: '2025-01-01', to: '2025-01-31', tag: 'fleet-a',
    };
    expect(ordersSearchSchema.parse(view)).toEqual(view);
  });

  it('drops what a hand-edited URL got wrong, one param at a time', () => {
    const search = ordersSearchSchema.parse({
      page: -3, size: 7, sort: 'password,asc', type: 'PIZZA', status: 'Done', outcome: 'Maybe', isReviewed: 'sometimes',
      from: '2025-02-30', to: 'yesterday', filter: 'x'.repeat(101), tag: 'fleet-a',
    });
    expect(search).toEqual({
      page: undefined, size: undefined, sort: undefined, type: undefined, status: undefined, outcome: undefined, isReviewed: undefined,
      from: undefined, to: undefined, filter: undefined, tag: 'fleet-a',
    });
  });

  it('keeps one order type as a value and several as a list, dropping wrong and repeated ones', () => {
    expect(ordersSearchSchema.parse({ type: 'VIN_REPORT' }).type).toBe('VIN_REPORT');
    expect(ordersSearchSchema.parse({ type: ['MVR', 'PIZZA', 'MVR_WITH_ADJUDICATION', 'MVR'] }).type).toEqual(['MVR', 'MVR_WITH_ADJUDICATION']);
    expect(ordersSearchSchema.parse({ type: ['PIZZA', 'VIN_REPORT'] }).type).toBe('VIN_REPORT');
    expect(ordersSearchSchema.parse({ type: ['PIZZA'] }).type).toBeUndefined();
    expect(ordersSearchSchema.parse({ type: [] }).type).toBeUndefined();
    // The API gets them as they are: a repeated ?type= for a list.
    expect(ordersQueryOf({ type: ['MVR', 'VIN_REPORT'] }).type).toEqual(['MVR', 'VIN_REPORT']);
  });

  it('keeps a report group\'s id (not anything else) and sends it to the API; clearing the filters clears it', () => {
    const id = '01a2075e-609a-79d9-a24e-c20369a74100';
    expect(ordersSearchSchema.parse({ reportGroupId: id }).reportGroupId).toBe(id);
    expect(ordersSearchSchema.parse({ reportGroupId: 'drivers.csv' }).reportGroupId).toBeUndefined();
    expect(ordersQueryOf({ reportGroupId: id }).reportGroupId).toBe(id);
    expect(hasOrderFilters({ reportGroupId: id })).toBe(true);
  });

  it('turns the type picker\'s choice into the URL and back', () => {
    expect(orderTypesOf(undefined)).toEqual([]);
    expect(orderTypesOf('MVR')).toEqual(['MVR']);
    expect(orderTypesOf(['MVR', 'VIN_REPORT'])).toEqual(['MVR', 'VIN_REPORT']);
    expect(orderTypeParamOf([])).toBeUndefined();
    expect(orderTypeParamOf(['MVR'])).toBe('MVR');
    expect(orderTypeParamOf(['MVR', 'VIN_REPORT'])).toEqual(['MVR', 'VIN_REPORT']);
  });

  it('reads numbers the router parsed out of ?filter=123 back as text', () => {
    expect(ordersSearchSchema.parse({ filter: 123, tag: 2024 })).toMatchObject({ filter: '123', tag: '2024' });
  });

  it('an empty URL is the default view', () => {
    expect(ordersSearchSchema.parse({})).toEqual({
      page: undefined, size: undefined, sort: undefined, filter: undefined, type: undefined, status: undefined, outcome: undefined,
      isReviewed: undefined, from: undefined, to: undefined, tag: undefined,
    });
  });
});

describe('ordersQueryOf', () => {
  it('fills in the API defaults: first page (0-based), 20 a page, newest first, no filters', () => {
    expect(ordersQueryOf({})).toEqual({
      page: 0, size: 20, sort: 'createdAt,desc', filter: undefined, type: undefined, status: undefined, outcome: undefined,
      isReviewed: undefined, from: undefined, to: undefined, tag: undefined,
    });
  });

  it('passes every filter of the URL to the API under the API’s own names', () => {
    const search: OrdersSearch = { outcome: 'Fail', isReviewed: true, type: 'VIN_REPORT', status: 'Error', from: '2025-03-01', to: '2025-03-02', tag: 'x', filter: 'ab', page: 1, size: 10, sort: 'status,asc' };
    expect(ordersQueryOf(search)).toEqual({ ...search });
  });

  it('sends no empty or blank text', () => {
    expect(ordersQueryOf({ filter: '   ', tag: ' ' })).toMatchObject({ filter: undefined, tag: undefined });
    expect(ordersQueryOf({ filter: ' smith ' }).filter).toBe('smith');
  });

  it('a range typed backwards still means between those two days', () => {
    expect(ordersQueryOf({ from: '2025-05-10', to: '2025-05-01' })).toMatchObject({ from: '2025-05-01', to: '2025-05-10' });
    expect(ordersQueryOf({ from: '2025-05-01' })).toMatchObject({ from: '2025-05-01', to: undefined });
  });
});

describe('the reviewed control (any / yes / no)', () => {
  it('maps to isReviewed and back', () => {
    for (const choice of ['any', 'yes', 'no'] as const) expect(reviewedChoiceOf(isReviewedOf(choice))).toBe(choice);
    expect(isReviewedOf('no')).toBe(false);
    expect(isReviewedOf('any')).toBeUndefined();
  });
});

describe('hasOrderFilters', () => {
  it('counts filters, not paging or sorting; "not reviewed" is a filter', () => {
    expect(hasOrderFilters({ page: 3, sort: 'type,asc', size: 50 })).toBe(false);
    expect(hasOrderFilters({ isReviewed: false })).toBe(true);
    expect(hasOrderFilters({ tag: 'fleet-a' })).toBe(true);
  });
});

describe('isCalendarDate', () => {
  it('accepts real days only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-1-5')).toBe(false);
  });
});
