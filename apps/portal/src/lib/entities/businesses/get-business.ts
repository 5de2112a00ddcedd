// GET /api/v1/businesses/{id}: one business of the company (another company's business answers 404).
// Shared by the business page and the order forms (a business named in the URL): one cache.
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { Business } from '@clearlane/contract/businesses';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

export const getBusiness = (id: string, signal?: AbortSignal) => api.get<Business>(`/api/v1/businesses/${encodeURIComponent(id)}`, { signal });

export const businessQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.businesses.detail(id), queryFn: ({ signal }) => getBusiness(id, signal) });

/** The business page's business (its route loader has fetched it). */
export const useBusiness = (id: string) => useSuspenseQuery(businessQueryOptions(id));

/** A business that may not be named (an order form without ?businessId); a 404 is not retried. */
export const useOptionalBusiness = (id: string | undefined) => useQuery({ ...businessQueryOptions(id ?? ''), enabled: !!id, retry: false });
