// The current user and the company plugins, kept across page loads (SPEC.md §3) in localStorage,
// so a reload paints the shell at once while a fresh copy is fetched in the background.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@clearlane/contract/users';
import type { PluginName } from '@clearlane/contract/company';
import { request } from './http.ts';
import { queryKeys } from './query-keys.ts';

const STORAGE_KEY = 'clearlane.currentUser';

export interface UserContext {
  user: CurrentUser;
  plugins: PluginName[];
}

export function readPersistedUser(): UserContext | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as UserContext) : null;
  } catch {
    return null;
  }
}

export function persistUser(context: UserContext | null) {
  try {
    if (context) localStorage.setItem(STORAGE_KEY, JSON.stringify(context));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or blocked: the user is fetched on every load instead.
  }
}

/**
 * The persisted user, only if it belongs to the signed-in session (same user, same company):
 * another person signing in on this browser, or a company switch, must never see the old one.
 */
export function persistedUserFor(claims: { sub: string; company_id: string } | null | undefined): UserContext | null {
  const persisted = readPersistedUser();
  if (!persisted || !claims) return null;
  return persisted.user.id === claims.sub && persisted.user.companyId === claims.company_id ? persisted : null;
}

export class UserSetupError extends Error {
  constructor(cause: unknown) {
    super('An error occurred while fetching user information.', { cause });
    this.name = 'UserSetupError';
  }
}

/** Fetches /users/me and /company/me/plugins together and keeps them. */
export async function fetchUserContext(): Promise<UserContext> {
  try {
    const [user, { plugins }] = await Promise.all([
      request<CurrentUser>('/api/v1/users/me'),
      request<{ plugins: PluginName[] }>('/api/v1/company/me/plugins'),
    ]);
    const context = { user, plugins };
    persistUser(context);
    return context;
  } catch (error) {
    throw new UserSetupError(error);
  }
}

export const userContextQueryKey = queryKeys.userContext;

export const userContextQuery = queryOptions({
  queryKey: userContextQueryKey,
  queryFn: fetchUserContext,
  staleTime: 60_000,
});

/** The signed-in user and company plugins; only inside the authenticated layout (its loader fetched them). */
export function useUserContext(): UserContext {
  return useSuspenseQuery(userContextQuery).data;
}
