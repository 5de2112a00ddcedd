// Identity-pool credentials (SPEC.md §7, §9): GetId, then GetCredentialsForIdentity, with the
// user pool's id token as the login (`cognito-idp.<region>.amazonaws.com/<userPoolId>`), or as a
// guest when signed out (if the identity pool allows guests; otherwise there are none). Cached for
// 3000 s (never past their own expiration); the identity id is kept and reused; both are forgotten
// on sign-out and when another user signs in. Calls retry per the identity policy (aws-json.ts).
import type { CognitoPublicConfig } from '@clearlane/contract/public-config';
import { ApiError } from '../api-error.ts';
import { COGNITO_ERRORS } from './auth-errors.ts';
import { awsJsonCall, IDENTITY_POOL_SERVICE, type AwsJsonOptions } from './aws-json.ts';
import { assertCognitoConfig, assertIdentityPoolConfig } from './config-rules.ts';

export const CREDENTIALS_CACHE_MS = 3_000_000;

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiration: Date;
}

export interface IdentityCredentials {
  identityId: string;
  credentials: AwsCredentials;
  authenticated: boolean;
}

export interface CredentialsDeps extends AwsJsonOptions {
  /** The signed-in user's id token and subject, or null when signed out. */
  currentUser: () => Promise<{ idToken: string; sub: string } | null>;
  now?: () => number;
  /** Where the identity id is kept between page loads (localStorage in the browser). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

interface Cached {
  principal: string;
  value: IdentityCredentials;
  expiresAt: number;
}

export const loginProviderName = (config: Pick<CognitoPublicConfig, 'region' | 'userPoolId'>) => `cognito-idp.${config.region}.amazonaws.com/${config.userPoolId}`;

export function createCredentialsProvider(auth: CognitoPublicConfig, deps: CredentialsDeps) {
  const config = assertCognitoConfig(auth);
  const now = deps.now ?? Date.now;
  const storageKey = `clearlane.cognito.${config.identityPoolId ?? 'none'}.identity`;
  let cached: Cached | null = null;
  let inflight: Promise<IdentityCredentials | null> | undefined;
  const call = <T>(operation: string, body: Record<string, unknown>) => awsJsonCall<T>(config.identityPoolEndpoint, IDENTITY_POOL_SERVICE, operation, body, deps);

  const storedIdentity = (principal: string): string | null => {
    try {
      const value = JSON.parse(deps.storage?.getItem(storageKey) ?? 'null') as { principal?: string; identityId?: string } | null;
      return value?.principal === principal && value.identityId ? value.identityId : null;
    } catch {
      return null;
    }
  };

  function clear() {
    cached = null;
    deps.storage?.removeItem(storageKey);
  }

  async function fetchCredentials(identityPoolId: string, principal: string, logins: Record<string, string> | undefined): Promise<IdentityCredentials | null> {
    let identityId = storedIdentity(principal);
    if (!identityId) {
      try {
        identityId = (await call<{ IdentityId: string }>('GetId', { IdentityPoolId: identityPoolId, ...(logins ? { Logins: logins } : {}) })).IdentityId;
      } catch (error) {
        // A pool without guest access: signed out means no credentials.
        if (!logins && error instanceof ApiError && error.code === COGNITO_ERRORS.NotAuthorized) return null;
        throw error;
      }
      deps.storage?.setItem(storageKey, JSON.stringify({ principal, identityId }));
    }
    let answer: { IdentityId?: string; Credentials: { AccessKeyId: string; SecretKey: string; SessionToken: string; Expiration: number } };
    try {
      answer = await call('GetCredentialsForIdentity', { IdentityId: identityId, ...(logins ? { Logins: logins } : {}) });
    } catch (error) {
      // The kept identity id is gone or not this login's: forget it and ask for one once more.
      const stale = error instanceof ApiError && (error.code === COGNITO_ERRORS.ResourceNotFound || error.code === COGNITO_ERRORS.NotAuthorized);
      if (!stale || !storedIdentity(principal)) throw error;
      deps.storage?.removeItem(storageKey);
      return fetchCredentials(identityPoolId, principal, logins);
    }
    const expiration = new Date(answer.Credentials.Expiration * 1000);
    const value: IdentityCredentials = {
      identityId: answer.IdentityId ?? identityId,
      authenticated: Boolean(logins),
      credentials: { accessKeyId: answer.Credentials.AccessKeyId, secretAccessKey: answer.Credentials.SecretKey, sessionToken: answer.Credentials.SessionToken, expiration },
    };
    cached = { principal, value, expiresAt: Math.min(now() + CREDENTIALS_CACHE_MS, expiration.getTime()) };
    return value;
  }

  async function load(forceRefresh: boolean): Promise<IdentityCredentials | null> {
    const identityPoolId = assertIdentityPoolConfig(config);
    const user = await deps.currentUser();
    const principal = user ? `user:${user.sub}` : 'guest';
    if (cached && cached.principal !== principal) clear();
    if (!forceRefresh && cached && now() < cached.expiresAt) return cached.value;
    const logins = user ? { [loginProviderName(config)]: user.idToken } : undefined;
    return fetchCredentials(identityPoolId, principal, logins);
  }

  return {
    /** The credentials of the signed-in user (or a guest's), from the cache while it is fresh. */
    get(options: { forceRefresh?: boolean } = {}): Promise<IdentityCredentials | null> {
      inflight ??= load(Boolean(options.forceRefresh)).finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
    /** Sign-out: forget the credentials and the identity id. */
    clear,
  };
}

export type CredentialsProvider = ReturnType<typeof createCredentialsProvider>;
