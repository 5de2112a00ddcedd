// The named errors of the cloud user pool (SPEC.md §8): configuration errors, auth exceptions, and
// what the user pool answers. Their names are Amplify's, so they read the same in logs and support.
import { AUTH_ERROR_CODES } from '@clearlane/contract/auth';
import { ApiError } from '../api-error.ts';

export class AuthError extends Error {
  constructor(
    name: string,
    message: string,
    readonly recoverySuggestion?: string,
  ) {
    super(message);
    this.name = name;
  }
}

/** Configuration errors of SPEC.md §5 and §8, and their texts. */
export const AUTH_CONFIG_ERRORS = {
  AuthTokenConfigException: 'Auth Token Provider not configured',
  AuthUserPoolException: 'Auth UserPool not configured',
  AuthUserPoolAndIdentityPoolException: 'Auth UserPool or IdentityPool not configured',
  InvalidUserPoolId: 'Invalid user pool id provided: a user pool id contains an underscore (us-east-1_AbCdEf123)',
  InvalidIdentityPoolIdException: 'Invalid identity pool id provided: an identity pool id contains a colon (us-east-1:0000-…)',
  OAuthNotConfigureException: 'OAuth not configured',
  UnsupportedOAuthResponseType: 'Only the authorization-code flow is supported: the implicit-grant flow (response type token) cannot refresh tokens',
} as const;
export type AuthConfigErrorName = keyof typeof AUTH_CONFIG_ERRORS;

export const configError = (name: AuthConfigErrorName) => new AuthError(name, AUTH_CONFIG_ERRORS[name], 'Check the AUTH_PROVIDER and COGNITO_* settings of the server.');

/** SPEC.md §8's auth exceptions raised by the portal itself. */
export const AUTH_EXCEPTIONS = {
  UserUnAuthenticatedException: 'User needs to be authenticated to call this API.',
  NoSessionFoundException: 'There was an error creating user session. Please try logging in again.',
  TokenRefreshException: 'Token refresh is not supported when the session has no refresh token.',
  InvalidAuthTokens: 'A refreshable session needs a refresh token; a session with only an access token is not refreshable.',
  DeviceMetadataNotFoundException: 'Either deviceKey, deviceGroupKey or secretPassword were not found during the sign-in process.',
} as const;

export const authException = (name: keyof typeof AUTH_EXCEPTIONS) => new AuthError(name, AUTH_EXCEPTIONS[name]);

/** The user pool's and identity pool's error names the portal reacts to (besides AUTH_ERROR_CODES). */
export const COGNITO_ERRORS = {
  ...AUTH_ERROR_CODES,
  UserNotConfirmed: 'UserNotConfirmedException',
  PasswordResetRequired: 'PasswordResetRequiredException',
  UserNotFound: 'UserNotFoundException',
  LimitExceeded: 'LimitExceededException',
  TooManyRequests: 'TooManyRequestsException',
  ResourceNotFound: 'ResourceNotFoundException',
  EnableSoftwareTokenMFA: 'EnableSoftwareTokenMFAException',
} as const;

/**
 * A Cognito error answer (`{"__type": "…#NotAuthorizedException", "message": …}`, or the
 * x-amzn-ErrorType header) as the ApiError the sign-in forms already read: its `code` is the
 * exception name, its message the service's.
 */
export function cognitoApiError(status: number, body: { __type?: string; message?: string; Message?: string } | null, headerType?: string | null): ApiError {
  const raw = body?.__type ?? headerType?.split(':')[0] ?? 'UnknownError';
  const code = raw.slice(raw.lastIndexOf('#') + 1);
  const message = body?.message ?? body?.Message ?? code;
  return new ApiError(status, { code, title: code, detail: message, status });
}
