// GET /api/v1/company/me/metrics (SPEC.md §7 "company/me"): the home page's figures.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompanyMetricsSchema, ProblemSchema } from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import type { MetricsService } from './metrics.service.ts';

export async function metricsRoutes(app: FastifyInstance, { metrics }: { metrics: MetricsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  r.get('/company/me/metrics', {
    schema: {
      tags: ['Company'],
      security: [{ bearer: [] }],
      summary: 'My company\'s figures: drivers, qualification, annual reviews, monitoring, open alerts, orders of the last 30 days',
      response: { 200: CompanyMetricsSchema, 401: ProblemSchema, 403: ProblemSchema },
    },
  }, async (request) => metrics.companyMetrics(principalOf(request)));
}
