// GET /api/v1/person/company/me: one page of the company's drivers (page 0-based, sort=field,dir,
// filter, licenceState, qualification, monitoring, reviewDue, openAlerts). Shared by the drivers
// pages and the order forms' driver picker: one cache.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QualificationStatus } from '@clearlane/contract/monitoring';
import type { Page } from '@clearlane/contract/pagination';
import type { Person, PersonMonitoringFilter } from '@clearlane/contract/persons';
import { ApiError } from '../../api-error.ts';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

export interface DriversQuery {
  page: number;
  size: number;
  sort: string;
  filter?: string;
  licenceState?: string;
  qualification?: QualificationStatus;
  /** Enrolled in any monitoring (ENROLLED), waiting for the state (PENDING), or in none (NONE). */
  monitoring?: PersonMonitoringFilter;
  reviewDue?: boolean;
  openAlerts?: boolean;
}

export const getDrivers = (query: DriversQuery, signal?: AbortSignal) => api.get<Page<Person>>('/api/v1/person/company/me', { query: { ...query }, signal });

export const driversQueryOptions = (query: DriversQuery) =>
  queryOptions({
    queryKey: queryKeys.drivers.list(query),
    queryFn: ({ signal }) => getDrivers(query, signal),
    placeholderData: keepPreviousData,
  });

/**
 * A refusal (401/403) goes to the shell's error page ("Not Authorized"); anything else — a network
 * glitch, a 5xx — stays on the page with "Try again", so the search the user typed is not lost.
 */
const isRefusal = (error: Error) => error instanceof ApiError && (error.status === 401 || error.status === 403);

export const useDrivers = (query: DriversQuery) => useQuery({ ...driversQueryOptions(query), throwOnError: isRefusal });

/** How many matches a picker offers; typing more narrows them. */
export const DRIVER_PICKER_SIZE = 20;

/** The picker's query: a drivers list like any other (same key shape), by name. */
export const driverPickerQuery = (filter: string): DriversQuery => ({ page: 0, size: DRIVER_PICKER_SIZE, sort: 'lastName,asc', filter: filter.trim() || undefined });

/** The drivers matching what was typed into a picker. */
export const useDriverSearch = (filter: string) => useQuery(driversQueryOptions(driverPickerQuery(filter)));
