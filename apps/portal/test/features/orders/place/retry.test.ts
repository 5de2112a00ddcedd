// "Place the order again" turns the order's stored input back into its form's values: nothing the
// user chose is lost (purpose, reference, tags, ruleset), and what cannot be used is left to choose.
import { describe, expect, it } from 'vitest';
import { businessRiskValuesOf, mvrRetryAdvice, mvrValuesOf, personRiskValuesOf, vinValuesOf, type RetriedOrder } from '../../../../src/features/orders/place/forms/retry.ts';

const PERSON_ID = '01a2075e-609a-79d9-a24e-c20369a74111';
const driver = { firstName: 'Tex', middleName: 'A', lastName: 'Ranger', dateOfBirth: '1980-05-06', licenceState: 'TX', licenceNumber: '12345678' };

const order = (type: RetriedOrder['type'], input: Record<string, unknown>, tags: string[] = []): RetriedOrder => ({
  id: '01a2075e-609a-79d9-a24e-c20369a74000', type, subjectLabel: 'x', input, tags, riskAssessmentDefinitionName: null,
});

describe('an order placed again', () => {
  it('keeps the saved driver with the purpose, reference, record type, tags and ruleset of an MVR', () => {
    const values = mvrValuesOf(order('MVR_WITH_ADJUDICATION', {
      driver, personId: PERSON_ID, permissiblePurpose: 'WRITTEN_CONSENT', texasRecordType: 'TYPE_1_STATUS',
      isAutoAdjudicated: true, ruleNamespace: 'strict', mvrExternalReferenceId: 'HR-42',
    }, ['onboarding', 'night-shift']));
    expect(values).toMatchObject({
      driverSource: 'existing', personId: PERSON_ID, permissiblePurpose: 'WRITTEN_CONSENT', texasRecordType: 'TYPE_1_STATUS',
      mvrExternalReferenceId: 'HR-42', tags: ['onboarding', 'night-shift'], isAutoAdjudicated: true, ruleNamespace: 'strict',
      // Kept too, for a driver deleted since: "Type in a new driver" finds them filled in.
      firstName: 'Tex', licenceState: 'TX', licenceNumber: '12345678',
    });
  });

  it('types in a bulk row’s driver and names what is left to do', () => {
    const retried = order('MVR', { driver, personId: null, permissiblePurpose: 'NOT-A-PURPOSE', isAutoAdjudicated: false, ruleNamespace: null, mvrExternalReferenceId: null });
    const values = mvrValuesOf(retried);
    expect(values).toMatchObject({ driverSource: 'new', personId: '', firstName: 'Tex', middleName: 'A', lastName: 'Ranger', licenceState: 'TX', permissiblePurpose: '', isAutoAdjudicated: false });
    expect(mvrRetryAdvice(retried)).toMatch(/^The driver was not one of your company’s saved drivers .* Still to do: fill in Permissible purpose, then place the order\.$/);
  });

  it('fills in the VIN, the person or business and the assessment definition of the other orders', () => {
    expect(vinValuesOf(order('VIN_REPORT', { vin: '1M8GDM9AXKP042788' }, ['lot-4']))).toEqual({ vin: '1M8GDM9AXKP042788', tags: ['lot-4'] });
    expect(personRiskValuesOf(order('PERSON_RISK_ASSESSMENT', {
      person: { firstName: 'Pat', lastName: 'Doe', dateOfBirth: '1979-03-11', state: 'NY' }, personId: null, riskAssessmentDefinitionName: 'deep',
    }))).toEqual({ personSource: 'new', personId: '', firstName: 'Pat', lastName: 'Doe', dateOfBirth: '1979-03-11', state: 'NY', definitionName: 'deep', tags: [] });
    expect(businessRiskValuesOf(order('BUSINESS_RISK_INFORM_REPORT', { businessId: PERSON_ID, riskAssessmentDefinitionName: 'standard' }, ['carrier'])))
      .toEqual({ businessId: PERSON_ID, definitionName: 'standard', tags: ['carrier'] });
  });
});
