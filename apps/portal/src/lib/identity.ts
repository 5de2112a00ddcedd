// Calls to our identity provider (/api/v1/auth). Each is retried per SPEC.md §7's identity policy.
import type { SignInResult, Tokens } from '@clearlane/contract/auth';
import type { SignInDiscoverResult } from '@clearlane/contract/sso';
import { request } from './http.ts';
import { withIdentityRetry } from './retry.ts';

const identityCall = <T>(path: string, body?: unknown, authenticated = false) =>
  withIdentityRetry(() => request<T>(`/api/v1/auth${path}`, { method: 'POST', body, anonymous: !authenticated }));

export const identity = {
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
  createHandoff: () => identityCall<{ code: string; tenantIdentifier: string; origin: string }>('/handoff', undefined, true),
  redeemHandoff: (code: string) => identityCall<Tokens>('/handoff/redeem', { code }),
};
