// Calls to our identity provider (/api/v1/auth). Each is retried per SPEC.md §7's identity policy.
import type { SignInResult, Tokens } from '@clearlane/contract/auth';
import type { SignInDiscoverResult } from '@clearlane/contract/sso';
import { request } from './http.ts';
import { authProvider } from './public-config.ts';
import { withIdentityRetry } from './retry.ts';

const identityCall = <T>(path: string, body?: unknown, authenticated = false) =>
  withIdentityRetry(() => request<T>(`/api/v1/auth${path}`, { method: 'POST', body, anonymous: !authenticated }));

const NO_SIGN_UP = 'The embedded identity provider has no sign-up to confirm: accounts are created by a company admin.';

/** Our embedded identity provider (the default). */
export const embeddedIdentity = {
  /** Email first: the password step, or the company's identity provider to go to (issue 14). */
  discover: (email: string, redirect?: string) => identityCall<SignInDiscoverResult>('/sign-in/discover', { email, ...(redirect ? { redirect } : {}) }),
  signIn: (email: string, password: string) => identityCall<SignInResult>('/sign-in', { email, password }),
  confirmSignIn: (session: string, challengeResponse: string) => identityCall<SignInResult>('/sign-in/confirm', { session, challengeResponse }),
  /** GetTokensFromRefreshToken */
  refresh: (refreshToken: string) => identityCall<Tokens>('/token', { refreshToken }),
  /** A session opened through the company's provider answers where to end it there too (RP-initiated logout). */
  signOut: () => identityCall<{ endSessionUrl: string | null } | undefined>('/sign-out', {}, true),
  forgotPassword: (email: string) =>
    identityCall<{ nextStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE'; codeDeliveryDetails: { deliveryMedium: string; destination: string } }>('/forgot-password', { email }),
  confirmResetPassword: (email: string, code: string, newPassword: string) =>
    identityCall<{ nextStep: 'DONE' }>('/confirm-reset-password', { email, code, newPassword }),
  /** CONFIRM_SIGN_UP is a cloud user pool's step only: the embedded provider never answers it. */
  confirmSignUp: (_email: string, _code: string): Promise<{ nextStep: 'DONE' }> => Promise.reject(new Error(NO_SIGN_UP)),
  resendSignUpCode: (_email: string): Promise<{ codeDeliveryDetails: { deliveryMedium: 'EMAIL' | 'SMS'; destination: string } }> => Promise.reject(new Error(NO_SIGN_UP)),
  createHandoff: () => identityCall<{ code: string; tenantIdentifier: string; origin: string }>('/handoff', undefined, true),
  redeemHandoff: (code: string) => identityCall<Tokens>('/handoff/redeem', { code }),
};

type Embedded = typeof embeddedIdentity;
/** The calls the cloud user pool answers itself (sign-out: the server's too); the handoff between hosts stays the server's. */
type PoolCall = 'discover' | 'signIn' | 'confirmSignIn' | 'refresh' | 'signOut' | 'forgotPassword' | 'confirmResetPassword' | 'confirmSignUp' | 'resendSignUpCode';

const cognito = () => import('./cognito/index.ts');

/** Calls the embedded provider, or the user pool when publicConfig().auth.provider is 'cognito' (loaded lazily). */
function routed<K extends PoolCall>(name: K): Embedded[K] {
  return ((...args: unknown[]) => {
    if (authProvider() !== 'cognito') return (embeddedIdentity[name] as (...a: unknown[]) => unknown)(...args);
    return cognito().then(async (module) => {
      // Our server's tokens (a session handed over from another host): our server refreshes and ends them.
      if ((name === 'refresh' || name === 'signOut') && !module.isPoolSession()) return (embeddedIdentity[name] as (...a: unknown[]) => unknown)(...args);
      if (name === 'refresh') return module.refreshCognitoTokens(args[0] as string);
      // Both halves end a pool sign-in: the server revokes it (the pool's id token is the bearer, so
      // it is refused from the next request on), then the pool revokes its refresh token.
      if (name === 'signOut') await embeddedIdentity.signOut().catch(() => undefined);
      return (module.cognitoIdentity()[name] as (...a: unknown[]) => unknown)(...args);
    });
  }) as Embedded[K];
}

export const identity: Embedded = {
  ...embeddedIdentity,
  discover: routed('discover'),
  signIn: routed('signIn'),
  confirmSignIn: routed('confirmSignIn'),
  refresh: routed('refresh'),
  signOut: routed('signOut'),
  forgotPassword: routed('forgotPassword'),
  confirmResetPassword: routed('confirmResetPassword'),
  confirmSignUp: routed('confirmSignUp'),
  resendSignUpCode: routed('resendSignUpCode'),
};
