// GET /api/v1/businesses: one page of the company's businesses (page 0-based, sort=field,dir, filter,
// state). Shared by the businesses pages and the order forms' business picker: one cache.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '@clearlane/contract/businesses';
import type { Page } from '@clearlane/contract/pagination';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

export interface BusinessesQuery {
  page: number;
  size: number;
  sort: string;
  filter?: string;
  state?: string;
}

export const getBusinesses = (query: BusinessesQuery, signal?: AbortSignal) => api.get<Page<Business>>('/api/v1/businesses', { query: { ...query }, signal });

export const businessesQueryOptions = (query: BusinessesQuery) =>
  queryOptions({
    queryKey: queryKeys.businesses.list(query),
    queryFn: ({ signal }) => getBusinesses(query, signal),
    placeholderData: keepPreviousData,
  });

export const useBusinesses = (query: BusinessesQuery) => useQuery(businessesQueryOptions(query));

/** How many matches a picker offers; typing more narrows them. */
export const BUSINESS_PICKER_SIZE = 20;

/** The picker's query: a businesses list like any other (same key shape), by name. */
export const businessPickerQuery = (filter: string): BusinessesQuery => ({ page: 0, size: BUSINESS_PICKER_SIZE, sort: 'name,asc', filter: filter.trim() || undefined });

/** The businesses matching what was typed into a picker. */
export const useBusinessSearch = (filter: string) => useQuery(businessesQueryOptions(businessPickerQuery(filter)));
