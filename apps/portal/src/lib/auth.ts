// The app's one session manager, wired to the identity provider and the HTTP client.
import { CookieStorage } from './cookie-storage.ts';
import { configureHttp } from './http.ts';
import { identity } from './identity.ts';
import { SessionManager } from './session.ts';

export const session = new SessionManager(new CookieStorage(), (refreshToken) => identity.refresh(refreshToken));

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
