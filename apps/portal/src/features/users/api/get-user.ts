// GET /api/v1/users/{id}: one user of the company (another company's user answers 404).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { UserSummary } from '@clearlane/contract/users';
import { api } from '../../../lib/http.ts';
import { usersQueryKeys } from './get-users.ts';

export const getUser = (id: string, signal?: AbortSignal) => api.get<UserSummary>(`/api/v1/users/${encodeURIComponent(id)}`, { signal });

export const userQueryOptions = (id: string) => queryOptions({ queryKey: usersQueryKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

export const useUser = (id: string) => useSuspenseQuery(userQueryOptions(id));
