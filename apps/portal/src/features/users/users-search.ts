// The user list's view as search params (?page=1&sort=email,asc&role=Manager…), so a view is a URL.
// UI-free and on zod/mini: the route config that imports this lands in the entry chunk.
import * as z from 'zod/mini';
import type { RoleName } from '@clearlane/contract/enums';
import type { UserStatus } from '@clearlane/contract/users';
import { searchText } from '../../lib/search-params.ts';

// Spelled out rather than imported (the contract's modules build full zod schemas at load time);
// the `satisfies` clauses keep them in step with the contract.
export const ROLE_OPTIONS = ['Company Admin', 'Manager', 'Agent', 'Viewer'] as const satisfies readonly RoleName[];
export const STATUS_OPTIONS = ['ACTIVE', 'INVITED', 'DISABLED'] as const satisfies readonly UserStatus[];
export const USER_SORT_KEYS = ['firstName', 'lastName', 'email', 'role', 'status', 'createdAt', 'lastSignInAt'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

export const DEFAULT_USERS_PAGE_SIZE = 20;
export const USERS_PAGE_SIZES = [10, 20, 50, 100] as const;

const SORT = new RegExp(`^(${USER_SORT_KEYS.join('|')}),(asc|desc)$`);

// A bad value in a hand-edited URL falls back to the default instead of failing the page.
export const usersSearchSchema = z.object({
  page: z.catch(z.optional(z.int().check(z.minimum(0), z.maximum(100_000))), undefined),
  size: z.catch(z.optional(z.union([z.literal(10), z.literal(20), z.literal(50), z.literal(100)])), undefined),
  // ?filter=12345 in a hand-written link is read as a number by the router: it searches as text.
  filter: z.catch(z.optional(searchText(100)), undefined),
  role: z.catch(z.optional(z.enum(ROLE_OPTIONS)), undefined),
  status: z.catch(z.optional(z.enum(STATUS_OPTIONS)), undefined),
  sort: z.catch(z.optional(z.string().check(z.regex(SORT))), undefined),
});

export type UsersSearch = z.infer<typeof usersSearchSchema>;

/** The API query of a view: page 0-based, default size and sort filled in. */
export function usersQueryOf(search: UsersSearch) {
  return {
    page: search.page ?? 0,
    size: search.size ?? DEFAULT_USERS_PAGE_SIZE,
    sort: search.sort ?? 'createdAt,desc',
    filter: search.filter?.trim() || undefined,
    role: search.role,
    status: search.status,
  };
}
export type UsersQuery = ReturnType<typeof usersQueryOf>;
