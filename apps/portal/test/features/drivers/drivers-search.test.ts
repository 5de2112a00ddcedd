// A driver list view is a URL: the search schema keeps what is valid and drops what is not.
import { describe, expect, it } from 'vitest';
import { US_STATE_CODES } from '@clearlane/contract/enums';
import { PERSON_SORT_FIELDS } from '@clearlane/contract/persons';
import { DRIVER_SORT_KEYS, driversQueryOf, driversSearchSchema, STATE_CODES } from '../../../src/features/drivers/drivers-search.ts';

describe('driversSearchSchema', () => {
  it('keeps a valid view', () => {
    const search = driversSearchSchema.parse({ page: 3, size: 50, filter: 'smith', licenceState: 'TX', sort: 'dateOfBirth,asc' });
    expect(search).toEqual({ page: 3, size: 50, filter: 'smith', licenceState: 'TX', sort: 'dateOfBirth,asc' });
  });

  it('drops values a hand-edited URL got wrong instead of failing the page', () => {
    const search = driversSearchSchema.parse({ page: -2, size: 15, filter: 'x'.repeat(101), licenceState: 'PR', sort: 'licenceNumber,asc' });
    expect(search).toMatchObject({ page: undefined, size: undefined, filter: undefined, licenceState: undefined, sort: undefined });
  });

  it('keeps the qualification and monitoring filters the home page links to, and their sorts', () => {
    const search = driversSearchSchema.parse({ qualification: 'NOT_QUALIFIED', monitoring: 'PENDING', reviewDue: true, openAlerts: false, sort: 'annualReviewDueOn,asc' });
    expect(search).toMatchObject({ qualification: 'NOT_QUALIFIED', monitoring: 'PENDING', reviewDue: true, openAlerts: false, sort: 'annualReviewDueOn,asc' });
    expect(driversSearchSchema.parse({ sort: 'qualification,desc' }).sort).toBe('qualification,desc');
    expect(driversSearchSchema.parse({ sort: 'lastMvrDate,desc' }).sort).toBe('lastMvrDate,desc');
    // ?reviewDue=yes and an unknown status are dropped, not an error page.
    expect(driversSearchSchema.parse({ qualification: 'MAYBE', monitoring: 'ACTIVE', reviewDue: 'yes', openAlerts: 1 })).toMatchObject({
      qualification: undefined, monitoring: undefined, reviewDue: undefined, openAlerts: undefined,
    });
  });

  it('refuses a sort direction other than asc or desc', () => {
    expect(driversSearchSchema.parse({ sort: 'lastName,up' }).sort).toBeUndefined();
    expect(driversSearchSchema.parse({ sort: 'lastName' }).sort).toBeUndefined();
  });
});

describe('driversQueryOf', () => {
  it('fills in the API defaults: first page (0-based), 20 a page, newest first', () => {
    expect(driversQueryOf({})).toEqual({
      page: 0, size: 20, sort: 'createdAt,desc', filter: undefined, licenceState: undefined, qualification: undefined, monitoring: undefined, reviewDue: undefined,
      openAlerts: undefined,
    });
  });

  it('sends the qualification and monitoring filters as the API reads them', () => {
    expect(driversQueryOf({ qualification: 'ATTENTION', monitoring: 'NONE', reviewDue: true, openAlerts: true })).toMatchObject({
      qualification: 'ATTENTION', monitoring: 'NONE', reviewDue: true, openAlerts: true,
    });
  });

  it('sends no empty filter', () => {
    expect(driversQueryOf({ filter: '   ' }).filter).toBeUndefined();
    expect(driversQueryOf({ filter: ' smith ' }).filter).toBe('smith');
  });
});

describe('the spelled-out lists', () => {
  it('are the 50 states and DC of the contract, and its sort fields', () => {
    expect(STATE_CODES).toHaveLength(51);
    expect([...STATE_CODES].sort()).toEqual([...US_STATE_CODES].sort());
    expect([...DRIVER_SORT_KEYS].sort()).toEqual([...PERSON_SORT_FIELDS].sort());
  });
});

describe('a search of digits', () => {
  it('is kept as text when the URL has it unquoted (?filter=12345678 is read as a number)', () => {
    expect(driversSearchSchema.parse({ filter: 12345678 }).filter).toBe('12345678');
    expect(driversQueryOf(driversSearchSchema.parse({ filter: 12345678 })).filter).toBe('12345678');
  });
});
