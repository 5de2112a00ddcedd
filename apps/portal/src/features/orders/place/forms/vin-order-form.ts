// The vehicle report form's model. The VIN is checked with the contract's own rules (vinProblems:
// 17 characters, no I/O/Q, the check digit) so the form refuses exactly what the server would, and
// says which character is probably wrong before any order exists.
import { normalizeVin, vinProblems } from '@clearlane/contract/domain/vin';
import { VehicleOrderBodySchema, type VehicleOrderBody } from '@clearlane/contract/orders';
import { tagsProblem } from './shared.ts';

export interface VinOrderValues {
  vin: string;
  tags: string[];
}

export const VIN_LABELS: Record<keyof VinOrderValues, string> = { vin: 'VIN', tags: 'Tags' };

export const EMPTY_VIN_ORDER: VinOrderValues = { vin: '', tags: [] };

export const VIN_LENGTH = 17;

/** The VIN's first problem; null when it is a valid VIN. */
export function vinProblem(value: string): string | null {
  if (normalizeVin(value) === '') return 'Enter the vehicle identification number (17 characters).';
  return vinProblems(value)[0]?.message ?? null;
}

/**
 * The problem to show while the user is still typing: a too-short VIN is not yet wrong (its length
 * is shown as a count instead), but a forbidden letter, a 17-character VIN with a wrong check digit
 * or an 18th character is — those are said at once.
 */
export function vinTypingProblem(value: string): string | null {
  const vin = normalizeVin(value);
  if (vin.length === 0) return null;
  if (vin.length < VIN_LENGTH) {
    const characterProblem = vinProblems(vin.padEnd(VIN_LENGTH, '0')).find((problem) => problem.code === 'characters');
    return characterProblem?.message ?? null;
  }
  return vinProblem(vin);
}

/** "12 of 17 typed": the count shown under the field while typing. */
export const vinProgress = (value: string) => `${normalizeVin(value).length} of ${VIN_LENGTH} typed`;

export function validateVinOrder(values: VinOrderValues): Partial<Record<keyof VinOrderValues, string>> {
  const errors: Partial<Record<keyof VinOrderValues, string>> = {};
  const vin = vinProblem(values.vin);
  if (vin) errors.vin = vin;
  const tags = tagsProblem(values.tags);
  if (tags) errors.tags = tags;
  return errors;
}

export function toVehicleOrderBody(values: VinOrderValues): VehicleOrderBody {
  return VehicleOrderBodySchema.parse({ vin: values.vin, ...(values.tags.length > 0 && { tags: values.tags }) });
}
