// GET /api/v1/users: one page of the company's users (page 0-based, sort=field,dir, filter, role, status).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@clearlane/contract/pagination';
import type { UserSummary } from '@clearlane/contract/users';
import { api } from '../../../lib/http.ts';
import type { UsersQuery } from '../users-search.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getUsers = (query: UsersQuery, signal?: AbortSignal) => api.get<Page<UserSummary>>('/api/v1/users', { query: { ...query }, signal });

/** The users' keys (src/lib/query-keys.ts), under the name the users feature has used. */
export const usersQueryKeys = queryKeys.users;

export const usersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: usersQueryKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UsersQuery) => useQuery(usersQueryOptions(query));
