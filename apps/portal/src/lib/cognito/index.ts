// The cloud user pool, wired to the app (loaded lazily by lib/identity.ts and lib/auth.ts, so none
// of it is in the first-load chunk): the adapter with the browser's device store and the session's
// tokens, and the identity-pool credentials of the signed-in session.
import type { Tokens } from '@clearlane/contract/auth';
import { decodeJwt } from '../jwt.ts';
import { publicConfig } from '../public-config.ts';
import { authException } from './auth-errors.ts';
import { assertCognitoConfig } from './config-rules.ts';
import { createCredentialsProvider, type CredentialsProvider } from './credentials.ts';
import { localDeviceStore } from './devices.ts';
import { createHostedUi, type HostedUi } from './hosted-ui.ts';
import { linkedSession } from './session-link.ts';
import { createUserPoolIdentity, type UserPoolIdentity } from './user-pool-identity.ts';

let identity: UserPoolIdentity | undefined;
let credentialsProvider: CredentialsProvider | undefined;
let hostedUi: HostedUi | undefined;

/** The hosted sign-in page (authorization code + PKCE), its callback being this host's /login. */
export function cognitoHostedUi(): HostedUi {
  hostedUi ??= createHostedUi(assertCognitoConfig(publicConfig().auth), { redirectUri: `${window.location.origin}/login`, pending: sessionStorage, mark: localStorage });
  return hostedUi;
}

export function cognitoIdentity(): UserPoolIdentity {
  if (identity) return identity;
  const config = assertCognitoConfig(publicConfig().auth);
  identity = createUserPoolIdentity(config, {
    devices: localDeviceStore(config.userPoolClientId),
    storedTokens: () => linkedSession().load(),
    signedInWithHostedUi: () => cognitoHostedUi().signedInHere(),
    logoutUri: () => `${window.location.origin}/login`,
  });
  return identity;
}

/**
 * Whether the session's tokens are the pool's (issued by `<endpoint>/<userPoolId>`). A session handed
 * over from another host (the handoff), or opened through a company's own OpenID provider, holds our
 * server's tokens instead: those are refreshed and revoked by our server, not the pool.
 */
export function isPoolSession(): boolean {
  const stored = linkedSession().load();
  if (!stored) return false;
  const { userPoolId } = assertCognitoConfig(publicConfig().auth);
  const { iss } = decodeJwt<{ iss?: string }>(stored.idToken);
  return typeof iss === 'string' && iss.endsWith(`/${userPoolId}`);
}

/** The account page's password change, at the pool, with the session's access token. */
export async function changePoolPassword(currentPassword: string, newPassword: string): Promise<void> {
  const current = await linkedSession().getSession();
  if (!current) throw authException('UserUnAuthenticatedException');
  await cognitoIdentity().changePassword(current.accessToken, currentPassword, newPassword);
}

/** Refresh with the device key of the signed-in user, when their device is remembered. */
export function refreshCognitoTokens(refreshToken: string): Promise<Tokens> {
  const stored = linkedSession().load();
  const username = stored ? decodeJwt<{ email?: string }>(stored.idToken).email : undefined;
  return cognitoIdentity().refresh(refreshToken, username);
}

/** The identity-pool credentials of the session (null without an identity pool, or for a refused guest). */
export function cognitoCredentials(): CredentialsProvider | null {
  const config = assertCognitoConfig(publicConfig().auth);
  if (!config.identityPoolId) return null;
  credentialsProvider ??= createCredentialsProvider(config, {
    currentUser: async () => {
      const current = await linkedSession().getSession();
      return current ? { idToken: current.idToken, sub: current.claims.sub } : null;
    },
    storage: localStorage,
  });
  return credentialsProvider;
}

/** Signed in (or refreshed): obtain and cache the credentials; signed out: forget them. */
export function onSessionChange(signedIn: boolean) {
  if (!signedIn) cognitoHostedUi().forget();
  const provider = cognitoCredentials();
  if (!provider) return;
  if (!signedIn) {
    provider.clear();
    return;
  }
  provider.get().catch(() => {
    // Credentials are not used by any page yet; a failure here must not disturb the sign-in.
  });
}
