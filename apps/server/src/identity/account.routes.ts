// "Your account" under /api/v1/auth: the signed-in user's password and two-step verification.
// Cognito's operation names are in each summary; every change proves the current password.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssociateSoftwareTokenResultSchema, ChangePasswordBodySchema, MfaStatusSchema, ProblemSchema, SetMfaPreferenceBodySchema,
  StartMfaSetupBodySchema, StartSmsSetupResultSchema, VerifyMfaSetupBodySchema,
} from '@clearlane/contract';
import { principalOf } from '../access/guard.ts';
import type { AccountService } from './account.service.ts';
import type { CognitoSettings } from '../config/config.ts';
import { embeddedOnly } from './cognito/embedded-only.ts';

export interface AccountDeps {
  account: AccountService;
  authRateLimitPerMinute: number;
  /** A cloud user pool keeps passwords and second factors: changing them here is refused. */
  cognito: CognitoSettings | null;
}

const problems = { 400: ProblemSchema, 401: ProblemSchema, 429: ProblemSchema };
const PASSWORD_NOTE =
  'A wrong current password answers 400 NotAuthorizedException naming body.currentPassword and counts toward the sign-in lockout (429 TooManyFailedAttemptsException with Retry-After while locked).';

export async function accountRoutes(app: FastifyInstance, deps: AccountDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Your account'];
  const security = [{ bearer: [] }];
  // Password guesses through these calls are slowed per client address like sign-in's.
  const config = { rateLimit: { max: deps.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const { account } = deps;
  // Secrets (the TOTP set-up) and personal data (the masked phone) must not be kept by caches.
  // This plugin is encapsulated: the hook covers these routes only.
  // Every call here is the signed-in user's own; authenticate before the body is parsed or validated.
  const poolOnly = embeddedOnly(deps.cognito, 'Changing your password or two-step verification');
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET') await poolOnly(request);
  });
  app.addHook('onRequest', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get('/auth/mfa', {
    schema: { tags, security, summary: 'Your two-step verification: which factors are on, and whether your company requires one', response: { 200: MfaStatusSchema, 401: ProblemSchema } },
  }, async (request) => account.mfaStatus(principalOf(request)));

  r.post('/auth/change-password', {
    config,
    schema: {
      tags, security,
      summary: 'ChangePassword: a new password, with the current one',
      description: `The new password must meet the password policy (400 InvalidPasswordException naming body.newPassword). ${PASSWORD_NOTE} Every other signed-in session of the user ends at once; this one stays.`,
      body: ChangePasswordBodySchema,
      response: { 204: z.null(), ...problems },
    },
  }, async (request, reply) => {
    await account.changePassword(principalOf(request), request.body.currentPassword, request.body.newPassword);
    return reply.status(204).send(null);
  });

  r.post('/auth/mfa/totp/associate', {
    config,
    schema: {
      tags, security,
      summary: 'AssociateSoftwareToken: a new authenticator-app secret (QR code), pending until a code from it is verified',
      description: `${PASSWORD_NOTE} The answer's session handle lasts 10 minutes and allows 5 wrong codes.`,
      body: StartMfaSetupBodySchema,
      response: { 200: AssociateSoftwareTokenResultSchema, ...problems },
    },
  }, async (request) => account.associateSoftwareToken(principalOf(request), request.body.currentPassword));

  r.post('/auth/mfa/totp/verify', {
    config,
    schema: {
      tags, security,
      summary: 'VerifySoftwareToken: a code from the app switches the authenticator app on (it replaces an earlier one)',
      description: 'A wrong code is 400 CodeMismatchException naming body.code; an expired or finished set-up, or the fifth wrong code, is 400 ExpiredCodeException naming body.session.',
      body: VerifyMfaSetupBodySchema,
      response: { 200: MfaStatusSchema, ...problems },
    },
  }, async (request) => account.verifySetup(principalOf(request), 'TOTP', request.body.session, request.body.code));

  r.post('/auth/mfa/sms/associate', {
    config,
    schema: {
      tags, security,
      summary: 'Text a code to your phone to switch SMS two-step verification on',
      description: `${PASSWORD_NOTE} Without a phone number on the account: 409 NoPhoneNumber. Without an SMS provider the message is held in the outbox.`,
      body: StartMfaSetupBodySchema,
      response: { 200: StartSmsSetupResultSchema, 409: ProblemSchema, ...problems },
    },
  }, async (request) => account.startSmsSetup(principalOf(request), request.body.currentPassword));

  r.post('/auth/mfa/sms/verify', {
    config,
    schema: {
      tags, security,
      summary: 'The texted code switches SMS two-step verification on',
      description: 'Errors as for VerifySoftwareToken.',
      body: VerifyMfaSetupBodySchema,
      response: { 200: MfaStatusSchema, ...problems },
    },
  }, async (request) => account.verifySetup(principalOf(request), 'SMS', request.body.session, request.body.code));

  r.post('/auth/mfa/preference', {
    config,
    schema: {
      tags, security,
      summary: 'SetUserMFAPreference: switch factors off; both off resets two-step verification',
      description: `A factor is switched on by its set-up (associate, then verify), which proves the device. ${PASSWORD_NOTE} If the company requires two-step verification of the user, their next sign-in sets a factor up again.`,
      body: SetMfaPreferenceBodySchema,
      response: { 200: MfaStatusSchema, ...problems },
    },
  }, async (request) => account.setMfaPreference(principalOf(request), request.body));
}
