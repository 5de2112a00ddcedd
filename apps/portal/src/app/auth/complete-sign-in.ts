// What happens once the identity provider has handed us tokens (SPEC.md §2 "Tenant routing"):
// store them, load the user, then either stay on this host or hand the session over to the host
// the user belongs on. Tokens live in host-scoped cookies, so another host cannot read ours: we
// mint a one-time handoff code, clear the session here, and let the other host redeem the code.
import type { Tokens } from '@clearlane/contract/auth';
import { afterLoginDestination } from '@clearlane/contract/tenancy';
import { session } from '../../lib/auth.ts';
import { fetchUserContext, persistUser, userContextQueryKey, type UserContext } from '../../lib/current-user.ts';
import { identity } from '../../lib/identity.ts';
import { publicConfig } from '../../lib/public-config.ts';
import { safeRedirectPath } from '../../lib/safe-navigation.ts';
import { appRouter } from '../navigation/app-router.ts';
import { queryClient } from '../query-client.ts';

/** Full page loads go through here so tests can observe them. */
export const pageLocation = {
  assign: (url: string) => window.location.assign(url),
  current: (): { protocol: string; host: string; origin: string } => window.location,
};

/**
 * Signs the user in on this host with freshly issued tokens, then sends them on:
 * to their own tenant's host (via a handoff code) when this host is not theirs, otherwise to
 * `redirectTo` when it is a path on this origin, else '/'.
 */
export async function completeSignIn(tokens: Tokens, redirectTo?: string): Promise<void> {
  session.store(tokens);
  let context: UserContext;
  try {
    context = await fetchUserContext();
  } catch (error) {
    // Without a user the session is useless; do not leave half a sign-in behind.
    clearLocalSession();
    throw error;
  }
  queryClient.setQueryData(userContextQueryKey, context);

  const path = safeRedirectPath(redirectTo, pageLocation.current().origin);
  if (await handOffToHomeHost(context.user.tenantIdentifier, path)) return;
  const router = appRouter();
  // The public layout's guard ran while signed out; re-run guards so they see the session.
  await router.invalidate();
  await router.navigate({ href: path, replace: true });
}

/**
 * When this host is not where the user belongs (SPEC.md §2 after-login rule), moves the session to
 * the right host with a one-time code and answers true; the page is then unloading.
 */
export async function handOffToHomeHost(userTenant: string, path = '/'): Promise<boolean> {
  const destination = afterLoginDestination(userTenant, pageLocation.current(), publicConfig());
  if (!destination) return false;
  const handoff = await identity.createHandoff();
  // The server knows every custom domain of the tenant; the portal only knows this host's.
  const origin = (handoff.tenantIdentifier ? handoff.origin : destination).replace(/\/$/, '');
  clearLocalSession();
  const search = new URLSearchParams({ handoff: handoff.code });
  if (path !== '/') search.set('redirect', path);
  pageLocation.assign(`${origin}/login?${search.toString()}`);
  return true;
}

/** Exchanges a handoff code minted on another host for tokens, then continues as completeSignIn. */
export async function redeemHandoff(code: string, redirectTo?: string): Promise<void> {
  const tokens = await identity.redeemHandoff(code);
  await completeSignIn(tokens, redirectTo);
}

/** Forgets the session on this host only (tokens, persisted user, cached queries). */
export function clearLocalSession() {
  session.clear();
  persistUser(null);
  queryClient.clear();
}
