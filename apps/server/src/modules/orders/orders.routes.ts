// /api/v1/orders (SPEC.md §7 "Orders") and POST /api/v1/person/{id}/order/mvr.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BraOrderBodySchema, BusinessRiskAssessmentSchema, CreateMvrOrderBodySchema, CreateMvrOrderQuerySchema, IrrOrderBodySchema,
  MvrMetricsSchema, MvrReportQuerySchema, OrderDetailSchema, OrderInputSchema, OrderListFilterSchema, OrderReviewedSchema, OrderSchema,
  PageQuerySchema, PersonMvrOrderBodySchema, PersonRiskAssessmentSchema, ProblemSchema, RiskAssessmentQuerySchema, SetReviewedBodySchema,
  UpdateOrderStatusBodySchema, VehicleOrderBodySchema, VehicleReportSchema, ViolationReportSchema, pageOf, type Order, type Page,
} from '@clearlane/contract';
import { principalOf, readAheadResult } from '../../access/guard.ts';
import { routesNeedPlugins } from '../../access/plugins.ts';
import { negotiate, type Offer } from '../../http/content-negotiation.ts';
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

/** The answers of GET /{id}/mvr/report (docs/DECISIONS.md): any type, or none named, gets the standard PDF. */
const MVR_ANSWERS = [
  { type: 'application/pdf', answer: 'pdf' },
  { type: 'application/pdf+text', answer: 'pdf+text' },
  { type: 'text/plain', answer: 'text' },
] as const satisfies readonly Offer<string>[];

/** The other reports answer JSON, as they always have, unless the PDF is asked for. */
const REPORT_ANSWERS = [
  { type: 'application/json', answer: 'json' },
  { type: 'application/pdf', answer: 'pdf' },
] as const satisfies readonly Offer<string>[];

/** The OpenAPI document's media types of those report routes (http/media-types.ts). */
const JSON_OR_PDF = { 'application/json': 'schema', 'application/pdf': 'binary' } as const;

const notAcceptable = (available: readonly Offer<string>[], what: string) =>
  new AppError(406, 'NotAcceptable', `${what} is available as ${available.map((offer) => offer.type).join(', ').replace(/, ([^,]*)$/, ' or $1')}.`, { title: 'Not Acceptable' });

/** Whether a report route's caller asked for the PDF (else JSON); 406 when it accepts neither. */
function wantsPdf(request: FastifyRequest): boolean {
  const answer = negotiate(request.headers.accept, REPORT_ANSWERS);
  if (!answer) throw notAcceptable(REPORT_ANSWERS, 'This report');
  return answer === 'pdf';
}

const sendPdf = (reply: FastifyReply, { pdf, fileName }: { pdf: Buffer; fileName: string }) =>
  reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).send(pdf as never);

export async function ordersRoutes(app: FastifyInstance, { orders }: { orders: OrdersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Orders'];
  const security = [{ bearer: [] }];
  // Authenticate before the body is parsed or validated: a caller without a valid token learns nothing else.
  app.addHook('onRequest', app.authenticate);
  routesNeedPlugins(app, 'orders');

  const listQuery = PageQuerySchema.extend(OrderListFilterSchema.shape);
  r.get('/orders', {
    schema: {
      tags, security, summary: 'Orders of my company (page, sort, size, isReviewed and filters)',
      querystring: listQuery,
      response: { 200: pageOf(OrderSchema), ...problems },
    },
    // The page is read with the caller's lookup, in one round trip (access/guard.ts): the list is
    // the page a user opens most, and its second round trip was a quarter of its cost (bench/README.md).
    config: {
      readAhead: (request, companyId) => {
        const query = listQuery.safeParse(request.query);
        return query.success ? () => orders.pageOfOrders(companyId, query.data) : undefined;
      },
    },
  }, async (request) => orders.list(principalOf(request), request.query, readAheadResult<Page<Order>>(request)));

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
    config: { answers: { 'application/pdf': 'binary', 'application/pdf+text': 'schema', 'text/plain': 'text' } },
    schema: {
      tags, security,
      summary: 'The MVR report: Accept application/pdf → PDF (standard, or ?format=MVR_CONDENSED_REPORT); text/plain → condensed text; application/pdf+text → condensed PDF (base64) and text as JSON',
      params: idParams, querystring: MvrReportQuerySchema,
      response: { 200: CondensedBundleSchema, 406: ProblemSchema, ...problems },
    },
  }, async (request, reply) => {
    const answer = negotiate(request.headers.accept, MVR_ANSWERS);
    if (!answer) throw notAcceptable(MVR_ANSWERS, 'The MVR report');
    const report = await orders.mvrReport(principalOf(request), request.params.id, answer === 'pdf' ? (request.query.format ?? 'MVR_STANDARD_REPORT') : 'MVR_CONDENSED_REPORT');
    if (answer === 'text') return reply.type('text/plain; charset=utf-8').send(report.text() as never);
    if (answer === 'pdf') {
      const format = request.query.format ?? 'MVR_STANDARD_REPORT';
      const suffix = format === 'MVR_CONDENSED_REPORT' ? 'condensed' : 'standard';
      return sendPdf(reply, { fileName: `${report.fileName}-${suffix}.pdf`, pdf: await report.pdf() });
    }
    return { format: 'MVR_CONDENSED_REPORT' as const, fileName: `${report.fileName}-condensed.pdf`, pdf: (await report.pdf()).toString('base64'), text: report.text() };
  });

  const pdfOr = 'Accept application/pdf → the report as a PDF document; otherwise JSON:';
  r.get('/orders/:id/violation/report', {
    config: { answers: JSON_OR_PDF },
    schema: { tags, security, summary: `${pdfOr} the violations, accidents and DMV actions of a completed MVR`, params: idParams, response: { 200: ViolationReportSchema, 406: ProblemSchema, ...problems } },
  }, async (request, reply) => {
    if (wantsPdf(request)) return sendPdf(reply, await orders.reportDocument(principalOf(request), request.params.id, 'violation'));
    return orders.violationReport(principalOf(request), request.params.id);
  });

  r.get('/orders/:id/vehicle/report', {
    config: { answers: JSON_OR_PDF },
    schema: { tags, security, summary: `${pdfOr} the vehicle report of a completed VIN order`, params: idParams, response: { 200: VehicleReportSchema, 406: ProblemSchema, ...problems } },
  }, async (request, reply) => {
    if (wantsPdf(request)) return sendPdf(reply, await orders.reportDocument(principalOf(request), request.params.id, 'vehicle'));
    return VehicleReportSchema.parse(await orders.providerReport(principalOf(request), request.params.id, ['VIN_REPORT']));
  });

  r.get('/orders/:id/irr/report', {
    config: { answers: JSON_OR_PDF },
    schema: { tags, security, summary: `${pdfOr} the person risk assessment of a completed order`, params: idParams, response: { 200: PersonRiskAssessmentSchema, 406: ProblemSchema, ...problems } },
  }, async (request, reply) => {
    if (wantsPdf(request)) return sendPdf(reply, await orders.reportDocument(principalOf(request), request.params.id, 'irr'));
    return PersonRiskAssessmentSchema.parse(await orders.providerReport(principalOf(request), request.params.id, ['PERSON_RISK_ASSESSMENT']));
  });

  r.get('/orders/:id/bra/report', {
    config: { answers: JSON_OR_PDF },
    schema: { tags, security, summary: `${pdfOr} the business risk report of a completed order`, params: idParams, response: { 200: BusinessRiskAssessmentSchema, 406: ProblemSchema, ...problems } },
  }, async (request, reply) => {
    if (wantsPdf(request)) return sendPdf(reply, await orders.reportDocument(principalOf(request), request.params.id, 'bra'));
    return BusinessRiskAssessmentSchema.parse(await orders.providerReport(principalOf(request), request.params.id, ['BUSINESS_RISK_INFORM_REPORT']));
  });
}
