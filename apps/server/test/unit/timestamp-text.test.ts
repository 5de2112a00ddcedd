// A timestamptz's text turned into the API's ISO form without a Date (db/timestamp-text.ts) must say
// exactly what drizzle's Date and toISOString said, for every text PostgreSQL can send.
import { describe, expect, it } from 'vitest';
import { isoOfTimestampText } from '../../src/db/timestamp-text.ts';

/** What the list said before: drizzle's Date of the text (new Date), written by toISOString. */
const throughDate = (text: string) => new Date(text).toISOString();

describe('isoOfTimestampText', () => {
  it.each([
    ['2026-11-24 14:18:13+00', '2026-11-24T14:18:13.000Z'],
    ['2026-11-24 14:18:13.5+00', '2026-11-24T14:18:13.500Z'],
    ['2026-11-24 14:18:13.12+00', '2026-11-24T14:18:13.120Z'],
    ['2026-11-24 14:18:13.123+00', '2026-11-24T14:18:13.123Z'],
    // Microseconds are cut, not rounded, as a Date cuts them.
    ['2026-11-24 14:18:13.1239+00', '2026-11-24T14:18:13.123Z'],
    ['2026-11-24 14:18:13.999999+00', '2026-11-24T14:18:13.999Z'],
    ['2026-11-24 23:59:59.000001+00', '2026-11-24T23:59:59.000Z'],
    ['1000-01-01 00:00:00+00', '1000-01-01T00:00:00.000Z'],
    ['9999-12-31 23:59:59.999999+00', '9999-12-31T23:59:59.999Z'],
  ])('a UTC session\'s text %s is %s, as through a Date', (text, iso) => {
    expect(isoOfTimestampText(text)).toBe(iso);
    expect(isoOfTimestampText(text)).toBe(throughDate(text));
  });

  it.each([
    // A session in another time zone: the offset is applied.
    '2026-11-24 14:18:13.123456+05:30',
    '2026-11-24 09:18:13-05',
    '2026-03-29 01:30:00+01',
    // Before year 1000 (where V8's Date reads 0001-0099 as years of the 20th century) and past 9999.
    '0999-12-31 23:59:59.5+00',
    '0001-01-01 00:00:00+00',
    '0099-06-15 12:00:00+00',
    '20000-01-01 00:00:00+00',
  ])('any other text (%s) goes through a Date', (text) => {
    expect(isoOfTimestampText(text)).toBe(throughDate(text));
  });

  it.each(['infinity', '-infinity', '2026-11-24 14:18:13+00 BC'])('a text a Date cannot hold (%s) fails as toISOString fails', (text) => {
    expect(() => throughDate(text)).toThrow(RangeError);
    expect(() => isoOfTimestampText(text)).toThrow(RangeError);
  });

  it('agrees with a Date on any UTC text of the years 1000-9999, to the microsecond', () => {
    const digits = (value: number, width: number) => String(value).padStart(width, '0');
    let seed = 42;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let drawn = 0; drawn < 5_000; drawn++) {
      const fraction = random(7) === 0 ? '' : `.${digits(random(1_000_000), 6).slice(0, 1 + random(6))}`;
      const text = `${1000 + random(9000)}-${digits(1 + random(12), 2)}-${digits(1 + random(28), 2)} ${digits(random(24), 2)}:${digits(random(60), 2)}:${digits(random(60), 2)}${fraction}+00`;
      expect(isoOfTimestampText(text), text).toBe(throughDate(text));
    }
  });
});
