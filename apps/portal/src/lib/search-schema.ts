// Search-param schemas for route configs (validateSearch), without a schema library. Route configs
// land in the entry chunk, and even zod/mini brought its ~15 KB gzip core into every first load
// (docs/DECISIONS.md "Search params without zod"). A search param is forgiving by design: a value a
// hand-edited URL got wrong is dropped (undefined → the page's default), never an error page, so
// each field is a small function "what the router read → the typed value, or undefined".

/** One search param: what the router read (string, number, boolean, array, object) → its typed value, or undefined. */
export type SearchField<T> = (value: unknown) => T | undefined;

/** An integer between min and max. */
export const intField =
  (min: number, max: number): SearchField<number> =>
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;

/** One of a fixed list of values (an enum, page sizes). */
export const oneOfField =
  <const T extends readonly (string | number)[]>(values: T): SearchField<T[number]> =>
  (value) =>
    (values as readonly unknown[]).includes(value) ? (value as T[number]) : undefined;

/**
 * Free text (a search, a tag, an email) of at most `max` characters. The router reads ?filter=12345
 * as the number 12345 (and ?filter=true as a boolean): that is taken back as the text of the URL.
 */
export const textField =
  (max: number): SearchField<string> =>
  (value) => {
    const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
    return text !== undefined && text.length <= max ? text : undefined;
  };

/** Text that matches a pattern (a sort such as `email,asc`, a calendar date, an id). */
export const matchingField =
  (pattern: RegExp, isValid: (text: string) => boolean = () => true): SearchField<string> =>
  (value) =>
    typeof value === 'string' && pattern.test(value) && isValid(value) ? value : undefined;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date that exists (2025-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A day (YYYY-MM-DD) of the calendar: a list's date-range filter. */
export const calendarDateField = matchingField(ISO_DATE, isCalendarDate);

export const booleanField: SearchField<boolean> = (value) => (typeof value === 'boolean' ? value : undefined);

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidField = matchingField(UUID);

export type SearchOf<Fields extends Record<string, SearchField<unknown>>> = { [K in keyof Fields]?: Fields[K] extends SearchField<infer T> ? T : never };

export interface SearchSchema<Search> {
  /** The view the URL asks for: every known param checked, unknown params left out. Never throws. */
  parse: (input: unknown) => Search;
}

/** A route's search schema (validateSearch takes it as is): the fields and how each is read. */
export function searchSchema<Fields extends Record<string, SearchField<unknown>>>(fields: Fields): SearchSchema<SearchOf<Fields>> {
  return {
    parse: (input) => {
      const source = (input !== null && typeof input === 'object' ? input : {}) as Record<string, unknown>;
      const search: Record<string, unknown> = {};
      for (const [key, read] of Object.entries(fields)) search[key] = read(source[key]);
      return search as SearchOf<Fields>;
    },
  };
}

/** The search type a schema gives. */
export type SearchOfSchema<S extends SearchSchema<unknown>> = ReturnType<S['parse']>;
