// /api/v1/person (SPEC.md §7): the company's drivers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreatePersonBodySchema, PageQuerySchema, PersonListFilterSchema, PersonSchema, ProblemSchema, UpdatePersonBodySchema, pageOf } from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import type { PersonsService } from './persons.service.ts';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const params = z.object({ id: z.string().uuid() });

export async function personsRoutes(app: FastifyInstance, { persons }: { persons: PersonsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Drivers'];
  const security = [{ bearer: [] }];
  // Authenticate before the body is parsed or validated: a caller without a valid token learns nothing else.
  app.addHook('onRequest', app.authenticate);

  r.get('/person/company/me', {
    schema: {
      tags, security,
      summary: 'Drivers of my company',
      querystring: PageQuerySchema.extend(PersonListFilterSchema.shape),
      response: { 200: pageOf(PersonSchema), ...problems },
    },
  }, async (request) => persons.list(principalOf(request), request.query));

  r.get('/person/:id', {
    schema: { tags, security, summary: 'One driver of my company', params, response: { 200: PersonSchema, ...problems } },
  }, async (request) => persons.get(principalOf(request), request.params.id));

  r.post('/person', {
    schema: {
      tags, security,
      summary: 'Add a driver; the licence number must fit its state\'s format and be new to my company',
      body: CreatePersonBodySchema,
      response: { 201: PersonSchema, ...problems, 409: ProblemSchema },
    },
  }, async (request, reply) => reply.status(201).send(await persons.create(principalOf(request), request.body)));

  r.put('/person/:id', {
    schema: {
      tags, security,
      summary: 'Replace a driver\'s details (optional fields left out are cleared)',
      params,
      body: UpdatePersonBodySchema,
      response: { 200: PersonSchema, ...problems, 409: ProblemSchema },
    },
  }, async (request) => persons.replace(principalOf(request), request.params.id, request.body));
}
