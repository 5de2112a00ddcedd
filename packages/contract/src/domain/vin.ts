// Vehicle identification numbers (ISO 3779 / 49 CFR 565): 17 characters, no I, O or Q, a check
// digit in position 9, the model year in position 10. A bad VIN is refused with the reason before
// any order is placed.

const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
// Position 10 cycles every 30 years; I, O, Q, U, Z and 0 are never used there.
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

export type VinProblem =
  | { code: 'length'; message: string }
  | { code: 'characters'; message: string }
  | { code: 'checkDigit'; message: string }
  | { code: 'modelYear'; message: string };

export interface DecodedVin {
  vin: string;
  worldManufacturerIdentifier: string;
  region: string;
  /** Both 30-year candidates, the likelier first (position 7 tells them apart for light vehicles). */
  modelYears: number[];
  modelYear: number;
  plantCode: string;
  serialNumber: string;
}

export function normalizeVin(input: string): string {
  return input.trim().toUpperCase().replace(/[\s-]/g, '');
}

function valueOf(char: string): number {
  return /\d/.test(char) ? Number(char) : (TRANSLITERATION[char] ?? -1);
}

export function vinCheckDigit(vin: string): string {
  const sum = [...vin].reduce((total, char, index) => total + valueOf(char) * WEIGHTS[index]!, 0);
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

function regionOf(first: string): string {
  if ('12345'.includes(first)) return first === '2' ? 'Canada' : first === '3' ? 'Mexico' : 'United States';
  if ('ABCDEFGH'.includes(first)) return 'Africa';
  if ('JKLMNPR'.includes(first)) return first === 'J' ? 'Japan' : first === 'K' ? 'South Korea' : first === 'L' ? 'China' : 'Asia';
  if ('STUVWXYZ'.includes(first)) return first === 'W' ? 'Germany' : first === 'Z' ? 'Italy' : 'Europe';
  if ('6'.includes(first)) return 'Oceania';
  if ('789'.includes(first)) return 'South America';
  return 'Unknown';
}

/** Every problem of a VIN, written for the person who typed it; empty when the VIN is valid. */
export function vinProblems(input: string): VinProblem[] {
  const vin = normalizeVin(input);
  if (vin.length !== 17) {
    return [{ code: 'length', message: `A VIN has 17 characters; this one has ${vin.length}.` }];
  }
  const forbidden = [...new Set([...vin].filter((char) => 'IOQ'.includes(char)))];
  if (forbidden.length > 0) {
    return [{ code: 'characters', message: `A VIN never contains the letters I, O or Q (found ${forbidden.join(', ')}); check for 1 and 0.` }];
  }
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) {
    return [{ code: 'characters', message: 'A VIN has only letters and digits.' }];
  }
  const problems: VinProblem[] = [];
  const expected = vinCheckDigit(vin);
  if (vin[8] !== expected) {
    problems.push({ code: 'checkDigit', message: `The check digit (9th character) is ${vin[8]} but should be ${expected}: a character is probably mistyped.` });
  }
  if (!YEAR_CODES.includes(vin[9]!)) {
    problems.push({ code: 'modelYear', message: `The 10th character (${vin[9]}) is not a model-year code.` });
  }
  return problems;
}

export function decodeVin(input: string): DecodedVin | null {
  const vin = normalizeVin(input);
  if (vinProblems(vin).length > 0) return null;
  const index = YEAR_CODES.indexOf(vin[9]!);
  const early = 1980 + index;
  const late = early + 30;
  // For cars and light trucks from 2010 on, position 7 is a letter; before, a digit.
  const modelYears = /[A-Z]/.test(vin[6]!) ? [late, early] : [early, late];
  return {
    vin,
    worldManufacturerIdentifier: vin.slice(0, 3),
    region: regionOf(vin[0]!),
    modelYears,
    modelYear: modelYears[0]!,
    plantCode: vin[10]!,
    serialNumber: vin.slice(11),
  };
}
