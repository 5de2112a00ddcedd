// The user pool's hosted sign-in page (SPEC.md §9): OAuth 2.0 authorization code with PKCE, the
// only flow we accept (an implicit grant cannot refresh). `/oauth2/authorize` with scopes
// `email openid profile phone`, S256 challenge and a random `state`; back on /login?code=&state=,
// the state is checked and the code exchanged at `/oauth2/token` (grant authorization_code, the
// verifier). The session is marked as a hosted one, so sign-out also ends it at the hosted domain
// (`/logout?client_id=…&logout_uri=…`).
import type { Tokens } from '@clearlane/contract/auth';
import type { CognitoPublicConfig } from '@clearlane/contract/public-config';
import { ApiError, NetworkError } from '../api-error.ts';
import { AuthError } from './auth-errors.ts';
import { assertCognitoConfig, assertOAuthConfig } from './config-rules.ts';
import type { Fetch } from './aws-json.ts';
import { hostedDomainUrl } from './user-pool-identity.ts';

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface HostedUiDeps {
  /** The exact callback registered at the app client: `<origin>/login`. */
  redirectUri: string;
  /** The pending sign-in (verifier, state, where to go after): sessionStorage, this tab only. */
  pending: KeyValue;
  /** The "signed in through the hosted page" mark, kept with the session. */
  mark: KeyValue;
  fetch?: Fetch;
  random?: (n: number) => Uint8Array;
}

const PENDING_KEY = 'clearlane.cognito.oauth.pending';
const MARK_KEY = 'clearlane.cognito.oauth.hosted';

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export async function pkceChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

export function createHostedUi(auth: CognitoPublicConfig, deps: HostedUiDeps) {
  const config = assertCognitoConfig(auth);
  const random = deps.random ?? ((n: number) => crypto.getRandomValues(new Uint8Array(n)));
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));

  return {
    /** Where to send the browser to sign in; remembers the verifier, the state and `redirect`. */
    async authorizeUrl(redirect?: string): Promise<string> {
      const oauth = assertOAuthConfig(config);
      const verifier = base64url(random(32));
      const state = base64url(random(16));
      deps.pending.setItem(PENDING_KEY, JSON.stringify({ verifier, state, ...(redirect ? { redirect } : {}) }));
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: config.userPoolClientId,
        redirect_uri: deps.redirectUri,
        scope: oauth.scopes.join(' '),
        state,
        code_challenge: await pkceChallenge(verifier),
        code_challenge_method: 'S256',
      });
      return `${hostedDomainUrl(oauth.domain)}/oauth2/authorize?${query.toString()}`;
    },

    /** Back from the hosted page: the state must be ours; the code becomes the pool's tokens. */
    async exchange(code: string, state: string | undefined): Promise<{ tokens: Tokens; redirect?: string }> {
      const oauth = assertOAuthConfig(config);
      const raw = deps.pending.getItem(PENDING_KEY);
      deps.pending.removeItem(PENDING_KEY);
      const pending = raw ? (JSON.parse(raw) as { verifier: string; state: string; redirect?: string }) : null;
      if (!pending || !state || pending.state !== state) throw new AuthError('OAuthSignInException', 'The sign-in page answered a sign-in we did not start. Please sign in again.');
      const body = new URLSearchParams({ grant_type: 'authorization_code', client_id: config.userPoolClientId, code, redirect_uri: deps.redirectUri, code_verifier: pending.verifier });
      let response: Response;
      try {
        response = await doFetch(`${hostedDomainUrl(oauth.domain)}/oauth2/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body.toString() });
      } catch (error) {
        throw new NetworkError(error);
      }
      const json = (await response.json().catch(() => ({}))) as { id_token?: string; access_token?: string; refresh_token?: string; expires_in?: number; error?: string; error_description?: string };
      if (!response.ok || !json.id_token || !json.access_token || !json.refresh_token) {
        const name = json.error ?? 'invalid_grant';
        throw new ApiError(response.status, { code: name, title: name, detail: json.error_description ?? 'The sign-in could not be completed. Please sign in again.', status: response.status });
      }
      deps.mark.setItem(MARK_KEY, '1');
      return {
        tokens: { idToken: json.id_token, accessToken: json.access_token, refreshToken: json.refresh_token, expiresIn: json.expires_in ?? 3600 },
        ...(pending.redirect ? { redirect: pending.redirect } : {}),
      };
    },

    signedInHere: () => deps.mark.getItem(MARK_KEY) === '1',
    forget: () => deps.mark.removeItem(MARK_KEY),
  };
}

export type HostedUi = ReturnType<typeof createHostedUi>;
