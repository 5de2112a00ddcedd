// Identity endpoints of the embedded provider, under /api/v1/auth.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfirmResetPasswordBodySchema, ConfirmSignInBodySchema, ForgotPasswordBodySchema, ForgotPasswordResultSchema,
  HandoffRedeemBodySchema, HandoffResultSchema, ProblemSchema, tenantOrigin, RefreshBodySchema, SignInBodySchema, SignInResultSchema, SignOutBodySchema, SignOutResultSchema, TokensSchema,
} from '@clearlane/contract';
import { principalOf } from '../access/guard.ts';
import type { SignInService } from './sign-in.service.ts';
import type { TokenService } from './tokens.ts';
import type { HandoffService } from './handoff.service.ts';
import type { TenancyService } from '../modules/tenancy/tenancy.service.ts';
import type { SsoService } from './sso/sso.service.ts';
import type { CognitoSettings } from '../config/config.ts';
import { embeddedOnly } from './cognito/embedded-only.ts';

export interface IdentityDeps {
  signIn: SignInService;
  tokens: TokenService;
  handoff: HandoffService;
  tenancy: TenancyService;
  sso: SsoService;
  authRateLimitPerMinute: number;
  /** A cloud user pool signs people in: password sign-in and resets are refused (identity/cognito/embedded-only.ts). */
  cognito: CognitoSettings | null;
}

const problems = { 400: ProblemSchema, 401: ProblemSchema, 429: ProblemSchema };

export async function identityRoutes(app: FastifyInstance, deps: IdentityDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Identity'];
  const hostTenant = async (host: string) => (await deps.tenancy.tenantOf(host))?.identifier ?? '';
  // Guessing passwords or codes is slowed down per client address on top of the per-account lock.
  const strict = { rateLimit: { max: deps.authRateLimitPerMinute, timeWindow: '1 minute' } };

  const passwordSignIn = embeddedOnly(deps.cognito, 'Signing in with a password');
  const passwordReset = embeddedOnly(deps.cognito, 'Resetting a password');

  r.post('/auth/sign-in', {
    config: strict,
    onRequest: passwordSignIn,
    schema: { tags, summary: 'Start signing in with email and password', body: SignInBodySchema, response: { 200: SignInResultSchema, ...problems } },
  }, async (request) => deps.signIn.signIn(request.body.email, request.body.password, { hostTenant: await hostTenant(request.host) }));

  r.post('/auth/sign-in/confirm', {
    config: strict,
    onRequest: passwordSignIn,
    schema: {
      tags,
      summary: 'Answer the current sign-in step',
      description: 'New password, TOTP or SMS code, or the chosen MFA type (TOTP | SMS), depending on nextStep.',
      body: ConfirmSignInBodySchema,
      response: { 200: SignInResultSchema, ...problems },
    },
  }, async (request) => deps.signIn.confirmSignIn(request.body.session, request.body.challengeResponse, { hostTenant: await hostTenant(request.host) }));

  r.post('/auth/token', {
    schema: { tags, summary: 'GetTokensFromRefreshToken: new tokens for a refresh token (rotates it)', body: RefreshBodySchema, response: { 200: TokensSchema, ...problems } },
  }, async (request) => deps.signIn.refresh(request.body.refreshToken));

  r.post('/auth/sign-out', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Sign out: revokes this sign-in\'s refresh tokens',
      description: 'A session opened through the company\'s OpenID provider answers 200 with the provider\'s end-session URL '
        + '(RP-initiated logout) for the browser to visit, or null when the provider has none; other sessions answer 204. '
        + 'With a cloud user pool (AUTH_PROVIDER=cognito) the bearer may be the pool\'s id token: that pool sign-in is revoked here, '
        + 'so its tokens (every token with its origin_jti) are refused from the next request; the portal revokes the pool\'s refresh token there (RevokeToken).',
      security: [{ bearer: [] }],
      body: SignOutBodySchema.optional(),
      response: { 200: SignOutResultSchema, 204: z.null(), 401: ProblemSchema },
    },
  }, async (request, reply) => {
    const { sessionId } = principalOf(request);
    const provider = await deps.sso.providerSessionOf(sessionId);
    const endSessionUrl = provider ? await deps.sso.endSessionUrl(sessionId) : null;
    await deps.signIn.signOut(sessionId);
    return provider ? reply.status(200).send({ endSessionUrl }) : reply.status(204).send(null);
  });

  r.post('/auth/forgot-password', {
    config: strict,
    onRequest: passwordReset,
    schema: { tags, summary: 'Send a password reset code by mail', body: ForgotPasswordBodySchema, response: { 200: ForgotPasswordResultSchema, ...problems } },
  }, async (request) => deps.signIn.forgotPassword(request.body.email));

  r.post('/auth/confirm-reset-password', {
    config: strict,
    onRequest: passwordReset,
    schema: { tags, summary: 'Set a new password with the code', body: ConfirmResetPasswordBodySchema, response: { 200: z.object({ nextStep: z.literal('DONE') }), ...problems } },
  }, async (request) => deps.signIn.confirmResetPassword(request.body.email, request.body.code, request.body.newPassword));

  r.post('/auth/handoff', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'A one-time code that signs the caller in on their own tenant host',
      security: [{ bearer: [] }],
      response: { 200: HandoffResultSchema, 401: ProblemSchema },
    },
  }, async (request) => {
    const handoff = await deps.handoff.create(principalOf(request));
    // Same scheme and port as this request, so it works on loopback (acme.localhost:3000) too.
    const origin = tenantOrigin(handoff.tenantIdentifier, { protocol: `${request.protocol}:`, host: request.host }, await deps.tenancy.settings());
    return { ...handoff, origin };
  });

  r.post('/auth/handoff/redeem', {
    config: strict,
    schema: { tags, summary: 'Exchange a handoff code for tokens', body: HandoffRedeemBodySchema, response: { 200: TokensSchema, ...problems } },
  }, async (request) => deps.handoff.redeem(request.body.code));

  r.get('/auth/jwks.json', {
    schema: { tags, summary: 'Public keys of our token signatures (JWKS)', response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) } },
  }, async () => deps.tokens.publicKeys() as { keys: Record<string, unknown>[] });
}
