// The claim form's validators: the precompiled ones are the contract's schema compiled (and stay
// so), they agree with the server's rules (draft vs full, inapplicable branches left out), and the
// server's field errors land on the fields.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { AUTO_LOSS_NOTICE_SCHEMA } from '@clearlane/contract/claim-form/auto-loss-notice';
import { PRECOMPILED, VALIDATORS_DIR, compileValidatorModule } from '../../../build/compile-claim-validators.ts';
import { claimFormValidation } from '../../../src/features/claims/form/claim-validators.ts';
import { checkClaimForm, errorListOf, errorsOf, serverErrorsOf, withoutEmptyGroups, withRequiredGroups } from '../../../src/features/claims/form/claim-form-errors.ts';

const schema = AUTO_LOSS_NOTICE_SCHEMA as unknown as RJSFSchema;
const clone = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A complete notice: a truck and a trailer, a company driver and a typed-in one. */
export const COMPLETE_NOTICE = {
  policy: { policyNumber: 'CA-88120-03', insurer: 'Great Plains Mutual', effectiveDate: '2026-01-01', expirationDate: '2027-01-01' },
  loss: { occurredAt: '2026-11-20T14:30:00.000Z', location: { city: 'Lincoln', state: 'NE' }, description: 'Rear-ended at a light.', fatalities: 0 },
  coverages: ['Physical_Damage'],
  vehicles: [{ type: 'Truck', vin: '1XKWD49XXFJ439915' }, { type: 'Trailer', vin: '1JJV532D2FL912345' }],
  drivers: [
    { source: 'COMPANY_DRIVER', personId: '6f1c1f0e-8a37-4f55-9c1e-1d3a2b4c5d6e' },
    { source: 'TYPED_IN', firstName: 'Ana', lastName: 'Ruiz', licence: { number: 'R1234567', state: 'NE' } },
  ],
};

describe('precompiled claim validators', () => {
  it('are the contract schema compiled: regenerating them changes nothing (run `npm run claim-validators -w @clearlane/portal` when this fails)', () => {
    for (const { file, schema: schemaOf, what } of PRECOMPILED) {
      expect(readFileSync(join(VALIDATORS_DIR, file), 'utf8'), file).toBe(compileValidatorModule(schemaOf(), what));
    }
  });

  it('check the built-in form in the browser; any other version is left to the server', () => {
    expect(claimFormValidation(clone(schema)).checkedHere).toBe(true);
    const companyVersion = { ...clone(schema), title: 'Our own loss notice' };
    const other = claimFormValidation(companyVersion);
    expect(other.checkedHere).toBe(false);
    expect(checkClaimForm(other.full, other.schema, {})).toEqual({});
    // …but it still answers which branch of a choice applies (the typed-in driver's fields).
    const driverItems = (companyVersion.properties!.drivers as RJSFSchema).items as RJSFSchema;
    const typedIn = { type: 'object', properties: { source: { enum: ['TYPED_IN'] } } } as RJSFSchema;
    expect(other.full.isValid(typedIn, { source: 'TYPED_IN' }, companyVersion)).toBe(true);
    expect(other.full.isValid(typedIn, { source: 'COMPANY_DRIVER' }, companyVersion)).toBe(false);
    expect(driverItems.dependencies).toBeDefined();
  });

  it('the full check passes a complete notice and names every missing field of an empty one', () => {
    const { full, schema: fullSchema } = claimFormValidation(schema);
    expect(errorsOf(checkClaimForm(full, fullSchema, clone(COMPLETE_NOTICE), new Date('2026-11-21T00:00:00Z')))).toEqual([]);
    const paths = errorsOf(checkClaimForm(full, fullSchema, {})).map((error) => error.path);
    expect(paths).toEqual(expect.arrayContaining(['policy', 'loss', 'coverages', 'vehicles', 'drivers']));
    // A required group not entered at all is checked as an empty one: each of its fields is named.
    const byField = errorsOf(checkClaimForm(full, fullSchema, withRequiredGroups({}, fullSchema))).map((error) => error.path);
    expect(byField).toEqual(expect.arrayContaining(['policy.policyNumber', 'policy.insurer', 'loss.occurredAt', 'loss.location.city', 'coverages']));
    expect(byField).not.toContain('policy');
  });

  it('the draft check accepts a half-filled notice but not a wrong value', () => {
    const { draft, draftSchema } = claimFormValidation(schema);
    expect(errorsOf(checkClaimForm(draft, draftSchema, { policy: { policyNumber: 'CA-1' }, vehicles: [{}] }))).toEqual([]);
    const errors = errorsOf(checkClaimForm(draft, draftSchema, { policy: { effectiveDate: 'soon' }, vehicles: [{ vin: 'SHORT' }] }));
    expect(errors).toEqual(expect.arrayContaining([
      { path: 'policy.effectiveDate', message: 'must be a date' },
      expect.objectContaining({ path: 'vehicles.0.vin' }),
    ]));
  });

  it('a picked company driver is told only that the driver is missing, not the typed-in fields', () => {
    const { full, schema: fullSchema } = claimFormValidation(schema);
    const notice = clone(COMPLETE_NOTICE);
    notice.drivers[0] = { source: 'COMPANY_DRIVER' } as never;
    const driverErrors = errorsOf(checkClaimForm(full, fullSchema, notice, new Date('2026-11-21T00:00:00Z'))).filter((error) => error.path.startsWith('drivers'));
    expect(driverErrors).toEqual([{ path: 'drivers.0.personId', message: 'is required' }]);
  });

  it('adds the checks JSON Schema cannot make: a VIN check digit, dates against each other', () => {
    const { draft, draftSchema } = claimFormValidation(schema);
    const errors = errorsOf(checkClaimForm(draft, draftSchema, {
      policy: { effectiveDate: '2026-06-01', expirationDate: '2026-01-01' },
      vehicles: [{ vin: '1XKWD49X2FJ439915' }],
    }));
    expect(errors.map((error) => error.path)).toEqual(expect.arrayContaining(['policy.expirationDate', 'vehicles.0.vin']));
  });

  it('requires the hours of service after a DOT-recordable accident (an if/then of the root)', () => {
    const { full, schema: fullSchema } = claimFormValidation(schema);
    const notice = clone(COMPLETE_NOTICE) as Record<string, any>;
    notice.loss.vehicleTowedWithDisablingDamage = true;
    expect(errorsOf(checkClaimForm(full, fullSchema, notice, new Date('2026-11-21T00:00:00Z'))).map((error) => error.path)).toContain('hoursOfService');
  });
});

describe('server errors on the fields', () => {
  it('maps body.formData paths and publish blockers onto the form, and keeps the rest apart', () => {
    const { errorSchema, other } = serverErrorsOf([
      { path: 'body.formData.vehicles.0.vin', message: 'must be 17 characters' },
      { path: 'formData.policy.insurer', message: 'is required' },
      { path: 'body.formData', message: 'is too large' },
      { path: 'orders', message: 'at least one report must be attached' },
    ]);
    expect(errorSchema).toEqual({
      __errors: ['is too large'],
      vehicles: { 0: { vin: { __errors: ['must be 17 characters'] } } },
      policy: { insurer: { __errors: ['is required'] } },
    });
    expect(other).toEqual([{ path: 'orders', message: 'at least one report must be attached' }]);
    expect(errorListOf(errorSchema, schema).map((error) => error.label)).toEqual(['Our vehicles › 1 › VIN', 'Policy › Insurance company', 'The form']);
  });
});

describe('form data as saved', () => {
  it('drops groups left empty but keeps list items where they are', () => {
    expect(withoutEmptyGroups({ policy: { policyNumber: 'CA-1', agency: undefined }, hoursOfService: {}, postAccidentTesting: { alcohol: {} }, vehicles: [{}, { vin: 'X' }] }))
      .toEqual({ policy: { policyNumber: 'CA-1' }, vehicles: [{}, { vin: 'X' }] });
  });

  it("drops a group holding nothing but the form's own defaults, keeps it once something is entered", () => {
    const defaults = { postAccidentTesting: { alcohol: { performed: false } }, loss: { fatalities: 0 } };
    expect(withoutEmptyGroups({ postAccidentTesting: { alcohol: { performed: false } }, loss: { fatalities: 0, description: 'x' } }, defaults))
      .toEqual({ loss: { fatalities: 0, description: 'x' } });
    expect(withoutEmptyGroups({ postAccidentTesting: { alcohol: { performed: false, reasonNotPerformed: 'No site open' } } }, defaults))
      .toEqual({ postAccidentTesting: { alcohol: { performed: false, reasonNotPerformed: 'No site open' } } });
  });
});
