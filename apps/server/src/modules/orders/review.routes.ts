// Reviewing orders (issue 13): GET|PUT /api/v1/company/me/sub-statuses (the list PATCH
// /orders/{id}/status picks from) and the FCRA adverse action of an order:
// GET /orders/{id}/adverse-action, POST …/pre-adverse-notice, …/final-notice, …/cancel.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdverseActionSchema, CancelAdverseActionBodySchema, FinalNoticeBodySchema, PreAdverseNoticeBodySchema, ProblemSchema, SubStatusListSchema,
} from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import { routesNeedPlugins } from '../../access/plugins.ts';
import type { ReviewService } from './review.service.ts';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };
const idParams = z.object({ id: z.string().uuid() });

export async function reviewRoutes(app: FastifyInstance, { review }: { review: ReviewService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Orders'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', app.authenticate);
  routesNeedPlugins(app, 'orders');

  r.get('/company/me/sub-statuses', {
    schema: { tags, security, summary: 'The sub-statuses my company\'s reviewers pick from (the defaults until saved)', response: { 200: SubStatusListSchema, ...problems } },
  }, async (request) => review.subStatuses(principalOf(request)));

  r.put('/company/me/sub-statuses', {
    schema: {
      tags, security, body: SubStatusListSchema,
      summary: 'Save the sub-statuses my company\'s reviewers pick from (manage Order: Company Admin, Manager); orders keep the sub-status they have',
      response: { 200: SubStatusListSchema, ...problems },
    },
  }, async (request) => review.saveSubStatuses(principalOf(request), request.body));

  r.get('/orders/:id/adverse-action', {
    schema: { tags, security, summary: 'The FCRA adverse action of the order and its dated steps (NOT_STARTED when none)', params: idParams, response: { 200: AdverseActionSchema, ...problems } },
  }, async (request) => review.adverseAction(principalOf(request), request.params.id));

  r.post('/orders/:id/adverse-action/pre-adverse-notice', {
    schema: {
      tags, security, params: idParams, body: PreAdverseNoticeBodySchema,
      summary: 'Record the pre-adverse action notice given with a copy of the report and the Summary of Your Rights (manage Order; a completed MVR or person risk assessment); the waiting period starts',
      response: { 200: AdverseActionSchema, ...problems },
    },
  }, async (request) => review.preAdverseNotice(principalOf(request), request.params.id, request.body));

  r.post('/orders/:id/adverse-action/final-notice', {
    schema: {
      tags, security, params: idParams, body: FinalNoticeBodySchema,
      summary: 'Record the final adverse action notice (manage Order); 409 WaitingPeriodNotOver naming the first day it can be given',
      response: { 200: AdverseActionSchema, ...problems },
    },
  }, async (request) => review.finalNotice(principalOf(request), request.params.id, request.body));

  r.post('/orders/:id/adverse-action/cancel', {
    schema: {
      tags, security, params: idParams, body: CancelAdverseActionBodySchema,
      summary: 'Cancel an adverse action before its final notice (manage Order): the subject is cleared',
      response: { 200: AdverseActionSchema, ...problems },
    },
  }, async (request) => review.cancel(principalOf(request), request.params.id, request.body));
}
