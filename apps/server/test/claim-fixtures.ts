// Claim form data the claim tests share: valid VINs and a complete loss notice of a truck-and-trailer
// accident (two drivers, nobody hurt, nothing towed: no FMCSA section is required).
import { vinCheckDigit } from '@clearlane/contract';

/** A valid VIN (a Freightliner's) with the given serial; its check digit computed. */
export const validVin = (serial: string) => {
  const draft = `1FUJGLDR0CL${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
};

/** The same VIN with a wrong check digit (9th character). */
export const withWrongCheckDigit = (vin: string) => `${vin.slice(0, 8)}${vin[8] === '0' ? '1' : '0'}${vin.slice(9)}`;

export const lossNotice = (overrides: Record<string, unknown> = {}) => ({
  policy: { policyNumber: 'CA-88120-03', insurer: 'Great Plains Mutual', effectiveDate: '2026-01-01', expirationDate: '2027-01-01' },
  loss: {
    occurredAt: '2026-11-20T14:30:00Z',
    location: { street: 'I-80 mile marker 212', city: 'Lincoln', state: 'NE' },
    description: 'Trailer swung into the next lane while braking on ice and struck a pickup.',
    fatalities: 0, injuryTreatedAwayFromScene: false, vehicleTowedWithDisablingDamage: false, driverCitedForMovingViolation: false,
  },
  coverages: ['Liability', 'Physical_Damage'],
  vehicles: [{ type: 'Truck', vin: validVin('100001'), plate: { number: 'TRK 4410', state: 'NE' } }, { type: 'Trailer', vin: validVin('200002') }],
  drivers: [
    { source: 'TYPED_IN', firstName: 'Dana', lastName: 'Reyes', licence: { number: 'D1234567', state: 'CA' } },
    { source: 'TYPED_IN', firstName: 'Luis', lastName: 'Ortega', licence: { number: 'D7654321', state: 'CA' } },
  ],
  ...overrides,
});
