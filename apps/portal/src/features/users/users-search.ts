// The user list's view as search params (?page=1&sort=email,asc&role=Manager…), so a view is a URL.
// UI-free and library-free: the route config that imports this lands in the entry chunk.
import type { RoleName } from '@clearlane/contract/enums';
import type { UserStatus } from '@clearlane/contract/users';
import { hasFilters, listQueryOf, listSearchFields } from '../../lib/list-search.ts';
import { oneOfField, searchSchema, type SearchOfSchema } from '../../lib/search-schema.ts';
import { searchText } from '../../lib/search-params.ts';

// Spelled out rather than imported (the contract's modules build full zod schemas at load time);
// the `satisfies` clauses keep them in step with the contract.
export const ROLE_OPTIONS = ['Company Admin', 'Manager', 'Agent', 'Viewer'] as const satisfies readonly RoleName[];
export const STATUS_OPTIONS = ['ACTIVE', 'INVITED', 'DISABLED'] as const satisfies readonly UserStatus[];
export const USER_SORT_KEYS = ['firstName', 'lastName', 'email', 'role', 'status', 'createdAt', 'lastSignInAt'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

export const DEFAULT_USERS_SORT = 'createdAt,desc';

// A bad value in a hand-edited URL falls back to the default instead of failing the page.
export const usersSearchSchema = searchSchema({
  ...listSearchFields(USER_SORT_KEYS),
  // ?filter=12345 in a hand-written link is read as a number by the router: it searches as text.
  filter: searchText(100),
  role: oneOfField(ROLE_OPTIONS),
  status: oneOfField(STATUS_OPTIONS),
});

export type UsersSearch = SearchOfSchema<typeof usersSearchSchema>;

/** The filters of a view (not its page or sort): what "Clear filters" clears. */
export const USER_FILTER_KEYS = ['filter', 'role', 'status'] as const satisfies readonly (keyof UsersSearch)[];
export const hasUserFilters = (search: UsersSearch) => hasFilters(search, USER_FILTER_KEYS);

/** The API query of a view: page 0-based, default size and sort filled in. */
export function usersQueryOf(search: UsersSearch) {
  return {
    ...listQueryOf(search, DEFAULT_USERS_SORT),
    filter: search.filter?.trim() || undefined,
    role: search.role,
    status: search.status,
  };
}
export type UsersQuery = ReturnType<typeof usersQueryOf>;
