// The order forms' models: what each form refuses as it is typed, in the contract's words, and the
// API call it makes of valid values (the Texas record type only for a Texas licence).
import { describe, expect, it } from 'vitest';
import { EMPTY_MVR_ORDER, asksTexasRecordType, orderedLicenceState, toMvrOrderRequest, validateMvrOrder, type MvrOrderValues } from '../../../../src/features/orders/place/forms/mvr-order-form.ts';
import { EMPTY_BUSINESS_RISK, EMPTY_PERSON_RISK, toBusinessRiskRequest, toPersonRiskRequest, validateBusinessRisk, validatePersonRisk } from '../../../../src/features/orders/place/forms/risk-order-forms.ts';
import { fieldOfProblemPath, tagsProblem } from '../../../../src/features/orders/place/forms/shared.ts';
import { toVehicleOrderBody, validateVinOrder, vinProblem, vinProgress, vinTypingProblem } from '../../../../src/features/orders/place/forms/vin-order-form.ts';

const PERSON_ID = '01a2075e-609a-79d9-a24e-c20369a7415d';

const newDriver = (overrides: Partial<MvrOrderValues> = {}): MvrOrderValues => ({
  ...EMPTY_MVR_ORDER,
  driverSource: 'new',
  firstName: 'Casey',
  lastName: 'Major',
  dateOfBirth: '1984-02-17',
  licenceState: 'CA',
  licenceNumber: 'D1234563',
  permissiblePurpose: 'WRITTEN_CONSENT',
  ...overrides,
});

describe('the MVR order form', () => {
  it('names the chosen state’s licence format when the number does not fit it', () => {
    expect(validateMvrOrder(newDriver({ licenceNumber: '12345678' })).licenceNumber).toBe(
      'California licence numbers are 1 letter and 7 digits (for example D1234567).',
    );
    // The same number is right for Texas, and a Californian one is not.
    expect(validateMvrOrder(newDriver({ licenceState: 'TX', licenceNumber: '12345678' })).licenceNumber).toBeUndefined();
    expect(validateMvrOrder(newDriver({ licenceState: 'TX', licenceNumber: 'D1234563' })).licenceNumber).toBe(
      'Texas licence numbers are 7 or 8 digits (for example 12345678).',
    );
  });

  it('accepts a complete typed-in driver and says what is missing otherwise', () => {
    expect(validateMvrOrder(newDriver())).toEqual({});
    const errors = validateMvrOrder({ ...EMPTY_MVR_ORDER, driverSource: 'new', ruleNamespace: 'Not A Namespace' });
    expect(errors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      dateOfBirth: 'Enter the date of birth as YYYY-MM-DD.',
      licenceState: 'Choose the state that issued the licence',
      licenceNumber: 'Licence number is required',
      permissiblePurpose: 'Choose the permissible purpose of this order',
      ruleNamespace: 'The ruleset name must be lowercase letters, digits and hyphens',
    });
    expect(validateMvrOrder(newDriver({ dateOfBirth: '2024-02-30' })).dateOfBirth).toBe('That date does not exist.');
  });

  it('asks for a driver of the company when none is picked, and checks the ruleset only with auto-adjudication', () => {
    expect(validateMvrOrder({ ...EMPTY_MVR_ORDER, permissiblePurpose: 'INSURANCE' }).personId).toBe('Choose a driver, or type in a new one');
    expect(validateMvrOrder({ ...EMPTY_MVR_ORDER, permissiblePurpose: 'INSURANCE', personId: PERSON_ID })).toEqual({});
    expect(validateMvrOrder(newDriver({ isAutoAdjudicated: false, ruleNamespace: 'Not A Namespace' })).ruleNamespace).toBeUndefined();
  });

  it('asks for the Texas record type only for a Texas licence, typed in or of the picked driver', () => {
    expect(asksTexasRecordType(orderedLicenceState(newDriver({ licenceState: 'TX' }), undefined))).toBe(true);
    expect(asksTexasRecordType(orderedLicenceState(newDriver({ licenceState: 'CA' }), 'TX'))).toBe(false);
    const picked = { ...EMPTY_MVR_ORDER, personId: PERSON_ID };
    expect(asksTexasRecordType(orderedLicenceState(picked, 'TX'))).toBe(true);
    expect(asksTexasRecordType(orderedLicenceState(picked, 'NV'))).toBe(false);
    // Nothing picked yet: the state is unknown, whatever the last loaded driver was.
    expect(orderedLicenceState(EMPTY_MVR_ORDER, 'TX')).toBe('');
  });

  it('sends the Texas record type for a Texas licence only, and the ruleset only with auto-adjudication', () => {
    const texan = toMvrOrderRequest(newDriver({ licenceState: 'TX', licenceNumber: '1234 5673', texasRecordType: 'TYPE_3_CERTIFIED_THREE_YEAR' }), undefined);
    expect(texan).toEqual({
      isAutoAdjudicated: true,
      ruleNamespace: 'default',
      body: {
        driver: { firstName: 'Casey', lastName: 'Major', dateOfBirth: '1984-02-17', licenceState: 'TX', licenceNumber: '12345673' },
        permissiblePurpose: 'WRITTEN_CONSENT',
        texasRecordType: 'TYPE_3_CERTIFIED_THREE_YEAR',
      },
    });
    const californian = toMvrOrderRequest(newDriver({ texasRecordType: 'TYPE_1_STATUS', isAutoAdjudicated: false, tags: ['onboarding'], mvrExternalReferenceId: 'APP-7' }), undefined);
    expect(californian).toEqual({
      isAutoAdjudicated: false,
      body: {
        driver: expect.objectContaining({ licenceState: 'CA', licenceNumber: 'D1234563' }),
        permissiblePurpose: 'WRITTEN_CONSENT',
        mvrExternalReferenceId: 'APP-7',
        tags: ['onboarding'],
      },
    });
    expect(californian.body).not.toHaveProperty('texasRecordType');
    const picked = toMvrOrderRequest({ ...EMPTY_MVR_ORDER, personId: PERSON_ID, permissiblePurpose: 'INSURANCE' }, 'TX');
    expect(picked.body).toEqual({ personId: PERSON_ID, permissiblePurpose: 'INSURANCE', texasRecordType: 'TYPE_2_THREE_YEAR' });
  });
});

describe('the VIN order form', () => {
  it('says which character is probably wrong when the check digit does not match', () => {
    const message = 'The check digit (9th character) is 1 but should be X: a character is probably mistyped.';
    expect(vinTypingProblem('1M8GDM9A1KP042788')).toBe(message);
    expect(validateVinOrder({ vin: '1m8gdm9a1kp042788', tags: [] })).toEqual({ vin: message });
    expect(validateVinOrder({ vin: '1M8GDM9AXKP042788', tags: [] })).toEqual({});
    expect(toVehicleOrderBody({ vin: ' 1m8gdm9axkp042788 ', tags: [] })).toEqual({ vin: '1M8GDM9AXKP042788' });
  });

  it('does not call a short VIN wrong while it is typed, but does a forbidden letter at once', () => {
    expect(vinTypingProblem('1M8GD')).toBeNull();
    expect(vinProgress('1M8GD')).toBe('5 of 17 typed');
    expect(vinTypingProblem('1M8GO')).toBe('A VIN never contains the letters I, O or Q (found O); check for 1 and 0.');
    expect(vinTypingProblem('1M8GDM9AXKP0427881')).toBe('A VIN has 17 characters; this one has 18.');
    // On submit (and on leaving the field) a short VIN is wrong.
    expect(vinProblem('1M8GD')).toBe('A VIN has 17 characters; this one has 5.');
    expect(vinProblem('  ')).toBe('Enter the vehicle identification number (17 characters).');
  });
});

describe('the risk order forms', () => {
  it('check a typed-in person with the contract and name the definition only when it is not the standard one', () => {
    expect(validatePersonRisk({ ...EMPTY_PERSON_RISK, personSource: 'new', firstName: 'Ada', dateOfBirth: '1990-13-01' })).toEqual({
      lastName: 'Last name is required',
      dateOfBirth: 'That date does not exist.',
      state: 'Choose the state the person lives in',
    });
    const typedIn = { ...EMPTY_PERSON_RISK, personSource: 'new' as const, firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-03', state: 'NV' as const };
    expect(validatePersonRisk(typedIn)).toEqual({});
    expect(toPersonRiskRequest(typedIn)).toEqual({
      body: { person: { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-03', state: 'NV' } },
      riskAssessmentDefinitionName: undefined,
    });
    expect(toPersonRiskRequest({ ...EMPTY_PERSON_RISK, personId: PERSON_ID, definitionName: 'fleet-plus' })).toEqual({
      body: { personId: PERSON_ID },
      riskAssessmentDefinitionName: 'fleet-plus',
    });
    expect(validatePersonRisk({ ...EMPTY_PERSON_RISK, personId: PERSON_ID, definitionName: '-bad' }).definitionName).toBe(
      'Assessment definition must be letters, digits, spaces, dots, hyphens or underscores (at most 80)',
    );
  });

  it('needs a business for a business risk order', () => {
    expect(validateBusinessRisk(EMPTY_BUSINESS_RISK)).toEqual({ businessId: 'Choose the business to assess' });
    expect(toBusinessRiskRequest({ ...EMPTY_BUSINESS_RISK, businessId: PERSON_ID, tags: ['carriers'] })).toEqual({
      body: { businessId: PERSON_ID, tags: ['carriers'] },
      riskAssessmentDefinitionName: undefined,
    });
  });
});

describe('what the forms share', () => {
  it('limit tags to ten valid names', () => {
    expect(tagsProblem(['a', 'b'])).toBeNull();
    expect(tagsProblem(Array.from({ length: 11 }, (_, index) => `tag-${index}`))).toBe('An order takes at most 10 tags.');
    expect(tagsProblem(['x'.repeat(41)])).toMatch(/must be at most 40 characters$/);
  });

  it('find the field a server problem is about', () => {
    const fields = ['licenceNumber', 'personId', 'tags', 'ruleNamespace'] as const;
    expect(fieldOfProblemPath('body.driver.licenceNumber', fields)).toBe('licenceNumber');
    expect(fieldOfProblemPath('body.tags.3', fields)).toBe('tags');
    expect(fieldOfProblemPath('query.ruleNamespace', fields)).toBe('ruleNamespace');
    expect(fieldOfProblemPath('body', fields)).toBeUndefined();
  });
});
