// How identity errors read on the sign-in and reset forms.
import { AUTH_ERROR_CODES } from '@clearlane/contract/auth';
import { ApiError, NetworkError } from '../../../lib/api-error.ts';

export function messageOf(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return fallback;
}

export const isLockout = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === AUTH_ERROR_CODES.TooManyFailedAttempts;

/** A sign-in conversation the server no longer knows (expired, or too many wrong codes): start again. */
export const isSessionOver = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === AUTH_ERROR_CODES.NotAuthorized;

export const isCodeError = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.code === AUTH_ERROR_CODES.CodeMismatch || error.code === AUTH_ERROR_CODES.ExpiredCode);

export const isPasswordError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === AUTH_ERROR_CODES.InvalidPassword;

/** Masks an address the way the server does: a***@acme.test. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().split('@');
  return domain ? `${local.slice(0, 1)}***@${domain}` : email;
}
