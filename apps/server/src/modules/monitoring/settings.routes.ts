// /api/v1/company/me/monitoring-settings (issue 9): read by whoever may view Monitoring, saved by
// Company Admins and Managers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MonitoringSettingsSchema, ProblemSchema } from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import { routesNeedPlugins } from '../../access/plugins.ts';
import type { MonitoringSettingsService } from './settings.service.ts';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

export async function monitoringSettingsRoutes(app: FastifyInstance, { settings }: { settings: MonitoringSettingsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Monitoring'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', app.authenticate);
  routesNeedPlugins(app, 'monitoring');

  r.get('/company/me/monitoring-settings', {
    schema: { tags, security, summary: 'My company\'s monitoring settings (defaults until saved)', response: { 200: MonitoringSettingsSchema, ...problems } },
  }, async (request) => settings.get(principalOf(request)));

  r.put('/company/me/monitoring-settings', {
    schema: {
      tags, security, body: MonitoringSettingsSchema,
      summary: 'Save my company\'s monitoring settings (Company Admin, Manager): a new conviction or DMV action orders a fresh MVR judged by ruleNamespace',
      response: { 200: MonitoringSettingsSchema, ...problems },
    },
  }, async (request) => settings.put(principalOf(request), request.body));
}
