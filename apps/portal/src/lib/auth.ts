// The app's one session manager, wired to the identity provider and the HTTP client.
import { CookieStorage } from './cookie-storage.ts';
import { linkSession } from './cognito/session-link.ts';
import { configureHttp } from './http.ts';
import { identity } from './identity.ts';
import { authProvider } from './public-config.ts';
import { SessionManager } from './session.ts';

export const session = new SessionManager(new CookieStorage(), (refreshToken) => identity.refresh(refreshToken));

linkSession(session);

// With a cloud user pool, a signed-in session obtains identity-pool credentials (and sign-out forgets them).
session.subscribe((current) => {
  if (authProvider() === 'cognito') void import('./cognito/index.ts').then((cognito) => cognito.onSessionChange(current !== null));
});

let onUnauthenticated = () => {};
/** The router registers what to do when the server ends the session (go to /login). */
export function setUnauthenticatedHandler(handler: () => void) {
  onUnauthenticated = handler;
}

configureHttp({
  idToken: async (options) => (await session.getSession(options))?.idToken ?? null,
  onUnauthenticated: () => {
    session.clear();
    onUnauthenticated();
  },
});
