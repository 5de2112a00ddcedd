// GET /api/v1/claims: one page of the company's claims (page 0-based, sort=field,dir; filters status,
// kind, loss date from/to, free text). Each claim carries its list line (`title`).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Claim, ClaimKind, ClaimSortField, ClaimStatus } from '@clearlane/contract/claims';
import type { Page } from '@clearlane/contract/pagination';
import { ApiError } from '../../api-error.ts';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

export interface ClaimsQuery {
  page: number;
  size: number;
  sort: `${ClaimSortField},${'asc' | 'desc'}` | string;
  status?: ClaimStatus;
  kind?: ClaimKind;
  /** Loss on or after (YYYY-MM-DD). */
  from?: string;
  /** Loss on or before (YYYY-MM-DD). */
  to?: string;
  filter?: string;
}

export const getClaims = (query: ClaimsQuery, signal?: AbortSignal) => api.get<Page<Claim>>('/api/v1/claims', { query: { ...query }, signal });

export const claimsQueryOptions = (query: ClaimsQuery) =>
  queryOptions({
    queryKey: queryKeys.claims.list(query),
    queryFn: ({ signal }) => getClaims(query, signal),
    placeholderData: keepPreviousData,
  });

/** A refusal (401/403) goes to the error page; anything else stays on the page with "Try again". */
const isRefusal = (error: Error) => error instanceof ApiError && (error.status === 401 || error.status === 403);

export const useClaims = (query: ClaimsQuery) => useQuery({ ...claimsQueryOptions(query), throwOnError: isRefusal });
