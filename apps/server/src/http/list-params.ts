// The query parameters every list reads the same way (DESIGN.md §4), beside its page meta
// (page-meta.ts): the `sort` terms a list allows, and a created-at range. Page and size are the
// contract's PageQuerySchema, checked by the route's validator before a service sees them.
import { parseSort, type SortTerm } from '@clearlane/contract';
import { invalidInput } from './errors.ts';

const DAY_MS = 86_400_000;

/**
 * The sort terms of a list's `sort` parameter ("field" or "field,desc", repeatable). A field the
 * list cannot sort by is a 400 naming `query.sort`, the fields asked for and the fields allowed.
 */
export function sortTerms<F extends string>(sort: string | string[] | undefined, allowed: readonly F[]): SortTerm<F>[] {
  const { terms, unknown } = parseSort(sort, allowed);
  if (unknown.length > 0) throw invalidInput([{ path: 'query.sort', message: `cannot sort by ${unknown.join(', ')}; use one of ${allowed.join(', ')}` }]);
  return terms;
}

/** A date alone means the whole UTC day: `from` its start, `to` up to its end. */
export function dateBound(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return end && value.length === 10 ? new Date(date.getTime() + DAY_MS) : end ? new Date(date.getTime() + 1) : date;
}

/**
 * A list's `from`–`to` range as bounds: `from` inclusive, `toExclusive` just past `to`. An empty
 * range is a mistake in the filter, not a question with no answer: a 400 naming `<at>.to`, where
 * `at` is where the filter arrived ("query", "body.orderFilter").
 */
export function dateRange(range: { from?: string; to?: string }, at: string): { from: Date | undefined; toExclusive: Date | undefined } {
  const [from, toExclusive] = [dateBound(range.from, false), dateBound(range.to, true)];
  if (from && toExclusive && from >= toExclusive) throw invalidInput([{ path: `${at}.to`, message: 'must not be before from' }]);
  return { from, toExclusive };
}
