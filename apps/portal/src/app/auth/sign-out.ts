// Sign-out (SPEC.md §2): the session ends on the server and here, then the user lands on the
// portal URL's /login — on another host that is a full page load.
import { signOutDestination } from '@clearlane/contract/tenancy';
import { identity } from '../../lib/identity.ts';
import { publicConfig } from '../../lib/public-config.ts';
import { appRouter } from '../navigation/app-router.ts';
import { clearLocalSession, pageLocation } from './complete-sign-in.ts';

export async function signOut(): Promise<void> {
  // Revoke on the server when we can; the local session goes either way.
  await identity.signOut().catch(() => undefined);
  clearLocalSession();
  const destination = new URL(signOutDestination(publicConfig()), pageLocation.current().origin);
  if (destination.origin === pageLocation.current().origin) {
    const router = appRouter();
    await router.invalidate();
    await router.navigate({ href: `${destination.pathname}${destination.search}`, replace: true });
  } else {
    pageLocation.assign(destination.href);
  }
}
