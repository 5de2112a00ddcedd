// What the embedded identity provider's own endpoints answer when a cloud user pool signs people in
// (AUTH_PROVIDER=cognito, docs/DECISIONS.md): passwords, resets, two-step verification and the
// invitation's temporary password belong to the pool, so these endpoints refuse with a problem that
// names the pool instead of keeping a second, weaker way in beside it.
import type { FastifyRequest } from 'fastify';
import type { CognitoSettings } from '../../config/config.ts';
import { AppError } from '../../http/errors.ts';

/** Cognito's own name for a call its app client does not allow (e.g. a disabled auth flow). */
export const USER_POOL_ONLY_CODE = 'InvalidParameterException';

export function userPoolOnlyError(settings: CognitoSettings, what: string): AppError {
  return new AppError(400, USER_POOL_ONLY_CODE,
    `${what} belongs to the Amazon Cognito user pool ${settings.userPoolId} here (${settings.userPoolEndpoint}): `
    + 'sign in there and send its id token as the bearer; passwords, resets and two-step verification are set there.');
}

/** An onRequest hook refusing the route in cognito mode; nothing in embedded mode. */
export function embeddedOnly(settings: CognitoSettings | null, what: string) {
  return async (_request: FastifyRequest) => {
    if (settings) throw userPoolOnlyError(settings, what);
  };
}
