import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicConfigSchema, hostnameOf, type AuthPublicConfig } from '@clearlane/contract';
import type { Config } from '../../config/config.ts';
import { cognitoSettingsOf, passwordPolicyOf } from '../../config/config.ts';
import type { TenancyService } from './tenancy.service.ts';

export async function publicConfigRoutes(app: FastifyInstance, deps: { config: Config; tenancy: TenancyService; buildId: () => string }) {
  app.withTypeProvider<ZodTypeProvider>().get('/public/config', {
    schema: { tags: ['System'], summary: 'Portal settings for the asking host (no sign-in needed)', response: { 200: PublicConfigSchema } },
  }, async (request, reply) => {
    const { config, tenancy } = deps;
    const settings = await tenancy.settings();
    const hostname = hostnameOf(request.host);
    const tenant = await tenancy.tenantOf(request.host);
    const ownDomain = settings.customDomains[hostname];
    reply.header('cache-control', 'no-cache');
    return {
      rootDomain: config.ROOT_DOMAIN,
      portalUrl: config.PORTAL_URL,
      mainDomainSuffixes: config.MAIN_DOMAIN_SUFFIXES,
      customDomains: ownDomain ? { [hostname]: ownDomain } : {},
      tenant,
      passwordPolicy: passwordPolicyOf(config),
      systemMessageBaseUrl: config.SYSTEM_MESSAGE_BASE_URL,
      buildPollIntervalMs: config.BUILD_POLL_INTERVAL_MS,
      allowedExternalHosts: config.ALLOWED_EXTERNAL_HOSTS,
      toastPosition: config.TOAST_POSITION,
      buildId: deps.buildId(),
      auth: authOf(config),
    };
  });
}

/** SPEC.md §9: scopes email, openid, profile and phone; the authorization-code flow only. */
export const COGNITO_OAUTH_SCOPES = ['email', 'openid', 'profile', 'phone'];

/** Who signs people in, as the portal needs to know it before anyone has (issue 14). */
function authOf(config: Config): AuthPublicConfig {
  const cognito = cognitoSettingsOf(config);
  if (!cognito) return { provider: 'embedded' };
  return {
    provider: 'cognito',
    region: cognito.region,
    userPoolId: cognito.userPoolId,
    userPoolClientId: cognito.userPoolClientId,
    identityPoolId: cognito.identityPoolId,
    userPoolEndpoint: cognito.userPoolEndpoint,
    identityPoolEndpoint: cognito.identityPoolEndpoint,
    oauth: { domain: cognito.domain, scopes: COGNITO_OAUTH_SCOPES, responseType: 'code' },
  };
}
