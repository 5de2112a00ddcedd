// The search params every list page shares (?page=1&size=50&sort=email,asc), so a list view is a
// URL. A list's own schema spreads listSearchFields(...) beside its filters; the page renders it with
// the list-view building block (src/components/list-view). UI-free and library-free: the route
// configs that import this land in the entry chunk.
import { intField, matchingField, oneOfField } from './search-schema.ts';

/** The page sizes a list offers (the API's maximum is 100). */
export const LIST_PAGE_SIZES = [10, 20, 50, 100] as const;
export type ListPageSize = (typeof LIST_PAGE_SIZES)[number];
export const DEFAULT_LIST_PAGE_SIZE = 20 satisfies ListPageSize;

/** The paging and sorting part of a list's search params. */
export interface ListSearch {
  page?: number;
  size?: ListPageSize;
  sort?: string;
}

/**
 * page (0-based), size (one of LIST_PAGE_SIZES) and sort (`field,asc|desc` over the list's own sort
 * fields). A bad value in a hand-edited URL falls back to the default instead of failing the page.
 */
export function listSearchFields(sortKeys: readonly string[]) {
  return {
    page: intField(0, 100_000),
    size: oneOfField(LIST_PAGE_SIZES),
    sort: matchingField(new RegExp(`^(${sortKeys.join('|')}),(asc|desc)$`)),
  };
}

/** The paging part of a list's API query: page 0-based, default size and sort filled in. */
export function listQueryOf(search: ListSearch, defaultSort: string) {
  return { page: search.page ?? 0, size: search.size ?? DEFAULT_LIST_PAGE_SIZE, sort: search.sort ?? defaultSort };
}

/** Whether any of a view's filters is set (not its page or sort): what "Clear filters" clears. */
export function hasFilters<S extends object>(search: S, filterKeys: readonly (keyof S)[]): boolean {
  return filterKeys.some((key) => search[key] !== undefined && search[key] !== '');
}

/** A day range as the API wants it: one typed backwards (to before from) still means the days between. */
export function orderedDayRange(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  return from && to && from > to ? { from: to, to: from } : { from, to };
}
