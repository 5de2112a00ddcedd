// How driver pages write dates: a birth date is a calendar date (no time zone), "added" is an instant.
const calendarDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
export const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A calendar date: "1985-04-23" → "Apr 23, 1985" (in the reader's locale). */
export function formatCalendarDate(value: string): string {
  const parsed = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? value : calendarDate.format(parsed);
}
