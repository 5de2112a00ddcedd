// The subjects an order is placed for: the company's drivers (GET /api/v1/person/company/me,
// GET /api/v1/person/{id}) and businesses (GET /api/v1/businesses, GET /api/v1/businesses/{id}),
// searched from the order forms' pickers. Keys live under 'order-placement' so they never collide
// with the drivers' and businesses' own pages.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '@clearlane/contract/businesses';
import type { Page } from '@clearlane/contract/pagination';
import type { Person } from '@clearlane/contract/persons';
import { api } from '../../../../lib/http.ts';

/** How many matches a picker offers; typing more narrows them. */
export const PICKER_SIZE = 20;

export const subjectKeys = {
  drivers: (filter: string) => ['order-placement', 'drivers', filter] as const,
  driver: (id: string) => ['order-placement', 'driver', id] as const,
  businesses: (filter: string) => ['order-placement', 'businesses', filter] as const,
  business: (id: string) => ['order-placement', 'business', id] as const,
};

export const searchDrivers = (filter: string, signal?: AbortSignal) =>
  api.get<Page<Person>>('/api/v1/person/company/me', { query: { page: 0, size: PICKER_SIZE, sort: 'lastName,asc', filter: filter.trim() || undefined }, signal });

export const getDriver = (id: string, signal?: AbortSignal) => api.get<Person>(`/api/v1/person/${encodeURIComponent(id)}`, { signal });

export const searchBusinesses = (filter: string, signal?: AbortSignal) =>
  api.get<Page<Business>>('/api/v1/businesses', { query: { page: 0, size: PICKER_SIZE, sort: 'name,asc', filter: filter.trim() || undefined }, signal });

export const getBusiness = (id: string, signal?: AbortSignal) => api.get<Business>(`/api/v1/businesses/${encodeURIComponent(id)}`, { signal });

export const driverSearchQueryOptions = (filter: string) =>
  queryOptions({ queryKey: subjectKeys.drivers(filter), queryFn: ({ signal }) => searchDrivers(filter, signal), placeholderData: keepPreviousData, staleTime: 30_000 });

export const businessSearchQueryOptions = (filter: string) =>
  queryOptions({ queryKey: subjectKeys.businesses(filter), queryFn: ({ signal }) => searchBusinesses(filter, signal), placeholderData: keepPreviousData, staleTime: 30_000 });

export const useDriverSearch = (filter: string) => useQuery(driverSearchQueryOptions(filter));
export const useBusinessSearch = (filter: string) => useQuery(businessSearchQueryOptions(filter));

/** One driver named by the URL; a 404 (another company's or a deleted one) is not retried. */
export const useDriver = (id: string | undefined) =>
  useQuery({ queryKey: subjectKeys.driver(id ?? ''), queryFn: ({ signal }) => getDriver(id!, signal), enabled: !!id, retry: false, staleTime: 30_000 });

export const useBusiness = (id: string | undefined) =>
  useQuery({ queryKey: subjectKeys.business(id ?? ''), queryFn: ({ signal }) => getBusiness(id!, signal), enabled: !!id, retry: false, staleTime: 30_000 });
