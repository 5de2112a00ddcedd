// A timestamptz as PostgreSQL writes it in text, turned into the API's ISO 8601 form without a Date.
//
// drizzle reads a timestamptz as text and makes a Date of it; the API then writes the Date back as
// text (toISOString). A list of 20 orders does that 60 times per request (bench/orders-list.ts).
// With DateStyle ISO and a UTC session (PostgreSQL's and PGlite's defaults here), the text already
// holds the ISO form's digits: "2026-11-24 14:18:13.123456+00" is "2026-11-24T14:18:13.123Z".
// Any other text — another session TimeZone, a year before 1000 or past 9999, BC, infinity — goes
// through a Date exactly as drizzle and toISOString would take it, errors included (and the Date's
// own mistakes: V8 reads the year 0001-0099 of this form as 1901-2099 or so).

/** Years 1000-9999, date and time of day in UTC, up to 6 fractional digits: the fast path's input. */
const UTC_TEXT = /^[1-9]\d{3}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?\+00$/;

/**
 * The ISO 8601 form of a timestamptz's text (Date.prototype.toISOString's): milliseconds always,
 * further digits cut off as a Date cuts them. The fast path tests its input and then cuts it at
 * fixed places (date 0-10, time 11-19, fraction from 20 to the "+00"): no capture groups to
 * allocate, for the three timestamps of each of a list's rows.
 */
export function isoOfTimestampText(text: string): string {
  if (!UTC_TEXT.test(text)) return new Date(text).toISOString();
  const digits = text.length - 23; // fractional digits: 0 without a fraction, else after "SS."
  const milliseconds = digits <= 0 ? '000' : digits >= 3 ? text.slice(20, 23) : text.slice(20, 20 + digits).padEnd(3, '0');
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}Z`;
}
