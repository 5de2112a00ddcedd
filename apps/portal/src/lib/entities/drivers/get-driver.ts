// GET /api/v1/person/{id}: one driver of the company (another company's driver answers 404).
// Shared by the driver page and the order forms (a driver named in the URL): one cache.
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { Person } from '@clearlane/contract/persons';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

export const getDriver = (id: string, signal?: AbortSignal) => api.get<Person>(`/api/v1/person/${encodeURIComponent(id)}`, { signal });

export const driverQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.drivers.detail(id), queryFn: ({ signal }) => getDriver(id, signal) });

/** The driver page's driver (its route loader has fetched it). */
export const useDriver = (id: string) => useSuspenseQuery(driverQueryOptions(id));

/** A driver that may not be named (an order form without ?personId); a 404 is not retried. */
export const useOptionalDriver = (id: string | undefined) => useQuery({ ...driverQueryOptions(id ?? ''), enabled: !!id, retry: false });
