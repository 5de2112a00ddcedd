// Other identifiers a risk report is ordered with.

/** IRS campus prefixes never assigned to an EIN. */
const INVALID_EIN_PREFIXES = new Set(['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97']);

export function normalizeEin(input: string): string {
  return input.trim().replace(/[\s-]/g, '');
}

/** Null for a valid Employer Identification Number (NN-NNNNNNN); otherwise the reason. */
export function einProblem(input: string): string | null {
  const ein = normalizeEin(input);
  if (!/^\d{9}$/.test(ein)) return 'An EIN has 9 digits, written 12-3456789.';
  if (INVALID_EIN_PREFIXES.has(ein.slice(0, 2))) return `No EIN begins with ${ein.slice(0, 2)}; check the first two digits.`;
  return null;
}

export const formatEin = (input: string) => {
  const ein = normalizeEin(input);
  return `${ein.slice(0, 2)}-${ein.slice(2)}`;
};

/**
 * Null for a plausible date of birth of a driver (ISO yyyy-mm-dd, a real calendar date, aged 14 to
 * 120 on `today`); otherwise the reason. Learner permits start at 14 in some states.
 */
export function dateOfBirthProblem(input: string, today = new Date()): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.trim());
  if (!match) return 'Enter the date of birth as YYYY-MM-DD.';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return 'That date does not exist.';
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() > todayUtc) return 'The date of birth is in the future.';
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() < month - 1 || (today.getUTCMonth() === month - 1 && today.getUTCDate() < day)) age -= 1;
  if (age < 14) return 'A driver must be at least 14 years old.';
  if (age > 120) return 'The date of birth is more than 120 years ago.';
  return null;
}
