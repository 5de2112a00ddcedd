// How the server's refusals read on the account page. A wrong current password is a 400
// NotAuthorizedException naming body.currentPassword; a lockout is 429 with the wait in its message.
import { AUTH_ERROR_CODES } from '@clearlane/contract/auth';
import { ApiError, NetworkError } from '../../../lib/api-error.ts';

export function messageOf(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return fallback;
}

/** The message for the current-password field, when the error is about it. */
export function currentPasswordError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === AUTH_ERROR_CODES.TooManyFailedAttempts) return error.message;
  if (error.code === AUTH_ERROR_CODES.NotAuthorized && error.fieldMessage('currentPassword')) return 'That is not your current password.';
  return null;
}

export const isCodeMismatch = (error: unknown): error is ApiError => error instanceof ApiError && error.code === AUTH_ERROR_CODES.CodeMismatch;

/** The set-up expired, was finished elsewhere, or had too many wrong codes: it must start again. */
export const isSetupOver = (error: unknown): error is ApiError => error instanceof ApiError && error.code === AUTH_ERROR_CODES.ExpiredCode;

