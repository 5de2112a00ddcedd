// GET /api/v1/claims/{id}: one claim with its form data, attached orders (and the claim's judgement
// of each), timeline and what publishing waits for; GET /api/v1/claims/{id}/orders: its orders alone.
// Another company's claim answers 404 like a missing one. While an attached order is in flight the
// claim is asked again every few seconds (reading it also settles it on the server).
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { ClaimDetail, ClaimOrder } from '@clearlane/contract/claims';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

export const CLAIM_POLL_MS = 3_000;

export const getClaim = (id: string, signal?: AbortSignal) => api.get<ClaimDetail>(`/api/v1/claims/${encodeURIComponent(id)}`, { signal });

export const getClaimOrders = (id: string, signal?: AbortSignal) => api.get<ClaimOrder[]>(`/api/v1/claims/${encodeURIComponent(id)}/orders`, { signal });

/** Whether the claim waits for an order still in flight (worth asking again). */
export const isClaimProcessing = (claim: Pick<ClaimDetail, 'status'> | undefined) => claim?.status === 'Processing';

export const claimQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.claims.detail(id),
    queryFn: ({ signal }) => getClaim(id, signal),
    refetchInterval: (current) => (isClaimProcessing(current.state.data) ? CLAIM_POLL_MS : false),
  });

/** The claim page's claim (its route loader has fetched it). */
export const useClaim = (id: string) => useSuspenseQuery(claimQueryOptions(id));

export const claimOrdersQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.claims.orders(id), queryFn: ({ signal }) => getClaimOrders(id, signal) });

export const useClaimOrders = (id: string) => useQuery(claimOrdersQueryOptions(id));
