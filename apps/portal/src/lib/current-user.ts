// The current user and the company plugins, kept across page loads (SPEC.md §3) in localStorage,
// so a reload paints the shell at once while a fresh copy is fetched.
import type { CurrentUser } from '@clearlane/contract/users';
import type { PluginName } from '@clearlane/contract/company';
import { request } from './http.ts';

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
  if (context) localStorage.setItem(STORAGE_KEY, JSON.stringify(context));
  else localStorage.removeItem(STORAGE_KEY);
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

export const userContextQueryKey = ['user-context'] as const;
