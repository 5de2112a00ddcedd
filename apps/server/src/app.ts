// Builds the Fastify app: external plugins, then our plugins, then the modules (fastify/demo's order).
// The process concerns (listening, workers, signals) live in main.ts.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { withDeclaredAnswers } from './http/media-types.ts';
import { PROBLEM_CONTENT_TYPE } from '@clearlane/contract';
import { cognitoSettingsOf, hostedDomainOrigin, type CognitoSettings, type Config } from './config/config.ts';
import type { Database } from './db/client.ts';
import { guardPlugin } from './access/guard.ts';
import { pluginGatePlugin } from './access/plugins.ts';
import { tenantScopePlugin } from './db/tenant-scope.ts';
import { frameworkErrorHandler, registerProblemHandler } from './http/problem-handler.ts';
import { loggerOptions, requestLogPlugin } from './http/request-log.ts';
import { registerNoStoreDefault } from './http/cache-control.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { recordRoutes } from './http/method-not-allowed.ts';
import { registerMultipartCheck } from './http/multipart.ts';
import { registerStorableTextCheck } from './http/storable-text.ts';
import { routeValidatorCompiler } from './http/validator.ts';
import { readBuildId, registerStaticPortal, spaFallback } from './http/static-portal.ts';
import { identityRoutes } from './identity/identity.routes.ts';
import { accountRoutes } from './identity/account.routes.ts';
import { AccountService } from './identity/account.service.ts';
import { HandoffService } from './identity/handoff.service.ts';
import { SignInService } from './identity/sign-in.service.ts';
import { TokenService } from './identity/tokens.ts';
import { CognitoTokens, eitherIdToken } from './identity/cognito/cognito-tokens.ts';
import { SsoService } from './identity/sso/sso.service.ts';
import { ssoAuthRoutes, ssoConfigRoutes } from './identity/sso/sso.routes.ts';
import type { ProviderFetch } from './identity/sso/oidc-provider-client.ts';
import type { Queue } from './jobs/queue.ts';
import { Messenger } from './mail/messenger.ts';
import { companyRoutes } from './modules/company/company.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { systemMessageRoutes } from './modules/system/system-message.ts';
import { publicConfigRoutes } from './modules/tenancy/public-config.routes.ts';
import { TenancyService } from './modules/tenancy/tenancy.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { personsRoutes } from './modules/persons/persons.routes.ts';
import { PersonsService } from './modules/persons/persons.service.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { MetricsService } from './modules/metrics/metrics.service.ts';
import { businessesRoutes } from './modules/businesses/businesses.routes.ts';
import { BusinessesService } from './modules/businesses/businesses.service.ts';
import { tagsRoutes } from './modules/tags/tags.routes.ts';
import { TagsService } from './modules/tags/tags.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { reviewRoutes } from './modules/orders/review.routes.ts';
import { ReviewService } from './modules/orders/review.service.ts';
import { OrdersService } from './modules/orders/orders.service.ts';
import { bulkOrdersRoutes } from './modules/bulk-orders/bulk-orders.routes.ts';
import { BulkOrdersService } from './modules/bulk-orders/bulk-orders.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { ReportsService } from './modules/reports/reports.service.ts';
import { rulesetsRoutes } from './modules/rulesets/rulesets.routes.ts';
import { RiskDefinitionsService, riskDefinitionsRoutes } from './modules/risk-definitions/risk-definitions.ts';
import { RulesetsService } from './modules/rulesets/rulesets.service.ts';
import { monitoringSettingsRoutes } from './modules/monitoring/settings.routes.ts';
import { MonitoringSettingsService } from './modules/monitoring/settings.service.ts';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.ts';
import { MonitoringService } from './modules/monitoring/monitoring.service.ts';
import { AlertsService } from './modules/monitoring/alerts.service.ts';
import { AnnualReviewsService } from './modules/monitoring/annual-reviews.service.ts';
import { claimsRoutes } from './modules/claims/claims.routes.ts';
import { ClaimsService } from './modules/claims/claims.service.ts';
import { scoresRoutes } from './modules/scores/scores.routes.ts';
import { DotScoresService } from './modules/scores/scores.service.ts';
import { CarrierScoring } from './modules/scores/scoring.ts';
import { carrierDataProviderFrom } from './providers/carrier-data/carrier-data-providers.ts';
import type { CarrierDataProvider } from './providers/carrier-data/carrier-data-provider.ts';

import { downloadsRoutes } from './modules/downloads/downloads.routes.ts';
import { DownloadsService } from './modules/downloads/downloads.service.ts';
import { createFileStore } from './storage/create-file-store.ts';
import type { FileStore } from './storage/file-store.ts';

export const VERSION = '0.1.0';

export interface AppDeps {
  config: Config;
  db: Database;
  /** The job queue, once started; health reports it. */
  queue?: () => Queue | undefined;
  messenger?: Messenger;
  /** The carrier-data provider of DOT scores; the settings' (DOT_PROVIDER) unless given. */
  carrierData?: CarrierDataProvider;

  /** Where built files (report bundles) live; createFileStore's choice by default. */
  fileStore?: FileStore;
  /** The HTTP client of calls to companies' OpenID providers (tests tamper with answers through it). */
  oidcFetch?: ProviderFetch;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: { tokens: TokenService; signIn: SignInService; users: UsersService; tenancy: TenancyService; messenger: Messenger; sso: SsoService };
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, db } = deps;
  const cognitoSettings = cognitoSettingsOf(config);
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // One line per request of our own (http/request-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(routeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerProblemHandler(app);
  // Hardening every route inherits (docs/DECISIONS.md, "Requests and answers"): declared before any route.
  const routes = recordRoutes(app);
  registerJsonBodyParser(app);
  registerStorableTextCheck(app);
  registerMultipartCheck(app);
  registerNoStoreDefault(app);
  await app.register(requestLogPlugin, { callerOf: (request) => request.principal });

  // External plugins first.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"], // Mantine sets style attributes
        'img-src': ["'self'", 'data:'],
        'connect-src': [
          "'self'",
          ...(config.SYSTEM_MESSAGE_BASE_URL ? [new URL(config.SYSTEM_MESSAGE_BASE_URL).origin] : []),
          // The portal calls the user pool, the identity pool and the hosted domain itself.
          ...(cognitoSettings ? cognitoOrigins(cognitoSettings) : []),
        ],
      },
    },
    // HSTS only makes sense behind HTTPS; the embedded default serves plain HTTP on loopback.
    hsts: config.PORTAL_URL.startsWith('https:'),
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Clearlane API', version: VERSION, description: 'Order and review driver, vehicle and business risk reports. Errors are RFC 9457 problem details.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The id token from sign-in' } } },
    },
    transform: withDeclaredAnswers(jsonSchemaTransform),
  });

  // Our services.
  const tokens = new TokenService(db, config);
  await tokens.init();
  const messenger = deps.messenger ?? new Messenger(db, config);
  const tenancy = new TenancyService(db, config);
  // The password sign-in asks single sign-on whether a company lets a password in; SSO hands its
  // sign-ins over through the handoff codes. The gate is resolved late to break the circle.
  let sso: SsoService | undefined;
  const signIn = new SignInService(db, config, tokens, messenger, { assertPasswordAllowed: (email, companyId) => sso!.assertPasswordAllowed(email, companyId) });
  const handoff = new HandoffService(db, signIn);
  sso = new SsoService(db, config, tenancy, handoff, { fetch: deps.oidcFetch });
  const users = new UsersService(db, config, messenger);
  await app.register(tenantScopePlugin);
  const cognito = cognitoSettings ? new CognitoTokens(db, cognitoSettings, { tenantOfHost: async (host) => (await tenancy.tenantOf(host))?.identifier ?? '' }) : null;
  await app.register(guardPlugin, { db, tokens: eitherIdToken(tokens, cognito) });
  await app.register(pluginGatePlugin);

  await app.register(async (api) => {
    await api.register(identityRoutes, { signIn, tokens, handoff, tenancy, sso, authRateLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE, cognito: cognitoSettings });
    await api.register(ssoAuthRoutes, { sso, revokeSession: (familyId) => signIn.signOut(familyId), authRateLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE });
    await api.register(ssoConfigRoutes, { sso });
    await api.register(accountRoutes, { account: new AccountService(db, config, messenger), authRateLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE, cognito: cognitoSettings });
    await api.register(healthRoutes, { db, queue: deps.queue ?? (() => undefined), version: VERSION });
    await api.register(publicConfigRoutes, { config, tenancy, buildId: () => readBuildId(config.STATIC_DIR) });
    await api.register(usersRoutes, { users });
    await api.register(companyRoutes, { db });
    const persons = new PersonsService(db);
    await api.register(personsRoutes, { persons });
    await api.register(metricsRoutes, { metrics: new MetricsService(db) });
    await api.register(businessesRoutes, { businesses: new BusinessesService(db) });
    await api.register(tagsRoutes, { tags: new TagsService(db) });
    await api.register(ordersRoutes, { orders: new OrdersService(db, deps.queue ?? (() => undefined)) });
    await api.register(reviewRoutes, { review: new ReviewService(db) });
    await api.register(bulkOrdersRoutes, { bulkOrders: new BulkOrdersService(db, deps.queue ?? (() => undefined)) });
    await api.register(reportsRoutes, { reports: new ReportsService(db) });
    await api.register(rulesetsRoutes, { rulesets: new RulesetsService(db) });
    await api.register(riskDefinitionsRoutes, { riskDefinitions: new RiskDefinitionsService(db) });
    await api.register(monitoringSettingsRoutes, { settings: new MonitoringSettingsService(db) });
    await api.register(monitoringRoutes, { monitoring: new MonitoringService(db, persons), alerts: new AlertsService(db), annualReviews: new AnnualReviewsService(db) });
    await api.register(claimsRoutes, { claims: new ClaimsService(db) });

    const carrierScoring = new CarrierScoring(db, deps.carrierData ?? carrierDataProviderFrom(config, db), messenger, config);
    await api.register(scoresRoutes, { scores: new DotScoresService(db, carrierScoring, deps.queue ?? (() => undefined)) });

    const fileStore = deps.fileStore ?? createFileStore({ db, config });
    await api.register(downloadsRoutes, { downloads: new DownloadsService(db, deps.queue ?? (() => undefined), fileStore) });
  }, { prefix: '/api/v1' });
  await app.register(systemMessageRoutes, { prefix: '/hub', db });

  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300'); // public and the same for everyone
    return withProblemContentType(app.swagger());
  });
  await app.register(async (docs) => {
    // The reference page runs its own inline script: relax CSP for it only.
    docs.addHook('onSend', async (_request, reply) => {
      reply.header('content-security-policy', "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:");
    });
    await docs.register(scalar, { routePrefix: '/api/docs', configuration: { url: '/api/openapi.json', hideClientButton: true } });
  });

  const hasPortal = config.STATIC_DIR ? await registerStaticPortal(app, config.STATIC_DIR) : false;
  spaFallback(app, config.STATIC_DIR, hasPortal, routes);

  return { app, services: { tokens, signIn, users, tenancy, messenger, sso } };
}

/** The origins the portal reaches in cognito mode: the pools' APIs and the hosted domain. */
function cognitoOrigins(settings: CognitoSettings): string[] {
  return [...new Set([new URL(settings.userPoolEndpoint).origin, new URL(settings.identityPoolEndpoint).origin, hostedDomainOrigin(settings.domain)!])];
}

/**
 * Error answers leave as application/problem+json (RFC 9457), but route schemas are declared once per
 * status, which @fastify/swagger documents as application/json: correct the media type of every 4xx/5xx.
 */
function withProblemContentType<T>(document: T): T {
  const copy = structuredClone(document) as { paths?: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>> };
  for (const item of Object.values(copy.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const json = response.content?.['application/json'];
        if (Number(status) >= 400 && json && response.content) {
          response.content = { [PROBLEM_CONTENT_TYPE]: json };
        }
      }
    }
  }
  return copy as T;
}
