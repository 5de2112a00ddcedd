// /api/v1/orders/download… (SPEC.md §7 "Orders"; issue 10): report bundles. All need the
// `downloads` plugin. The static segment /orders/download wins over /orders/{id} in Fastify's
// router whatever the order of registration (find-my-way prefers static nodes), and {id} is a
// uuid, so "download" is never taken for an order id nor an order id for a download.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DownloadDetailSchema, DownloadPageSchema, GenerateDownloadBodySchema, PageQuerySchema, ProblemSchema } from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import { routesNeedPlugins } from '../../access/plugins.ts';
import type { DownloadsService } from './downloads.service.ts';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const idParams = z.object({ id: z.string().uuid() });

export async function downloadsRoutes(app: FastifyInstance, { downloads }: { downloads: DownloadsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Downloads'];
  const security = [{ bearer: [] }];
  // Authenticate before the body is parsed or validated: a caller without a valid token learns nothing else.
  app.addHook('onRequest', app.authenticate);
  routesNeedPlugins(app, 'downloads');

  r.post('/orders/download/generate-mvr-reports-download', {
    schema: {
      tags, security,
      summary: 'Bundle complete MVR orders into one file (a merged PDF, or a zip of one PDF or text per order); answers 202 and builds it in the background',
      description: 'Name the orders (mvrOrders, each once; repeats are dropped) or give orderFilter (the /orders filters). '
        + 'Every order must be a complete MVR order of my company, or nothing is bundled and the 400 names each that is not. At most 5,000 orders.',
      body: GenerateDownloadBodySchema,
      response: { 202: DownloadDetailSchema, ...problems, 503: ProblemSchema },
    },
  }, async (request, reply) => reply.status(202).send(await downloads.generate(principalOf(request), request.body)));

  r.get('/orders/download', {
    schema: {
      tags, security,
      summary: 'Report bundles: mine, or everyone\'s in my company for Managers and admins (manage Reports); newest first unless sorted',
      querystring: PageQuerySchema,
      response: { 200: DownloadPageSchema, ...problems },
    },
  }, async (request) => downloads.list(principalOf(request), request.query));

  r.get('/orders/download/:id', {
    schema: {
      tags, security, summary: 'One report bundle: status, progress, its orders and who downloaded it', params: idParams,
      response: { 200: DownloadDetailSchema, ...problems },
    },
  }, async (request) => downloads.get(principalOf(request), request.params.id));

  r.get('/orders/download/:id/file', {
    // A HEAD would run the handler and count as a download of the file: there is none.
    exposeHeadRoute: false,
    config: { answers: { 'application/pdf': 'binary', 'application/zip': 'binary', 'text/plain': 'text' } },
    schema: {
      tags, security,
      summary: 'The bundle\'s file (attachment); each download is recorded. 409 while it is being built or when it failed, 410 once expired',
      params: idParams,
      response: { ...problems, 409: ProblemSchema, 410: ProblemSchema },
    },
  }, async (request, reply) => {
    const file = await downloads.openFile(principalOf(request), request.params.id);
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('content-length', String(file.size))
      .header('cache-control', 'no-store')
      .send(file.body as never);
  });
}
