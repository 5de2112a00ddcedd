// GET /api/v1/person/company/me: one page of the company's drivers (page 0-based, sort=field,dir, filter, licenceState).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@clearlane/contract/pagination';
import type { Person } from '@clearlane/contract/persons';
import { ApiError } from '../../../lib/api-error.ts';
import { api } from '../../../lib/http.ts';
import type { DriversQuery } from '../drivers-search.ts';

export const getDrivers = (query: DriversQuery, signal?: AbortSignal) => api.get<Page<Person>>('/api/v1/person/company/me', { query: { ...query }, signal });

export const driversQueryKeys = {
  all: ['drivers'] as const,
  list: (query: DriversQuery) => ['drivers', 'list', query] as const,
  detail: (id: string) => ['drivers', 'detail', id] as const,
};

export const driversQueryOptions = (query: DriversQuery) =>
  queryOptions({
    queryKey: driversQueryKeys.list(query),
    queryFn: ({ signal }) => getDrivers(query, signal),
    placeholderData: keepPreviousData,
  });

/**
 * A refusal (401/403) goes to the shell's error page ("Not Authorized"); anything else — a network
 * glitch, a 5xx — stays on the page with "Try again", so the search the user typed is not lost.
 */
const isRefusal = (error: Error) => error instanceof ApiError && (error.status === 401 || error.status === 403);

export const useDrivers = (query: DriversQuery) => useQuery({ ...driversQueryOptions(query), throwOnError: isRefusal });
