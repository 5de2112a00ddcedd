// The router's search params: JSON values as TanStack reads them, except numbers that would not read
// back as typed; what the app writes reads back the same; free text takes numbers back as text.
import { describe, expect, it } from 'vitest';
import { parseSearch, searchText, stringifySearch } from '../src/lib/search-params.ts';

describe('parseSearch', () => {
  it('reads numbers, booleans and quoted strings as JSON', () => {
    expect(parseSearch('?page=2&isReviewed=false&filter=%22123%22&sort=name,asc')).toEqual({ page: 2, isReviewed: false, filter: '123', sort: 'name,asc' });
  });

  it('keeps a number that would not read back as typed as the text typed', () => {
    expect(parseSearch('?a=1e3&b=1.50&c=12345678901234567890&d=00123&e=-0')).toEqual({ a: '1e3', b: '1.50', c: '12345678901234567890', d: '00123', e: '-0' });
  });
});

describe('stringifySearch', () => {
  it.each(['123', '1e3', 'true', 'smith', '12-345', '00123'])('writes %s so that it reads back as the same text', (filter) => {
    expect(parseSearch(stringifySearch({ filter }))).toEqual({ filter });
  });
});

describe('searchText', () => {
  it('takes a number or a boolean back as text and limits the length', () => {
    expect(searchText(10)(12345)).toBe('12345');
    expect(searchText(10)(true)).toBe('true');
    expect(searchText(10)('smith')).toBe('smith');
    expect(searchText(3)('smith')).toBeUndefined();
    expect(searchText(10)({ a: 1 })).toBeUndefined();
  });
});
