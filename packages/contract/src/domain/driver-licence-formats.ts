// Driver licence number formats of the 50 states and DC, kept as data. The patterns follow the
// formats the state DMVs publish (as collected in the widely used AAMVA-derived table); each has
// a description a person can act on when their number does not fit.
import type { US_STATE_CODES } from '../enums.ts';

export type UsStateCode = (typeof US_STATE_CODES)[number];

export interface LicenceFormat {
  state: UsStateCode;
  name: string;
  patterns: RegExp[];
  /** What a valid number looks like, e.g. "1 letter followed by 7 digits". */
  description: string;
  example: string;
}

const f = (state: UsStateCode, name: string, patterns: string[], description: string, example: string): LicenceFormat => ({
  state,
  name,
  patterns: patterns.map((pattern) => new RegExp(`^(?:${pattern})$`)),
  description,
  example,
});

export const LICENCE_FORMATS: Record<UsStateCode, LicenceFormat> = Object.fromEntries(
  [
    f('AL', 'Alabama', ['[0-9]{1,8}'], '1 to 8 digits', '1234567'),
    f('AK', 'Alaska', ['[0-9]{1,7}'], '1 to 7 digits', '1234567'),
    f('AZ', 'Arizona', ['[A-Z][0-9]{8}', '[0-9]{9}'], '1 letter and 8 digits, or 9 digits', 'A12345678'),
    f('AR', 'Arkansas', ['[0-9]{4,9}'], '4 to 9 digits', '912345678'),
    f('CA', 'California', ['[A-Z][0-9]{7}'], '1 letter and 7 digits', 'D1234567'),
    f('CO', 'Colorado', ['[0-9]{9}', '[A-Z][0-9]{3,6}', '[A-Z]{2}[0-9]{2,5}'], '9 digits, 1 letter and 3–6 digits, or 2 letters and 2–5 digits', '123456789'),
    f('CT', 'Connecticut', ['[0-9]{9}'], '9 digits', '012345678'),
    f('DE', 'Delaware', ['[0-9]{1,7}'], '1 to 7 digits', '1234567'),
    f('DC', 'District of Columbia', ['[0-9]{7}', '[0-9]{9}'], '7 or 9 digits', '1234567'),
    f('FL', 'Florida', ['[A-Z][0-9]{12}'], '1 letter and 12 digits', 'S123456789012'),
    f('GA', 'Georgia', ['[0-9]{7,9}'], '7 to 9 digits', '123456789'),
    f('HI', 'Hawaii', ['[A-Z][0-9]{8}', '[0-9]{9}'], '1 letter and 8 digits, or 9 digits', 'H12345678'),
    f('ID', 'Idaho', ['[A-Z]{2}[0-9]{6}[A-Z]', '[0-9]{9}'], '2 letters, 6 digits and 1 letter, or 9 digits', 'AB123456C'),
    f('IL', 'Illinois', ['[A-Z][0-9]{11,12}'], '1 letter and 11 or 12 digits', 'S12345678901'),
    f('IN', 'Indiana', ['[A-Z][0-9]{9}', '[0-9]{9,10}'], '1 letter and 9 digits, or 9 to 10 digits', '1234567890'),
    f('IA', 'Iowa', ['[0-9]{9}', '[0-9]{3}[A-Z]{2}[0-9]{4}'], '9 digits, or 3 digits, 2 letters and 4 digits', '123AB4567'),
    f('KS', 'Kansas', ['[A-Z][0-9][A-Z][0-9][A-Z]', '[A-Z][0-9]{8}', '[0-9]{9}'], 'K followed by 8 digits, 9 digits, or letter-digit-letter-digit-letter', 'K12345678'),
    f('KY', 'Kentucky', ['[A-Z][0-9]{8,9}', '[0-9]{9}'], '1 letter and 8 or 9 digits, or 9 digits', 'A12345678'),
    f('LA', 'Louisiana', ['[0-9]{1,9}'], '1 to 9 digits', '012345678'),
    f('ME', 'Maine', ['[0-9]{7,8}', '[0-9]{7}[A-Z]'], '7 or 8 digits, or 7 digits and 1 letter', '1234567'),
    f('MD', 'Maryland', ['[A-Z][0-9]{12}'], '1 letter and 12 digits', 'M123456789012'),
    f('MA', 'Massachusetts', ['[A-Z][0-9]{8}', '[0-9]{9}'], '1 letter and 8 digits, or 9 digits', 'S12345678'),
    f('MI', 'Michigan', ['[A-Z][0-9]{10}', '[A-Z][0-9]{12}'], '1 letter and 10 or 12 digits', 'M123456789012'),
    f('MN', 'Minnesota', ['[A-Z][0-9]{12}'], '1 letter and 12 digits', 'M123456789012'),
    f('MS', 'Mississippi', ['[0-9]{9}'], '9 digits', '801234567'),
    f('MO', 'Missouri', ['[A-Z][0-9]{5,9}', '[A-Z][0-9]{6}R', '[0-9]{8}[A-Z]{2}', '[0-9]{9}[A-Z]', '[0-9]{9}'], '1 letter and 5–9 digits, 9 digits, or 9 digits and 1 letter', 'A123456789'),
    f('MT', 'Montana', ['[A-Z][0-9]{8}', '[0-9]{13}', '[0-9]{9}', '[0-9]{14}'], '1 letter and 8 digits, or 9, 13 or 14 digits', '0123456789012'),
    f('NE', 'Nebraska', ['[A-Z][0-9]{6,8}'], '1 letter and 6 to 8 digits', 'A12345678'),
    f('NV', 'Nevada', ['[0-9]{9,10}', '[0-9]{12}', 'X[0-9]{8}'], '9, 10 or 12 digits, or X and 8 digits', '1234567890'),
    f('NH', 'New Hampshire', ['[0-9]{2}[A-Z]{3}[0-9]{5}'], '2 digits, 3 letters and 5 digits', '12ABC34567'),
    f('NJ', 'New Jersey', ['[A-Z][0-9]{14}'], '1 letter and 14 digits', 'A12345678901234'),
    f('NM', 'New Mexico', ['[0-9]{8,9}'], '8 or 9 digits', '123456789'),
    f('NY', 'New York', ['[A-Z][0-9]{7}', '[A-Z][0-9]{18}', '[0-9]{8,9}', '[0-9]{16}', '[A-Z]{8}'], '9 digits (also 1 letter and 7 or 18 digits, 8 or 16 digits, or 8 letters)', '123456789'),
    f('NC', 'North Carolina', ['[0-9]{1,12}'], '1 to 12 digits', '000012345678'),
    f('ND', 'North Dakota', ['[A-Z]{3}[0-9]{6}', '[0-9]{9}'], '3 letters and 6 digits, or 9 digits', 'ABC123456'),
    f('OH', 'Ohio', ['[A-Z][0-9]{4,8}', '[A-Z]{2}[0-9]{3,7}', '[0-9]{8}'], '2 letters and 6 digits (also 1 letter and 4–8 digits, or 8 digits)', 'AB123456'),
    f('OK', 'Oklahoma', ['[A-Z][0-9]{9}', '[0-9]{9}'], '1 letter and 9 digits, or 9 digits', 'A123456789'),
    f('OR', 'Oregon', ['[0-9]{1,9}', '[A-Z][0-9]{6}'], '1 to 9 digits, or 1 letter and 6 digits', '1234567'),
    f('PA', 'Pennsylvania', ['[0-9]{8}'], '8 digits', '12345678'),
    f('RI', 'Rhode Island', ['[0-9]{7}', '[A-Z][0-9]{6}'], '7 digits, or 1 letter and 6 digits', '1234567'),
    f('SC', 'South Carolina', ['[0-9]{5,11}'], '5 to 11 digits', '123456789'),
    f('SD', 'South Dakota', ['[0-9]{6,10}', '[0-9]{12}'], '6 to 10 or 12 digits', '12345678'),
    f('TN', 'Tennessee', ['[0-9]{7,9}'], '7 to 9 digits', '123456789'),
    f('TX', 'Texas', ['[0-9]{7,8}'], '7 or 8 digits', '12345678'),
    f('UT', 'Utah', ['[0-9]{4,10}'], '4 to 10 digits', '123456789'),
    f('VT', 'Vermont', ['[0-9]{8}', '[0-9]{7}A'], '8 digits, or 7 digits and A', '12345678'),
    f('VA', 'Virginia', ['[A-Z][0-9]{8,11}', '[0-9]{9}'], '1 letter and 8–11 digits, or 9 digits', 'T12345678'),
    f('WA', 'Washington', ['WDL[A-Z0-9]{9}', '(?=.{12}$)[A-Z*]{1,7}[A-Z0-9*]{4,11}'], 'WDL and 9 letters or digits (or the older 12-character name code)', 'WDL123456789'),
    f('WV', 'West Virginia', ['[0-9]{7}', '[A-Z]{1,2}[0-9]{5,6}'], '7 digits, or 1–2 letters and 5–6 digits', 'A123456'),
    f('WI', 'Wisconsin', ['[A-Z][0-9]{13}'], '1 letter and 13 digits', 'A1234567890123'),
    f('WY', 'Wyoming', ['[0-9]{9,10}'], '9 or 10 digits', '123456789'),
  ].map((format) => [format.state, format]),
) as Record<UsStateCode, LicenceFormat>;

export function normalizeLicenceNumber(input: string): string {
  return input.trim().toUpperCase().replace(/[\s-]/g, '');
}

/** Null when the number fits its state's format; otherwise a message naming the expected format. */
export function licenceNumberProblem(state: UsStateCode, input: string): string | null {
  const format = LICENCE_FORMATS[state];
  const number = normalizeLicenceNumber(input);
  if (number.length === 0) return 'Enter the driver licence number.';
  if (format.patterns.some((pattern) => pattern.test(number))) return null;
  return `${format.name} licence numbers are ${format.description} (for example ${format.example}).`;
}
