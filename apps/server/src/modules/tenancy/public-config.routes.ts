import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicConfigSchema, hostnameOf } from '@clearlane/contract';
import type { Config } from '../../config/config.ts';
import { passwordPolicyOf } from '../../config/config.ts';
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
      auth: { provider: 'embedded' as const },
    };
  });
}
