// /api/v1/reports (SPEC.md §7 "Reports"): completed orders as reports, and report groups.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, ProblemSchema, ReportGroupOrdersFilterSchema, ReportGroupSchema, ReportGroupSummarySchema, ReportListFilterSchema, ReportSchema, ReportSummarySchema, pageOf } from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import { routesNeedPlugins } from '../../access/plugins.ts';
import type { ReportsService } from './reports.service.ts';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const idParams = z.object({ id: z.string().uuid() });

export async function reportsRoutes(app: FastifyInstance, { reports }: { reports: ReportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Reports'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', app.authenticate);
  routesNeedPlugins(app, 'orders');

  r.get('/reports', {
    schema: { tags, security, summary: 'Reports of my company (completed orders), by report type', querystring: PageQuerySchema.extend(ReportListFilterSchema.shape), response: { 200: pageOf(ReportSummarySchema), ...problems } },
  }, async (request) => reports.list(principalOf(request), request.query));

  r.get('/reports/groups', {
    schema: {
      tags, security, summary: 'Report groups of my company (batches of a bulk sheet), newest first, each with its progress (counts by status and outcome); page, size, sort',
      querystring: PageQuerySchema, response: { 200: pageOf(ReportGroupSummarySchema), ...problems },
    },
  }, async (request) => reports.groups(principalOf(request), request.query));

  r.get('/reports/groups/:id', {
    schema: {
      tags, security,
      summary: 'A report group: how far the whole group has got (counts by status and outcome) and one page of its orders (page, size, sort, status, outcome)',
      params: idParams, querystring: PageQuerySchema.extend(ReportGroupOrdersFilterSchema.shape), response: { 200: ReportGroupSchema, ...problems },
    },
  }, async (request) => reports.group(principalOf(request), request.params.id, request.query));

  r.get('/reports/:id', {
    schema: { tags, security, summary: 'One report with its content', params: idParams, response: { 200: ReportSchema, ...problems } },
  }, async (request) => reports.get(principalOf(request), request.params.id));
}
