// The claims list's view as search params (?status=Complete&kind=Update&from=2026-11-01&filter=CA-88…),
// so a filtered list is a URL that survives a reload and can be shared. UI-free and library-free, and
// only the schema: the route config that imports this lands in the entry chunk (the rest of the
// view's logic is claims-query.ts, in the page's chunk).
import type { ClaimKind, ClaimSortField, ClaimStatus } from '@clearlane/contract/claims';
import { listSearchFields } from '../../lib/list-search.ts';
import { calendarDateField, oneOfField, searchSchema, type SearchOfSchema } from '../../lib/search-schema.ts';
import { searchText } from '../../lib/search-params.ts';

// Spelled out rather than imported (the contract's modules build full zod schemas at load time);
// the `satisfies` clauses keep them in step with the contract.
export const CLAIM_STATUS_OPTIONS = ['New', 'Received', 'Processing', 'Error', 'Failed', 'Complete', 'Published'] as const satisfies readonly ClaimStatus[];
export const CLAIM_KIND_OPTIONS = ['New', 'Update'] as const satisfies readonly ClaimKind[];
export const CLAIM_SORT_KEYS = ['createdAt', 'updatedAt', 'lossOccurredAt', 'status', 'kind', 'policyNumber'] as const satisfies readonly ClaimSortField[];
export type ClaimSortKey = (typeof CLAIM_SORT_KEYS)[number];

export const claimsSearchSchema = searchSchema({
  ...listSearchFields(CLAIM_SORT_KEYS),
  filter: searchText(100),
  status: oneOfField(CLAIM_STATUS_OPTIONS),
  kind: oneOfField(CLAIM_KIND_OPTIONS),
  from: calendarDateField,
  to: calendarDateField,
});
export type ClaimsSearch = SearchOfSchema<typeof claimsSearchSchema>;
