// The access guard both ways (SPEC.md §2), used by the layout routes' beforeLoad:
//  - default layout: no tokens → /login?redirect=…; tokens that cannot become a session (expired,
//    refresh refused) → the same, with a toast saying so; a session for another host → handed over;
//  - unauthenticated layout: a valid session → /.
import { redirect } from '@tanstack/react-router';
import { AUTH_MESSAGES } from '@clearlane/contract/auth-messages';
import { session } from '../../lib/auth.ts';
import type { IdTokenClaims } from '../../lib/jwt.ts';
import { authProvider } from '../../lib/public-config.ts';
import { notify } from '../../lib/toasts/notify.ts';
import { handOffToHomeHost } from './complete-sign-in.ts';

interface GuardLocation {
  href: string;
}

function toLogin(location: GuardLocation) {
  // Only a path travels in ?redirect=; login validates it again before using it.
  return redirect({ to: '/login', search: { redirect: location.href === '/' ? undefined : location.href }, replace: true });
}

/** Waits forever: used while the page is being replaced by a full page load. */
const unloading = () => new Promise<never>(() => {});

/**
 * The tenant the session's id token names. A cloud user pool's token has no `tenant_identifier`
 * (the server maps the company from its own COGNITO_COMPANY_ATTRIBUTE or the host, which the portal
 * need not know): unknown (null). The sign-in already went where the server's /users/me said
 * (completeSignIn), and tokens live in host-scoped cookies, so the guard does not move the user.
 */
export function tokenTenant(claims: IdTokenClaims): string | null {
  return authProvider() === 'cognito' ? null : (claims.tenant_identifier ?? '');
}

export async function requireSession({ location, preload = false }: { location: GuardLocation; preload?: boolean }) {
  if (!session.load()) throw toLogin(location);
  // A network error propagates to the error page: being offline is not being signed out.
  const current = await session.getSession();
  if (!current) {
    // A hover preload must not toast; the navigation that follows finds no tokens and redirects.
    if (!preload) notify.error(AUTH_MESSAGES.noTokens, { scope: 'app' });
    throw toLogin(location);
  }
  const tenant = tokenTenant(current.claims);
  if (!preload && tenant !== null && (await handOffToHomeHost(tenant, location.href))) await unloading();
  return { session: current };
}

export async function redirectSignedInUser() {
  // Any failure here (offline, refresh refused) means: show the public page.
  const current = await session.getSession().catch(() => null);
  if (current) throw redirect({ to: '/', replace: true });
}
