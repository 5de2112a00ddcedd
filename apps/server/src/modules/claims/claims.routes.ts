// /api/v1/claims (SPEC.md §7 "Claims", issue 11) and the company's claim form versions
// (/api/v1/claims/schemas, ours: the form is served by the API so server and portal validate alike).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttachClaimOrderBodySchema, ClaimDetailSchema, ClaimListFilterSchema, ClaimOrderSchema, ClaimSchema, ClaimSchemaVersionSchema,
  ClaimSchemaVersionSummarySchema, ClaimSnapshotSchema, ClaimSnapshotSummarySchema, CreateClaimBodySchema, DetachClaimOrderBodySchema,
  PageQuerySchema, ProblemSchema, PublishClaimSchemaBodySchema, UpdateClaimBodySchema, pageOf,
} from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import { routesNeedPlugins } from '../../access/plugins.ts';
import { negotiate, type Offer } from '../../http/content-negotiation.ts';
import { AppError } from '../../http/errors.ts';
import type { ClaimsService } from './claims.service.ts';

// 409: publishing what is not complete (ClaimNotPublishable, each missing thing named), a broken ruleset, too many orders.
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };
const idParams = z.object({ id: z.string().uuid() });
/** A snapshot answers JSON, as every answer does, unless its PDF is asked for. */
const SNAPSHOT_ANSWERS = [{ type: 'application/json', answer: 'json' }, { type: 'application/pdf', answer: 'pdf' }] as const satisfies readonly Offer<string>[];
const orderParams = z.object({ id: z.string().uuid(), orderId: z.string().uuid() });

export async function claimsRoutes(app: FastifyInstance, { claims }: { claims: ClaimsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Claims'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', app.authenticate);
  routesNeedPlugins(app, 'claims');

  r.get('/claims', {
    schema: {
      tags, security, summary: 'Claims of my company (page, sort, size; filters status, kind, loss date from/to, free text)',
      querystring: PageQuerySchema.extend(ClaimListFilterSchema.shape), response: { 200: pageOf(ClaimSchema), ...problems },
    },
  }, async (request) => claims.list(principalOf(request), request.query));

  r.post('/claims', {
    schema: {
      tags, security,
      summary: 'File a claim: form data checked against the draft of my company\'s claim form (every entered field must be right; required ones may wait until publishing)',
      body: CreateClaimBodySchema, response: { 201: ClaimDetailSchema, ...problems },
    },
  }, async (request, reply) => reply.status(201).send(await claims.create(principalOf(request), request.body)));

  r.get('/claims/schemas', {
    schema: { tags, security, summary: "Versions of my company's claim form, newest (current) first", response: { 200: z.array(ClaimSchemaVersionSummarySchema), ...problems } },
  }, async (request) => claims.listSchemaVersions(principalOf(request)));

  r.get('/claims/schemas/current', {
    schema: { tags, security, summary: 'The claim form new claims are entered against: JSON Schema draft-07 and its react-jsonschema-form uiSchema', response: { 200: ClaimSchemaVersionSchema, ...problems } },
  }, async (request) => claims.currentSchema(principalOf(request)));

  r.get('/claims/schemas/:version', {
    schema: {
      tags, security, summary: 'One version of the claim form (a claim is shown with the version it was entered against)',
      params: z.object({ version: z.coerce.number().int().min(1).max(1_000_000) }), response: { 200: ClaimSchemaVersionSchema, ...problems },
    },
  }, async (request) => claims.schemaVersion(principalOf(request), request.params.version));

  r.post('/claims/schemas', {
    schema: {
      tags, security,
      summary: 'Publish a new version of the claim form (Company Admin): a JSON Schema draft-07 object form, at most 128 KB, 24 levels, references inside itself only; claims keep the version they were entered against',
      body: PublishClaimSchemaBodySchema, response: { 201: ClaimSchemaVersionSchema, ...problems },
    },
  }, async (request, reply) => reply.status(201).send(await claims.publishSchema(principalOf(request), request.body)));

  r.get('/claims/:id', {
    schema: { tags, security, summary: 'One claim: form data, orders with the claim\'s judgement, timeline, and what publishing waits for', params: idParams, response: { 200: ClaimDetailSchema, ...problems } },
  }, async (request) => claims.get(principalOf(request), request.params.id));

  r.put('/claims/:id', {
    schema: {
      tags, security, summary: 'Save the claim\'s form data (a draft may be incomplete); editing a published claim starts an Update',
      params: idParams, body: UpdateClaimBodySchema, response: { 200: ClaimDetailSchema, ...problems },
    },
  }, async (request) => claims.update(principalOf(request), request.params.id, request.body));

  r.patch('/claims/:id/publish', {
    schema: {
      tags, security, summary: 'Publish the claim as its next immutable snapshot (manage Claim); 409 ClaimNotPublishable names what is missing',
      params: idParams, response: { 200: ClaimDetailSchema, ...problems },
    },
  }, async (request) => claims.publish(principalOf(request), request.params.id));

  r.get('/claims/:id/orders', {
    schema: { tags, security, summary: 'The orders attached to the claim, each with the claim\'s judgement', params: idParams, response: { 200: z.array(ClaimOrderSchema), ...problems } },
  }, async (request) => claims.orders(principalOf(request), request.params.id));

  r.get('/claims/:id/snapshots', {
    schema: { tags, security, summary: 'The claim\'s published snapshots, numbered from 1', params: idParams, response: { 200: z.array(ClaimSnapshotSummarySchema), ...problems } },
  }, async (request) => claims.snapshots(principalOf(request), request.params.id));

  r.get('/claims/:id/snapshots/:snapshotId', {
    config: { answers: { 'application/json': 'schema', 'application/pdf': 'binary' } },
    schema: {
      tags, security,
      summary: 'One snapshot as published: form data, schema version, every order\'s outcome, deciding rules, ruleset version and report SHA-256, and what changed since the previous one; Accept application/pdf → the snapshot as a PDF document',
      params: z.object({ id: z.string().uuid(), snapshotId: z.string().uuid() }), response: { 200: ClaimSnapshotSchema, 406: ProblemSchema, ...problems },
    },
  }, async (request, reply) => {
    const answer = negotiate(request.headers.accept, SNAPSHOT_ANSWERS);
    if (!answer) throw new AppError(406, 'NotAcceptable', 'A snapshot is available as application/json or application/pdf.', { title: 'Not Acceptable' });
    if (answer === 'json') return claims.snapshot(principalOf(request), request.params.id, request.params.snapshotId);
    const { pdf, fileName } = await claims.snapshotDocument(principalOf(request), request.params.id, request.params.snapshotId);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).send(pdf as never);
  });

  // Attaching and detaching work with the company's orders: without `orders` it could not see them.
  r.post('/claims/:id/:orderId', {
    config: { plugin: ['claims', 'orders'] },
    schema: {
      tags, security, summary: 'Attach an order of my company and judge it with the ruleset (the claim\'s, else "default"); attaching it again re-judges it',
      params: orderParams, body: AttachClaimOrderBodySchema, response: { 200: ClaimDetailSchema, ...problems },
    },
  }, async (request) => claims.attachOrder(principalOf(request), request.params.id, request.params.orderId, request.body));

  r.delete('/claims/:id/:orderId', {
    config: { plugin: ['claims', 'orders'] },
    schema: {
      tags, security, summary: 'Detach an order from the claim (body optional)',
      params: orderParams, body: DetachClaimOrderBodySchema.optional(), response: { 200: ClaimDetailSchema, ...problems },
    },
  }, async (request) => claims.detachOrder(principalOf(request), request.params.id, request.params.orderId, request.body));
}
