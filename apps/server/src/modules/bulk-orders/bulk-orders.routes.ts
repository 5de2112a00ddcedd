// POST /api/v1/orders with a sheet (multipart field `file`) and GET /api/v1/orders/bulk/template.
// The static /orders/bulk/template wins over /orders/{id} in Fastify's router, whatever the order
// of registration, so the template is never taken for an order id.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BULK_ORDER_CONTENT_TYPES, BULK_ORDER_FILE_FIELD, BULK_ORDER_LIMITS, BulkOrderQuerySchema, BulkOrderResultSchema, BulkSheetInvalidSchema, BulkTemplateQuerySchema, ProblemSchema,
} from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import { routesNeedPlugins } from '../../access/plugins.ts';
import { AppError, invalidInput } from '../../http/errors.ts';
import { sendProblem } from '../../http/problem-handler.ts';
import { BulkOrdersService, BulkSheetInvalidError, fileTooLarge } from './bulk-orders.service.ts';
import { bulkTemplate } from './template.ts';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 413: ProblemSchema, 415: ProblemSchema, 503: ProblemSchema };
const SheetProblemSchema = ProblemSchema.extend(BulkSheetInvalidSchema.partial().shape);

export async function bulkOrdersRoutes(app: FastifyInstance, { bulkOrders }: { bulkOrders: BulkOrdersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Orders'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', app.authenticate);
  routesNeedPlugins(app, 'orders', 'bulk-orders');
  // One file, no larger than the limit; the parser stops reading past it rather than buffering it.
  await app.register(multipart, { limits: { fileSize: BULK_ORDER_LIMITS.maxFileBytes, files: 1, fields: 10, parts: 11 } });

  r.post('/orders', {
    schema: {
      tags, security, consumes: ['multipart/form-data'],
      summary: 'Bulk MVR orders: a sheet (.xlsx or .csv, multipart field "file") becomes one order per row in a report group',
      description: `Every row is checked first; a sheet with any problem creates nothing and is answered 422 BulkSheetInvalid with rowErrors (row, column, value, message). Limits: ${BULK_ORDER_LIMITS.maxFileBytes / 1024 / 1024} MB file, ${BULK_ORDER_LIMITS.maxRows} rows, ${BULK_ORDER_LIMITS.maxUnpackedBytes / 1024 / 1024} MB unpacked (XLSX). The template is GET /orders/bulk/template.`,
      querystring: BulkOrderQuerySchema,
      response: { 201: BulkOrderResultSchema, 422: SheetProblemSchema, ...problems },
    },
  }, async (request, reply) => {
    const principal = principalOf(request);
    try {
      // Permission first (the plugin was checked before): a caller who may not upload learns nothing about their file.
      await bulkOrders.assertMayUpload(principal);
      if (!request.isMultipart()) {
        throw new AppError(415, 'UnsupportedMediaType', `Send the sheet as multipart/form-data in the field "${BULK_ORDER_FILE_FIELD}" (.xlsx or .csv).`);
      }
      const part = await request.file();
      if (!part || part.fieldname !== BULK_ORDER_FILE_FIELD) {
        part?.file.resume();
        throw invalidInput([{ path: `body.${BULK_ORDER_FILE_FIELD}`, message: 'is required: the .xlsx or .csv sheet of orders' }]);
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
        throw error;
      }
      const result = await bulkOrders.createFromSheet(principal, { fileName: part.filename, mimeType: part.mimetype, data }, request.query);
      return reply.status(201).send(result);
    } catch (error) {
      if (!(error instanceof BulkSheetInvalidError)) throw error;
      const problem = {
        status: error.status, code: error.code, detail: error.message, errors: error.options.errors,
        rowErrors: error.rowErrors, rowErrorCount: error.rowErrorCount,
      };
      return sendProblem(reply, request, problem);
    }
  });

  r.get('/orders/bulk/template', {
    config: { answers: { [BULK_ORDER_CONTENT_TYPES.xlsx]: 'binary', [BULK_ORDER_CONTENT_TYPES.csv]: 'text' } },
    schema: {
      tags, security, summary: 'The bulk MVR order template: the header row and one example row (xlsx or csv)',
      querystring: BulkTemplateQuerySchema,
      response: problems,
    },
  }, async (request, reply) => {
    const template = await bulkTemplate(request.query.format);
    return reply
      .type(template.contentType)
      .header('content-disposition', `attachment; filename="${template.fileName}"`)
      .header('cache-control', 'no-cache')
      .send(template.body as never);
  });
}
