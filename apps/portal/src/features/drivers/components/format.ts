// How driver pages write dates: a birth date is a calendar date (no time zone), "added" is an instant.
const calendarDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
export const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "1985-04-23" → "Apr 23, 1985" (in the reader's locale): a birth date, an expiry, a review date. */
export function formatCalendarDate(value: string): string {
  const parsed = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? value : calendarDate.format(parsed);
}

export const formatBirthDate = formatCalendarDate;

/** An instant ("2026-11-23T10:00:00Z") in the reader's time zone, with the time. */
export const formatDateTime = (value: string) => dateTime.format(new Date(value));
