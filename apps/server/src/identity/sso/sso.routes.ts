// Per-company single sign-on (issue 14): the email-first step and the provider's callback under
// /api/v1/auth, the provider's back-channel logout, and the Company Admin's configuration at
// /api/v1/company/me/sso.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProblemSchema, SignInDiscoverBodySchema, SignInDiscoverResultSchema, SsoConfigAnswerSchema, SsoConfigBodySchema } from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import type { SsoService } from './sso.service.ts';

export interface SsoRouteDeps {
  sso: SsoService;
  /** Ends one of our sessions (a refresh family). */
  revokeSession: (familyId: string) => Promise<void>;
  authRateLimitPerMinute: number;
}

const locationOf = (request: FastifyRequest) => ({ protocol: request.protocol, host: request.host });

export async function ssoAuthRoutes(app: FastifyInstance, deps: SsoRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Identity'];
  const strict = { rateLimit: { max: deps.authRateLimitPerMinute, timeWindow: '1 minute' } };
  // The provider posts its logout token as a form (OpenID Connect Back-Channel Logout 1.0, section 2.5).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  r.post('/auth/sign-in/discover', {
    config: strict,
    schema: {
      tags,
      summary: 'Email first: how this email signs in',
      description: 'Decided by the email\'s domain only. SSO: the browser goes to authorizationUrl (the company\'s OpenID provider, '
        + 'authorization code + PKCE, state and nonce); PASSWORD: POST /auth/sign-in.',
      body: SignInDiscoverBodySchema,
      response: { 200: SignInDiscoverResultSchema, 400: ProblemSchema, 401: ProblemSchema, 429: ProblemSchema },
    },
  }, async (request) => deps.sso.discover(request.body.email, request.body.redirect, locationOf(request)));

  r.get('/auth/sso/callback', {
    schema: {
      tags,
      summary: 'Where the company\'s OpenID provider sends the browser back (redirect_uri)',
      description: 'Checks state, exchanges the code with the PKCE verifier, verifies the id token (signature, issuer, audience, expiry, nonce), '
        + 'then redirects to /login?handoff=<one-time code>, or to /login?ssoError=<reason>.',
      querystring: z.record(z.string(), z.string().max(4096)),
      response: { 302: z.null() },
    },
  }, async (request, reply) => reply.redirect(await deps.sso.callback(request.query, locationOf(request)), 302));

  r.post('/auth/sso/backchannel-logout', {
    config: strict,
    schema: {
      tags,
      summary: 'OpenID Connect Back-Channel Logout: the provider ends our sessions of its session',
      consumes: ['application/x-www-form-urlencoded'],
      body: z.object({ logout_token: z.string().min(1, 'is required').max(16_384) }),
      response: { 200: z.null(), 400: ProblemSchema },
    },
  }, async (request, reply) => {
    await deps.sso.backchannelLogout(request.body.logout_token, deps.revokeSession);
    return reply.header('cache-control', 'no-store').status(200).send(null);
  });
}

export async function ssoConfigRoutes(app: FastifyInstance, { sso }: { sso: SsoService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Company'];
  const security = [{ bearer: [] }];
  const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };
  app.addHook('onRequest', app.authenticate);

  r.get('/company/me/sso', {
    schema: { tags, security, summary: 'My company\'s single sign-on (Company Admins): configuration and the addresses to register at the provider', response: { 200: SsoConfigAnswerSchema, ...problems } },
  }, async (request) => sso.getConfig(principalOf(request), locationOf(request)));

  r.put('/company/me/sso', {
    schema: {
      tags, security, body: SsoConfigBodySchema,
      summary: 'Save my company\'s single sign-on (Company Admins)',
      description: 'The issuer\'s discovery document is fetched and checked. The client secret is write-only: omit it to keep the stored one. '
        + 'An email domain belongs to one company; the break-glass admin must be an enabled Company Admin of this company.',
      response: { 200: SsoConfigAnswerSchema, ...problems },
    },
  }, async (request) => sso.putConfig(principalOf(request), request.body, locationOf(request)));

  r.delete('/company/me/sso', {
    schema: { tags, security, summary: 'Switch single sign-on off and forget its configuration (Company Admins)', response: { 204: z.null(), ...problems, 404: ProblemSchema } },
  }, async (request, reply) => {
    await sso.deleteConfig(principalOf(request));
    return reply.status(204).send(null);
  });
}
