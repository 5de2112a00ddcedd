// The claims list's view (claims-search.ts) as the API's query, and its filters.
import { hasFilters, listQueryOf, orderedDayRange } from '../../lib/list-search.ts';
import type { ClaimsSearch } from './claims-search.ts';

/** The claim touched last comes first: what people are working on. */
export const DEFAULT_CLAIMS_SORT = 'updatedAt,desc';

/** The filters of a view (not its page or sort): what "Clear filters" clears. */
export const CLAIM_FILTER_KEYS = ['filter', 'status', 'kind', 'from', 'to'] as const satisfies readonly (keyof ClaimsSearch)[];

export const hasClaimFilters = (search: ClaimsSearch) => hasFilters(search, CLAIM_FILTER_KEYS);

/** The API query of a view: page 0-based, default size and sort filled in, nothing empty sent. */
export function claimsQueryOf(search: ClaimsSearch) {
  const { from, to } = orderedDayRange(search.from, search.to);
  return { ...listQueryOf(search, DEFAULT_CLAIMS_SORT), filter: search.filter?.trim() || undefined, status: search.status, kind: search.kind, from, to };
}
