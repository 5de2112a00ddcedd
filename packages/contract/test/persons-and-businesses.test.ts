import { describe, expect, it } from 'vitest';
import { CreatePersonBodySchema, fullNameOf, PersonListFilterSchema } from '../src/persons.ts';
import { CreateBusinessBodySchema } from '../src/businesses.ts';
import { CreateTagBodySchema } from '../src/tags.ts';

const driver = { firstName: ' Dana ', lastName: 'Reyes', dateOfBirth: '1988-04-12', licenceNumber: 'd123-4567', licenceState: 'CA' };
const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('person bodies', () => {
  it('accepts a driver and normalises names and the licence number', () => {
    expect(CreatePersonBodySchema.parse(driver)).toEqual({ ...driver, firstName: 'Dana', licenceNumber: 'D1234567' });
  });

  it("names the state's format when the licence number does not fit it", () => {
    expect(issuesOf(CreatePersonBodySchema.safeParse({ ...driver, licenceNumber: '12345678' }))).toEqual([
      ['licenceNumber', 'California licence numbers are 1 letter and 7 digits (for example D1234567).'],
    ]);
  });

  it('reports every bad field at once, the licence included', () => {
    const issues = issuesOf(CreatePersonBodySchema.safeParse({ ...driver, firstName: '', dateOfBirth: '2999-01-01', licenceNumber: '1', email: 'nope', phone: '555' }));
    expect(issues.map(([path]) => path).sort()).toEqual(['dateOfBirth', 'email', 'firstName', 'licenceNumber', 'phone']);
    expect(issues).toContainEqual(['dateOfBirth', 'The date of birth is in the future.']);
  });

  it('refuses an unknown state without a second message about the licence', () => {
    expect(issuesOf(CreatePersonBodySchema.safeParse({ ...driver, licenceState: 'PR' })).map(([path]) => path)).toEqual(['licenceState']);
  });

  it('filters by a known state only', () => {
    expect(PersonListFilterSchema.safeParse({ licenceState: 'ZZ' }).success).toBe(false);
    expect(PersonListFilterSchema.parse({ filter: '  reyes ', licenceState: 'TX' })).toEqual({ filter: 'reyes', licenceState: 'TX' });
  });

  it('reads a full name with or without a middle name', () => {
    expect(fullNameOf({ firstName: 'Dana', middleName: 'Q', lastName: 'Reyes' })).toBe('Dana Q Reyes');
    expect(fullNameOf({ firstName: 'Dana', middleName: null, lastName: 'Reyes' })).toBe('Dana Reyes');
  });
});

describe('business bodies', () => {
  const business = { name: 'Acme Freight LLC', ein: '12-3456789', state: 'TX' };

  it('stores the EIN as its 9 digits', () => {
    expect(CreateBusinessBodySchema.parse(business).ein).toBe('123456789');
    expect(CreateBusinessBodySchema.parse({ ...business, ein: '123456789' }).ein).toBe('123456789');
  });

  it('refuses an EIN prefix the IRS never issues, a long DOT number and a bad ZIP', () => {
    expect(issuesOf(CreateBusinessBodySchema.safeParse({ ...business, ein: '00-1234567', dotNumber: '123456789', postalCode: '7870' }))).toEqual([
      ['ein', 'No EIN begins with 00; check the first two digits.'],
      ['dotNumber', 'A USDOT number has 1 to 8 digits.'],
      ['postalCode', 'A ZIP code has 5 digits, or 5+4 written 12345-6789.'],
    ]);
  });

  it('accepts ZIP+4', () => {
    expect(CreateBusinessBodySchema.parse({ ...business, postalCode: '78701-1234' }).postalCode).toBe('78701-1234');
  });
});

describe('tag bodies', () => {
  it('defaults to a visible gray tag', () => {
    expect(CreateTagBodySchema.parse({ name: ' Urgent ' })).toEqual({ name: 'Urgent', color: 'gray', visible: true });
    expect(CreateTagBodySchema.safeParse({ name: '' }).success).toBe(false);
  });
});
