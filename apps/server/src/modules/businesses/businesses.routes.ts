// /api/v1/businesses (SPEC.md §7): the company's businesses.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessListFilterSchema, BusinessSchema, CreateBusinessBodySchema, PageQuerySchema, ProblemSchema, pageOf } from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import { routesNeedPlugins } from '../../access/plugins.ts';
import type { BusinessesService } from './businesses.service.ts';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

export async function businessesRoutes(app: FastifyInstance, { businesses }: { businesses: BusinessesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Businesses'];
  const security = [{ bearer: [] }];
  // Authenticate before the body is parsed or validated: a caller without a valid token learns nothing else.
  app.addHook('onRequest', app.authenticate);
  routesNeedPlugins(app, 'businesses');

  r.get('/businesses', {
    schema: {
      tags, security,
      summary: 'Businesses of my company',
      querystring: PageQuerySchema.extend(BusinessListFilterSchema.shape),
      response: { 200: pageOf(BusinessSchema), ...problems },
    },
  }, async (request) => businesses.list(principalOf(request), request.query));

  r.get('/businesses/:id', {
    schema: { tags, security, summary: 'One business of my company', params: z.object({ id: z.string().uuid() }), response: { 200: BusinessSchema, ...problems } },
  }, async (request) => businesses.get(principalOf(request), request.params.id));

  r.post('/businesses', {
    schema: {
      tags, security,
      summary: 'Add a business; its EIN must be new to my company',
      body: CreateBusinessBodySchema,
      response: { 201: BusinessSchema, ...problems, 409: ProblemSchema },
    },
  }, async (request, reply) => reply.status(201).send(await businesses.create(principalOf(request), request.body)));
}
