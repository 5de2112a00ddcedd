// A user list view is a URL: the search schema keeps what is valid and drops what is not.
import { describe, expect, it } from 'vitest';
import { usersQueryOf, usersSearchSchema } from '../../src/features/users/users-search.ts';
import { parseSearch } from '../../src/lib/search-params.ts';

describe('usersSearchSchema', () => {
  it('keeps a valid view', () => {
    const search = usersSearchSchema.parse({ page: 2, size: 50, filter: 'ada', role: 'Company Admin', status: 'INVITED', sort: 'email,desc' });
    expect(search).toEqual({ page: 2, size: 50, filter: 'ada', role: 'Company Admin', status: 'INVITED', sort: 'email,desc' });
  });

  it('drops values a hand-edited URL got wrong instead of failing the page', () => {
    const search = usersSearchSchema.parse({ page: -1, size: 7, role: 'Boss', status: 'GONE', sort: 'password,asc' });
    expect(search).toEqual({ page: undefined, size: undefined, role: undefined, status: undefined, sort: undefined, filter: undefined });
  });
});

describe('usersQueryOf', () => {
  it('fills in the API defaults: first page (0-based), 20 a page, newest first', () => {
    expect(usersQueryOf({})).toEqual({ page: 0, size: 20, sort: 'createdAt,desc', filter: undefined, role: undefined, status: undefined });
  });

  it('sends no empty filter', () => {
    expect(usersQueryOf({ filter: '   ' }).filter).toBeUndefined();
    expect(usersQueryOf({ filter: ' ada ' }).filter).toBe('ada');
  });
});

describe('a digit-only search in the URL', () => {
  it('is kept as text: the router reads ?filter=12345 as a number', () => {
    expect(usersSearchSchema.parse({ filter: 12345 }).filter).toBe('12345');
    expect(usersQueryOf(usersSearchSchema.parse({ filter: 12345 })).filter).toBe('12345');
    expect(usersSearchSchema.parse(parseSearch('?filter=12345&page=1'))).toMatchObject({ filter: '12345', page: 1 });
  });
});
