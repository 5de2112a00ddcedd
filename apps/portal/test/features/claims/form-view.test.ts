// The read-only form: sections in the form's order, fields by the titles of the version the data was
// entered against, choices by the names the form shows, list items numbered from 1; what publishing
// waits for in plain words; the drivers and vehicles a report can be ordered for.
import { describe, expect, it } from 'vitest';
import { AUTO_LOSS_NOTICE_SCHEMA, AUTO_LOSS_NOTICE_UI_SCHEMA } from '@clearlane/contract/claims';
import type { JsonSchemaObject } from '@clearlane/contract/claim-form/claim-form';
import { formSections, humanizeKey, isEntered, orderedKeys, type ViewGroup, type ViewNode, type ViewValue } from '../../../src/features/claims/form-view.ts';
import { blockerText } from '../../../src/features/claims/publish-blockers.ts';
import { claimDrivers, claimVehicles } from '../../../src/features/claims/claim-subjects.ts';

const schema = AUTO_LOSS_NOTICE_SCHEMA as unknown as JsonSchemaObject;
const uiSchema = AUTO_LOSS_NOTICE_UI_SCHEMA as unknown as Record<string, unknown>;

const notice = {
  // Keys as a jsonb column would hand them back (not in the form's order): the form's order wins.
  vehicles: [{ vin: '1FUJGLDR5CL100001', type: 'Truck', plate: { state: 'NE', number: 'TRK 4410' }, damage: 'Bumper scraped.' }, { type: 'Trailer', vin: '1FUJGLDR8CL200002' }],
  policy: { insurer: 'Great Plains Mutual', policyNumber: 'CA-88120-03', effectiveDate: '2026-01-01' },
  coverages: ['Liability', 'Physical_Damage'],
  drivers: [
    { source: 'COMPANY_DRIVER', personId: '0190a000-0000-7000-8000-000000000001' },
    { source: 'TYPED_IN', firstName: 'Luis', lastName: 'Ortega', dateOfBirth: '1979-07-30', licence: { number: 'D7654321', state: 'CA' } },
    { source: 'TYPED_IN', firstName: 'Ana', lastName: 'Kim' },
  ],
  loss: { occurredAt: '2026-11-20T14:30:00Z', fatalities: 0, injuryTreatedAwayFromScene: false, location: { city: 'Lincoln', state: 'NE' } },
  witnesses: [],
  customNote: 'Kept though the form does not know it',
};

const values = (nodes: ViewNode[]) => nodes.filter((node): node is ViewValue => node.kind === 'value');
const groups = (nodes: ViewNode[]) => nodes.filter((node): node is ViewGroup => node.kind === 'group');
const pairs = (nodes: ViewNode[]) => values(nodes).map((node) => [node.label, node.text]);

describe('formSections', () => {
  const sections = formSections(schema, uiSchema, notice);
  const section = (key: string) => sections.find((candidate) => candidate.key === key)!;

  it('lists the sections in the uiSchema’s order with the schema’s titles, then what the form does not know', () => {
    expect(sections.map((candidate) => candidate.title)).toEqual([
      'Policy', 'Loss', 'Coverages affected', 'Our vehicles', 'Drivers', 'Injured people', 'Witnesses', 'Other parties', 'Hours of service',
      'Post-accident drug and alcohol testing', 'Attachments', 'Custom note',
    ]);
    expect(section('witnesses').nodes).toEqual([]);
    expect(section('hoursOfService').nodes).toEqual([]);
    expect(pairs(section('customNote').nodes)).toEqual([['Custom note', 'Kept though the form does not know it']]);
  });

  it('labels fields by their titles, in the order of the schema, with dates, yes/no and numbers as people read them', () => {
    expect(pairs(section('policy').nodes)).toEqual([
      ['Policy number', 'CA-88120-03'],
      ['Insurance company', 'Great Plains Mutual'],
      ['Effective date', new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2026-01-01T00:00:00Z'))],
    ]);
    const loss = section('loss').nodes;
    expect(pairs(loss)).toEqual([
      ['Date and time of loss', new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-20T14:30:00Z'))],
      ['Fatalities', '0'],
      ['Someone was injured and treated away from the scene', 'No'],
    ]);
    expect(groups(loss).map((group) => [group.label, pairs(group.children)])).toEqual([['Location', [['City', 'Lincoln'], ['State', 'NE']]]]);
  });

  it('names choices as the form does and numbers list items from 1', () => {
    expect(pairs(section('coverages').nodes)).toEqual([['Coverages affected', 'Auto liability, Physical damage']]);
    const vehicles = groups(section('vehicles').nodes);
    expect(vehicles.map((vehicle) => vehicle.label)).toEqual(['Our vehicles › 1', 'Our vehicles › 2']);
    expect(pairs(vehicles[0]!.children)).toEqual([['Type', 'Truck'], ['VIN', '1FUJGLDR5CL100001'], ['Damage', 'Bumper scraped.']]);
    expect(values(vehicles[0]!.children).find((node) => node.label === 'Damage')).toMatchObject({ long: true, path: 'vehicles.0.damage' });
    expect(groups(vehicles[0]!.children).map((group) => [group.label, pairs(group.children)])).toEqual([['Plate', [['Plate number', 'TRK 4410'], ['Plate state', 'NE']]]]);
  });

  it('follows the branch a driver took, and marks the company driver for its own rendering', () => {
    const drivers = groups(section('drivers').nodes);
    expect(values(drivers[0]!.children)).toEqual([
      expect.objectContaining({ label: 'Driver', text: 'One of our drivers' }),
      expect.objectContaining({ label: 'Company driver', widget: 'companyDriver', value: '0190a000-0000-7000-8000-000000000001' }),
    ]);
    expect(pairs(drivers[1]!.children)).toEqual([['Driver', 'Typed in'], ['First name', 'Luis'], ['Last name', 'Ortega'], ['Date of birth', expect.stringMatching(/1979/)]]);
    expect(groups(drivers[1]!.children)[0]).toMatchObject({ label: 'Licence', path: 'drivers.1.licence' });
  });
});

describe('helpers', () => {
  it('orders keys by ui:order with its wildcard', () => {
    const object = { properties: { a: {}, b: {}, c: {}, d: {} } };
    expect(orderedKeys(object, { 'ui:order': ['c', '*', 'a'] }, { e: 1 })).toEqual(['c', 'b', 'd', 'e', 'a']);
    expect(orderedKeys(object, {}, {})).toEqual(['a', 'b', 'c', 'd']);
  });

  it('tells what was entered and names keys without a title', () => {
    expect([undefined, null, '', [], {}, [''], { a: '' }].map(isEntered)).toEqual([false, false, false, false, false, false, false]);
    expect([0, false, 'x', [1], { a: 0 }].map(isEntered)).toEqual([true, true, true, true, true]);
    expect(humanizeKey('vehicleUnit')).toBe('Vehicle unit');
    expect(humanizeKey('naic_code')).toBe('Naic code');
  });
});

describe('blockerText', () => {
  it('names a field of the form by its titles, and says the reports in plain words', () => {
    expect(blockerText({ path: 'formData.policy.insurer', message: 'is required' }, schema)).toBe('Policy › Insurance company is required');
    expect(blockerText({ path: 'formData.vehicles.1.vin', message: 'has a wrong check digit' }, schema)).toBe('Our vehicles › 2 › VIN has a wrong check digit');
    expect(blockerText({ path: 'orders', message: 'attach at least one report before publishing' }, schema)).toBe('Attach at least one report before publishing');
    expect(blockerText({ path: 'orders.0190a000-0000-7000-8000-000000000001', message: 'Dana Reyes (CA D1234567) is Ordered: wait until it completes' }, schema)).toBe(
      'Dana Reyes (CA D1234567) is Ordered: wait until it completes',
    );
    expect(blockerText({ path: 'formData.policy.insurer', message: 'is required' }, undefined)).toBe('policy.insurer is required');
  });
});

describe('the drivers and vehicles a report can be ordered for', () => {
  it('takes company drivers by id, typed-in drivers with what an MVR needs, and says what is missing', () => {
    expect(claimDrivers(notice)).toEqual([
      { index: 0, source: 'company', personId: '0190a000-0000-7000-8000-000000000001' },
      { index: 1, source: 'typed', name: 'Luis Ortega', driver: { firstName: 'Luis', lastName: 'Ortega', dateOfBirth: '1979-07-30', licenceNumber: 'D7654321', licenceState: 'CA' } },
      { index: 2, source: 'incomplete', name: 'Ana Kim', missing: 'date of birth, licence number, licence state' },
    ]);
    expect(claimDrivers({})).toEqual([]);
  });

  it('takes vehicles with a VIN', () => {
    expect(claimVehicles({ vehicles: [{ type: 'Truck', year: 2022, make: 'Freightliner', vin: '1FUJGLDR5CL100001', unitNumber: 'T-41' }, { type: 'Trailer' }] })).toEqual([
      { index: 0, vin: '1FUJGLDR5CL100001', label: 'Truck 2022 Freightliner, unit T-41' },
    ]);
  });
});
