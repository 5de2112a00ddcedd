// Driver monitoring (issue 9; SPEC.md §7 "Person" and "Company"): enrolment, a driver's history,
// the company's alerts, one alert and its acknowledgement, annual reviews. All need the
// `monitoring` plugin.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcknowledgeAlertBodySchema, AlertListFilterSchema, AnnualReviewSchema, BulkMonitoringChangeBodySchema, BulkMonitoringChangeResultSchema,
  DriverAlertDetailSchema, DriverAlertSchema, MonitoringChangeBodySchema, PageQuerySchema, PersonEventSchema, PersonSchema, ProblemSchema,
  RecordAnnualReviewBodySchema, pageOf,
} from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import { routesNeedPlugins } from '../../access/plugins.ts';
import type { MonitoringService } from './monitoring.service.ts';
import type { AlertsService } from './alerts.service.ts';
import type { AnnualReviewsService } from './annual-reviews.service.ts';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const personParams = z.object({ id: z.string().uuid() });
const alertParams = personParams.extend({ alertId: z.string().uuid() });

export interface MonitoringRoutesOptions {
  monitoring: MonitoringService;
  alerts: AlertsService;
  annualReviews: AnnualReviewsService;
}

export async function monitoringRoutes(app: FastifyInstance, { monitoring, alerts, annualReviews }: MonitoringRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Driver monitoring'];
  const security = [{ bearer: [] }];
  // Authenticate before the body is parsed or validated: a caller without a valid token learns nothing else.
  app.addHook('onRequest', app.authenticate);
  routesNeedPlugins(app, 'monitoring');

  r.patch('/person/monitoring', {
    schema: {
      tags, security,
      summary: 'Enrol many drivers in monitoring, or remove them, at once (all or nothing)',
      description: 'Every id must be a driver of my company, or nothing changes and the 400 names each such id.',
      body: BulkMonitoringChangeBodySchema,
      response: { 200: BulkMonitoringChangeResultSchema, ...problems },
    },
  }, async (request) => monitoring.changeMany(principalOf(request), request.body));

  r.patch('/person/:id/monitoring', {
    schema: {
      tags, security,
      summary: 'Enrol a driver in monitoring, or remove them; answers the driver',
      description: 'Adding what is on, or removing what is off, changes nothing. Enrolment is pending until the driver\'s state confirms it.',
      params: personParams,
      body: MonitoringChangeBodySchema,
      response: { 200: PersonSchema, ...problems },
    },
  }, async (request) => monitoring.change(principalOf(request), request.params.id, request.body));

  r.get('/person/:id/events', {
    schema: {
      tags, security,
      summary: 'A driver\'s history: monitoring, alerts and reviews, newest first',
      params: personParams,
      querystring: PageQuerySchema.omit({ sort: true }),
      response: { 200: pageOf(PersonEventSchema), ...problems },
    },
  }, async (request) => monitoring.events(principalOf(request), request.params.id, request.query));

  r.get('/company/me/alerts/drivers', {
    schema: {
      tags, security,
      summary: 'Alerts about my company\'s drivers (newest first unless sorted)',
      querystring: PageQuerySchema.extend(AlertListFilterSchema.shape),
      response: { 200: pageOf(DriverAlertSchema), ...problems },
    },
  }, async (request) => alerts.list(principalOf(request), request.query));

  r.get('/person/:id/alert/:alertId', {
    schema: {
      tags, security,
      summary: 'One alert of a driver, with the change before and after and the fresh MVR\'s judgement',
      params: alertParams,
      response: { 200: DriverAlertDetailSchema, ...problems },
    },
  }, async (request) => alerts.get(principalOf(request), request.params.id, request.params.alertId));

  r.get('/person/:id/mvr/monitoring/alert/:alertId', {
    schema: {
      tags, security,
      summary: 'One MVR monitoring alert of a driver (other kinds of alert are not found here)',
      params: alertParams,
      response: { 200: DriverAlertDetailSchema, ...problems },
    },
  }, async (request) => alerts.get(principalOf(request), request.params.id, request.params.alertId, 'MVR_MONITORING_ALERT'));

  r.patch('/person/:id/alert/:alertId/acknowledge', {
    schema: {
      tags, security,
      summary: 'Acknowledge an alert, optionally with a note and the driver\'s annual review; the first acknowledgement is kept',
      params: alertParams,
      body: AcknowledgeAlertBodySchema,
      response: { 200: DriverAlertDetailSchema, ...problems, 409: ProblemSchema },
    },
  }, async (request) => alerts.acknowledge(principalOf(request), request.params.id, request.params.alertId, request.body));

  r.post('/person/:id/annual-reviews', {
    schema: {
      tags, security,
      summary: 'Record a driver\'s annual review against one of their complete MVR orders',
      params: personParams,
      body: RecordAnnualReviewBodySchema,
      response: { 201: AnnualReviewSchema, ...problems },
    },
  }, async (request, reply) => reply.status(201).send(await annualReviews.record(principalOf(request), request.params.id, request.body)));

  r.get('/person/:id/annual-reviews', {
    schema: {
      tags, security,
      summary: 'A driver\'s annual reviews, newest first',
      params: personParams,
      response: { 200: z.array(AnnualReviewSchema), ...problems },
    },
  }, async (request) => annualReviews.list(principalOf(request), request.params.id));
}
