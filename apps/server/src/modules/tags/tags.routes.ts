// /api/v1/tags (SPEC.md §7): the company's order tags.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateTagBodySchema, ProblemSchema, TagSchema } from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import type { TagsService } from './tags.service.ts';

export async function tagsRoutes(app: FastifyInstance, { tags: service }: { tags: TagsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Tags'];
  const security = [{ bearer: [] }];
  // Authenticate before the body is parsed or validated: a caller without a valid token learns nothing else.
  app.addHook('onRequest', app.authenticate);

  r.get('/tags', {
    schema: { tags, security, summary: 'Every tag of my company, hidden ones included', response: { 200: z.array(TagSchema), 401: ProblemSchema, 403: ProblemSchema } },
  }, async (request) => service.list(principalOf(request), { visibleOnly: false }));

  r.get('/tags/visible', {
    schema: { tags, security, summary: 'The tags offered when tagging orders', response: { 200: z.array(TagSchema), 401: ProblemSchema, 403: ProblemSchema } },
  }, async (request) => service.list(principalOf(request), { visibleOnly: true }));

  r.post('/tags', {
    schema: {
      tags, security,
      summary: 'Define a tag for my company\'s orders',
      body: CreateTagBodySchema,
      response: { 201: TagSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 409: ProblemSchema },
    },
  }, async (request, reply) => reply.status(201).send(await service.create(principalOf(request), request.body)));
}
