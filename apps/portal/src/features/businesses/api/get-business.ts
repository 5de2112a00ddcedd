// GET /api/v1/businesses/{id}: one business of the company (another company's business answers 404).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Business } from '@clearlane/contract/businesses';
import { api } from '../../../lib/http.ts';
import { businessesQueryKeys } from './get-businesses.ts';

export const getBusiness = (id: string, signal?: AbortSignal) => api.get<Business>(`/api/v1/businesses/${encodeURIComponent(id)}`, { signal });

export const businessQueryOptions = (id: string) =>
  queryOptions({ queryKey: businessesQueryKeys.detail(id), queryFn: ({ signal }) => getBusiness(id, signal) });

export const useBusiness = (id: string) => useSuspenseQuery(businessQueryOptions(id));
