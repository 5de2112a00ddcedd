// How report pages write dates, counts and provider codes (report types, order types and outcomes
// are named in lib/order-labels.ts, as on every other page).
// A violation or title date is a calendar date ("2024-12-23", no time zone); orderedAt / completedAt
// are instants.
const calendarDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
export const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const wholeNumber = new Intl.NumberFormat();

/** "2024-12-23" → "Dec 23, 2024" in the reader's locale; anything unparseable is shown as given. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return '—';
  const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(parsed.getTime()) ? value : calendarDate.format(parsed);
}

export function formatDateTime(value: string): string {
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? value : dateTime.format(parsed);
}

/** "CIVIL_JUDGMENT" → "Civil judgment": provider codes read as words. */
export function humanize(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? `${words[0]!.toUpperCase()}${words.slice(1)}` : code;
}

/** "1 error", "3 errors". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${wholeNumber.format(count)} ${count === 1 ? one : many}`;
}
