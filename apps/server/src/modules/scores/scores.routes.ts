// DOT quality scores (issue 12; SPEC.md §7 "Scores" and "Dots"): the company's DOT numbers, adding
// and removing watched ones, scoring them and the report. All need the `dot-scores` plugin.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddDotBodySchema, CompanyDotListSchema, CompanyDotSchema, DotNumberSchema, DotQualityReportQuerySchema, DotQualityReportSchema, ProblemSchema,
  ScoreDotsAcceptedSchema, ScoreDotsBodySchema,
} from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import { negotiate } from '../../http/content-negotiation.ts';
import { AppError } from '../../http/errors.ts';
import { reportCsv } from './report-csv.ts';
import { routesNeedPlugins } from '../../access/plugins.ts';
import { SCORE_BATCH_SIZE, SCORE_IN_REQUEST_LIMIT, type DotScoresService } from './scores.service.ts';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const REPORT_ANSWERS = [{ type: 'application/json', answer: 'json' }, { type: 'text/csv', answer: 'csv' }] as const;

export async function scoresRoutes(app: FastifyInstance, { scores }: { scores: DotScoresService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['DOT quality scores'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', app.authenticate);
  routesNeedPlugins(app, 'dot-scores');

  r.get('/dots', {
    schema: {
      tags, security,
      summary: 'My company\'s DOT numbers: its own carriers and those it watches, with name and last scoring',
      response: { 200: CompanyDotListSchema, ...problems },
    },
  }, async (request) => scores.list(principalOf(request)));

  r.post('/dots', {
    schema: {
      tags, security,
      summary: 'Add a DOT number to my company\'s list (own carrier or watched); adding one already listed updates it',
      description: 'Answers 201 when the number is new to the list, 200 when it was listed already. Scoring is separate: POST /scores/dot/quality.',
      body: AddDotBodySchema,
      response: { 200: CompanyDotSchema, 201: CompanyDotSchema, ...problems },
    },
  }, async (request, reply) => {
    const { dot, created } = await scores.add(principalOf(request), request.body);
    return reply.status(created ? 201 : 200).send(dot);
  });

  r.delete('/dots/:dotNumber', {
    schema: {
      tags, security,
      summary: 'Remove a DOT number from my company\'s list, with its scorings and changes',
      params: z.object({ dotNumber: DotNumberSchema }),
      response: { 204: z.null().describe('Removed'), ...problems },
    },
  }, async (request, reply) => {
    await scores.remove(principalOf(request), request.params.dotNumber);
    return reply.status(204).send(null);
  });

  r.post('/scores/dot/quality', {
    schema: {
      tags, security,
      summary: 'Score DOT numbers (they join my company\'s list as watched carriers)',
      description: `A JSON array of 1 to 500 USDOT numbers (1 to 8 digits each); a bad one is a 400 naming it. Up to ${SCORE_IN_REQUEST_LIMIT} numbers on a provider that answers at once (the sandbox) are scored in the request: 200 with their report. Otherwise (more numbers, or FMCSA QCMobile, whose rate limit spaces the calls) they are scored by durable jobs of ${SCORE_BATCH_SIZE} numbers: 202, and GET /scores/dot/quality/report shows the results as they land.`,
      body: ScoreDotsBodySchema,
      response: { 200: DotQualityReportSchema, 202: ScoreDotsAcceptedSchema, ...problems, 503: ProblemSchema },
    },
  }, async (request, reply) => {
    const answer = await scores.score(principalOf(request), request.body);
    return answer.status === 200 ? reply.status(200).send(answer.report) : reply.status(202).send(answer.accepted);
  });

  r.get('/scores/dot/quality/report', {
    config: { answers: { 'application/json': 'schema', 'text/csv': 'text' } },
    schema: {
      tags, security,
      summary: 'The quality report of my company\'s carriers: BASICs against thresholds, out-of-service rates, rating, authority, insurance, changes and history',
      description: 'Every figure carries its source: FMCSA\'s own, or ours (an SMS-style measure and a peer-group percentile), the provider and the as-of date. Filter with repeated `dotNumber`; a number not on my company\'s list is a 404. With `Accept: text/csv` the same report as a CSV file, one row per carrier.',
      querystring: DotQualityReportQuerySchema,
      response: { 200: DotQualityReportSchema, ...problems, 406: ProblemSchema },
    },
  }, async (request, reply) => {
    const answer = negotiate(request.headers.accept, REPORT_ANSWERS);
    if (!answer) throw new AppError(406, 'NotAcceptable', 'The DOT quality report is available as application/json or text/csv.', { title: 'Not Acceptable' });
    const report = await scores.report(principalOf(request), request.query);
    if (answer === 'json') return report;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="dot-quality-report.csv"').send(reportCsv(report) as never);
  });
}
