// Sign-out (SPEC.md §2): the session ends on the server and here, then the user lands on the
// portal URL's /login — on another host that is a full page load.
import { signOutDestination } from '@clearlane/contract/tenancy';
import { identity } from '../../lib/identity.ts';
import { publicConfig } from '../../lib/public-config.ts';
import { appRouter } from '../navigation/app-router.ts';
import { clearLocalSession, pageLocation } from './complete-sign-in.ts';

export async function signOut(): Promise<void> {
  // Revoke on the server when we can; the local session goes either way.
  const answer = await identity.signOut().catch(() => undefined);
  clearLocalSession();
  // Signed in through the company's identity provider: end the session there too (RP-initiated
  // logout); the provider sends the browser back to the portal's /login.
  if (answer?.endSessionUrl) {
    pageLocation.assign(answer.endSessionUrl);
    return;
  }
  const destination = new URL(signOutDestination(publicConfig()), pageLocation.current().origin);
  if (destination.origin === pageLocation.current().origin) {
    const router = appRouter();
    await router.invalidate();
    await router.navigate({ href: `${destination.pathname}${destination.search}`, replace: true });
  } else {
    pageLocation.assign(destination.href);
  }
}
