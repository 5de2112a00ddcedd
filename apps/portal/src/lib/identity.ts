// Calls to our identity provider (/api/v1/auth). Each is retried per SPEC.md §7's identity policy.
import type { SignInResult, Tokens } from '@clearlane/contract/auth';
import { request } from './http.ts';
import { withIdentityRetry } from './retry.ts';

const identityCall = <T>(path: string, body?: unknown, authenticated = false) =>
  withIdentityRetry(() => request<T>(`/api/v1/auth${path}`, { method: 'POST', body, anonymous: !authenticated }));

export const identity = {
  signIn: (email: string, password: string) => identityCall<SignInResult>('/sign-in', { email, password }),
  confirmSignIn: (session: string, challengeResponse: string) => identityCall<SignInResult>('/sign-in/confirm', { session, challengeResponse }),
  /** GetTokensFromRefreshToken */
  refresh: (refreshToken: string) => identityCall<Tokens>('/token', { refreshToken }),
  signOut: () => identityCall<void>('/sign-out', {}, true),
  forgotPassword: (email: string) =>
    identityCall<{ nextStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE'; codeDeliveryDetails: { deliveryMedium: string; destination: string } }>('/forgot-password', { email }),
  confirmResetPassword: (email: string, code: string, newPassword: string) =>
    identityCall<{ nextStep: 'DONE' }>('/confirm-reset-password', { email, code, newPassword }),
  createHandoff: () => identityCall<{ code: string; tenantIdentifier: string; origin: string }>('/handoff', undefined, true),
  redeemHandoff: (code: string) => identityCall<Tokens>('/handoff/redeem', { code }),
};
