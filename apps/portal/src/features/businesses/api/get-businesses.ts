// GET /api/v1/businesses: one page of the company's businesses (page 0-based, sort=field,dir, filter, state).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '@clearlane/contract/businesses';
import type { Page } from '@clearlane/contract/pagination';
import { api } from '../../../lib/http.ts';
import type { BusinessesQuery } from '../businesses-search.ts';

export const getBusinesses = (query: BusinessesQuery, signal?: AbortSignal) => api.get<Page<Business>>('/api/v1/businesses', { query: { ...query }, signal });

export const businessesQueryKeys = {
  all: ['businesses'] as const,
  list: (query: BusinessesQuery) => ['businesses', 'list', query] as const,
  detail: (id: string) => ['businesses', 'detail', id] as const,
};

export const businessesQueryOptions = (query: BusinessesQuery) =>
  queryOptions({
    queryKey: businessesQueryKeys.list(query),
    queryFn: ({ signal }) => getBusinesses(query, signal),
    placeholderData: keepPreviousData,
  });

export const useBusinesses = (query: BusinessesQuery) => useQuery(businessesQueryOptions(query));
