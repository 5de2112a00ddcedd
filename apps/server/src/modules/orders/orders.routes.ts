// /api/v1/orders (SPEC.md §7 "Orders") and POST /api/v1/person/{id}/order/mvr.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BraOrderBodySchema, BusinessRiskAssessmentSchema, CreateMvrOrderBodySchema, CreateMvrOrderQuerySchema, IrrOrderBodySchema,
  MvrMetricsSchema, MvrReportQuerySchema, OrderDetailSchema, OrderInputSchema, OrderListFilterSchema, OrderReviewedSchema, OrderSchema,
  PageQuerySchema, PersonMvrOrderBodySchema, PersonRiskAssessmentSchema, ProblemSchema, RiskAssessmentQuerySchema, SetReviewedBodySchema,
  UpdateOrderStatusBodySchema, VehicleOrderBodySchema, VehicleReportSchema, ViolationReportSchema, pageOf,
} from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import { routesNeedPlugins } from '../../access/plugins.ts';
import { AppError } from '../../http/errors.ts';
import type { OrdersService } from './orders.service.ts';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema, 503: ProblemSchema };
const idParams = z.object({ id: z.string().uuid() });

const CondensedBundleSchema = z.object({
  format: z.literal('MVR_CONDENSED_REPORT'),
  fileName: z.string(),
  /** The condensed PDF, base64. */
  pdf: z.string(),
  text: z.string(),
});

/**
 * Which answer of GET /{id}/mvr/report an Accept header asks for (docs/DECISIONS.md): the media
 * types in order of their q-value (RFC 9110 §12.5.1), the header's order breaking ties; q=0 means
 * "not this one".
 */
function mvrAnswerFor(accept: string | undefined): 'pdf' | 'pdf+text' | 'text' | null {
  const ranked = (accept?.trim() ? accept : '*/*')
    .split(',')
    .map((part, index) => {
      const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
      const q = parameters.find((parameter) => parameter.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { type, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { type } of ranked) {
    if (type === 'application/pdf+text') return 'pdf+text';
    if (type === 'application/pdf' || type === '*/*' || type === 'application/*') return 'pdf';
    if (type === 'text/plain' || type === 'text/*') return 'text';
  }
  return null;
}

export async function ordersRoutes(app: FastifyInstance, { orders }: { orders: OrdersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Orders'];
  const security = [{ bearer: [] }];
  // Authenticate before the body is parsed or validated: a caller without a valid token learns nothing else.
  app.addHook('onRequest', app.authenticate);
  routesNeedPlugins(app, 'orders');

  r.get('/orders', {
    schema: {
      tags, security, summary: 'Orders of my company (page, sort, size, isReviewed and filters)',
      querystring: PageQuerySchema.extend(OrderListFilterSchema.shape),
      response: { 200: pageOf(OrderSchema), ...problems },
    },
  }, async (request) => orders.list(principalOf(request), request.query));

  r.get('/orders/health/mvr-metrics', {
    schema: { tags, security, summary: 'MVR orders of my company over the last 30 days: counts by status and outcome, mean turnaround', response: { 200: MvrMetricsSchema, ...problems } },
  }, async (request) => orders.metrics(principalOf(request)));

  r.post('/orders/create-mvr-order', {
    schema: {
      tags, security,
      summary: 'Order an MVR for a driver of my company (personId) or one typed in (driver); the DPPA permissible purpose is required',
      querystring: CreateMvrOrderQuerySchema, body: CreateMvrOrderBodySchema, response: { 201: OrderSchema, ...problems },
    },
  }, async (request, reply) => reply.status(201).send(await orders.createMvrOrder(principalOf(request), request.body, request.query)));

  r.post('/person/:id/order/mvr', {
    schema: {
      tags, security,
      summary: 'Order an MVR for this driver (SPEC.md body plus the required DPPA permissiblePurpose)',
      params: idParams, body: PersonMvrOrderBodySchema, response: { 201: OrderSchema, ...problems },
    },
  }, async (request, reply) => reply.status(201).send(await orders.createPersonMvrOrder(principalOf(request), request.params.id, request.body)));

  r.post('/orders/vehicle/order', {
    schema: { tags, security, summary: 'Order a vehicle (VIN) report; a bad VIN is refused with the reason', body: VehicleOrderBodySchema, response: { 201: OrderSchema, ...problems } },
  }, async (request, reply) => reply.status(201).send(await orders.createVehicleOrder(principalOf(request), request.body)));

  r.post('/orders/irr/order', {
    schema: {
      tags, security, summary: 'Order a person risk assessment', querystring: RiskAssessmentQuerySchema, body: IrrOrderBodySchema,
      response: { 201: OrderSchema, ...problems },
    },
  }, async (request, reply) => reply.status(201).send(await orders.createIrrOrder(principalOf(request), request.body, request.query.riskAssessmentDefinitionName)));

  r.post('/orders/bra/order', {
    config: { plugin: ['orders', 'businesses'] }, // orders a report on one of the company's businesses
    schema: {
      tags, security, summary: 'Order a business risk (inform) report', querystring: RiskAssessmentQuerySchema, body: BraOrderBodySchema,
      response: { 201: OrderSchema, ...problems },
    },
  }, async (request, reply) => reply.status(201).send(await orders.createBraOrder(principalOf(request), request.body, request.query.riskAssessmentDefinitionName)));

  r.get('/orders/:id', {
    schema: { tags, security, summary: 'One order with its timeline and adjudication', params: idParams, response: { 200: OrderDetailSchema, ...problems } },
  }, async (request) => orders.get(principalOf(request), request.params.id));

  r.get('/orders/:id/input', {
    schema: { tags, security, summary: 'What was ordered, as submitted', params: idParams, response: { 200: OrderInputSchema, ...problems } },
  }, async (request) => orders.input(principalOf(request), request.params.id));

  r.get('/orders/:id/reviewed', {
    schema: { tags, security, summary: 'Whether the order is reviewed, by whom and when', params: idParams, response: { 200: OrderReviewedSchema, ...problems } },
  }, async (request) => orders.reviewed(principalOf(request), request.params.id));

  r.patch('/orders/:id/reviewed', {
    schema: { tags, security, summary: 'Mark the order reviewed or not (manage Order)', params: idParams, body: SetReviewedBodySchema, response: { 200: OrderReviewedSchema, ...problems } },
  }, async (request) => orders.setReviewed(principalOf(request), request.params.id, request.body.isReviewed));

  r.patch('/orders/:id/status', {
    schema: { tags, security, summary: 'Change the sub-status with notes, kept in the history (manage Order)', params: idParams, body: UpdateOrderStatusBodySchema, response: { 200: OrderDetailSchema, ...problems } },
  }, async (request) => orders.setSubStatus(principalOf(request), request.params.id, request.body));

  r.get('/orders/:id/mvr/report', {
    schema: {
      tags, security,
      summary: 'The MVR report: Accept application/pdf → PDF (standard, or ?format=MVR_CONDENSED_REPORT); text/plain → condensed text; application/pdf+text → condensed PDF (base64) and text as JSON',
      params: idParams, querystring: MvrReportQuerySchema,
      response: { 200: CondensedBundleSchema, 406: ProblemSchema, ...problems },
    },
  }, async (request, reply) => {
    const answer = mvrAnswerFor(request.headers.accept);
    if (!answer) throw new AppError(406, 'NotAcceptable', 'The MVR report is available as application/pdf, text/plain or application/pdf+text.', { title: 'Not Acceptable' });
    const report = await orders.mvrReport(principalOf(request), request.params.id, answer === 'pdf' ? (request.query.format ?? 'MVR_STANDARD_REPORT') : 'MVR_CONDENSED_REPORT');
    if (answer === 'text') return reply.type('text/plain; charset=utf-8').send(report.text() as never);
    if (answer === 'pdf') {
      const format = request.query.format ?? 'MVR_STANDARD_REPORT';
      const suffix = format === 'MVR_CONDENSED_REPORT' ? 'condensed' : 'standard';
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${report.fileName}-${suffix}.pdf"`).send((await report.pdf()) as never);
    }
    return { format: 'MVR_CONDENSED_REPORT' as const, fileName: `${report.fileName}-condensed.pdf`, pdf: (await report.pdf()).toString('base64'), text: report.text() };
  });

  r.get('/orders/:id/violation/report', {
    schema: { tags, security, summary: 'The violations, accidents and DMV actions of a completed MVR', params: idParams, response: { 200: ViolationReportSchema, ...problems } },
  }, async (request) => orders.violationReport(principalOf(request), request.params.id));

  r.get('/orders/:id/vehicle/report', {
    schema: { tags, security, summary: 'The vehicle report of a completed VIN order', params: idParams, response: { 200: VehicleReportSchema, ...problems } },
  }, async (request) => VehicleReportSchema.parse(await orders.providerReport(principalOf(request), request.params.id, ['VIN_REPORT'])));

  r.get('/orders/:id/irr/report', {
    schema: { tags, security, summary: 'The person risk assessment of a completed order', params: idParams, response: { 200: PersonRiskAssessmentSchema, ...problems } },
  }, async (request) => PersonRiskAssessmentSchema.parse(await orders.providerReport(principalOf(request), request.params.id, ['PERSON_RISK_ASSESSMENT'])));

  r.get('/orders/:id/bra/report', {
    schema: { tags, security, summary: 'The business risk report of a completed order', params: idParams, response: { 200: BusinessRiskAssessmentSchema, ...problems } },
  }, async (request) => BusinessRiskAssessmentSchema.parse(await orders.providerReport(principalOf(request), request.params.id, ['BUSINESS_RISK_INFORM_REPORT'])));
}
