// GET /api/v1/person/{id}: one driver of the company (another company's driver answers 404).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Person } from '@clearlane/contract/persons';
import { api } from '../../../lib/http.ts';
import { driversQueryKeys } from './get-drivers.ts';

export const getDriver = (id: string, signal?: AbortSignal) => api.get<Person>(`/api/v1/person/${encodeURIComponent(id)}`, { signal });

export const driverQueryOptions = (id: string) => queryOptions({ queryKey: driversQueryKeys.detail(id), queryFn: ({ signal }) => getDriver(id, signal) });

export const useDriver = (id: string) => useSuspenseQuery(driverQueryOptions(id));
