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
const UTC_TEXT = /^([1-9]\d{3}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * The ISO 8601 form of a timestamptz's text (Date.prototype.toISOString's): milliseconds always,
 * further digits cut off as a Date cuts them.
 */
export function isoOfTimestampText(text: string): string {
  const parts = UTC_TEXT.exec(text);
  if (parts === null) return new Date(text).toISOString();
  const fraction = parts[3];
  const milliseconds = fraction === undefined ? '000' : fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0');
  return `${parts[1]}T${parts[2]}.${milliseconds}Z`;
}
