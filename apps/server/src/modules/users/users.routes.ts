import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateUserBodySchema, CurrentUserSchema, PageQuerySchema, ProblemSchema, UpdateUserBodySchema, UserListFilterSchema, UserSummarySchema, pageOf } from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import type { UsersService } from './users.service.ts';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

export async function usersRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Users'];
  const security = [{ bearer: [] }];
  // Authenticate before the body is parsed or validated: a caller without a valid token learns nothing else.
  app.addHook('onRequest', app.authenticate);

  r.get('/users/me', {
    schema: { tags, security, summary: 'The signed-in user, their companies, roles and permissions', response: { 200: CurrentUserSchema, 401: ProblemSchema } },
  }, async (request) => users.me(principalOf(request)));

  r.get('/users', {
    schema: {
      tags, security,
      summary: 'Users of my company',
      querystring: PageQuerySchema.extend(UserListFilterSchema.shape),
      response: { 200: pageOf(UserSummarySchema), ...problems },
    },
  }, async (request) => users.list(principalOf(request), request.query));

  r.get('/users/:id', {
    schema: { tags, security, summary: 'One user of my company', params: z.object({ id: z.string().uuid() }), response: { 200: UserSummarySchema, ...problems } },
  }, async (request) => users.get(principalOf(request), request.params.id));

  r.patch('/users/:id', {
    schema: {
      tags, security,
      summary: "Change a user's role in my company, or switch them off or on (Company Admins)",
      description: 'Switching a user off ends their sessions in this company at once and sign-in here refuses them; their other companies are untouched. '
        + 'A change that would leave the company without an enabled Company Admin is refused with 409 LastCompanyAdmin.',
      params: z.object({ id: z.string().uuid() }),
      body: UpdateUserBodySchema,
      response: { 200: UserSummarySchema, ...problems },
    },
  }, async (request) => users.update(principalOf(request), request.params.id, request.body));

  r.post('/users', {
    schema: { tags, security, summary: 'Invite a user: a temporary password is sent by mail', body: CreateUserBodySchema, response: { 201: UserSummarySchema, ...problems } },
  }, async (request, reply) => reply.status(201).send(await users.invite(principalOf(request), request.body)));

  r.post('/users/:id/resendInvite', {
    schema: { tags, security, summary: 'Send a new temporary password to an invited user', params: z.object({ id: z.string().uuid() }), response: { 200: UserSummarySchema, ...problems } },
  }, async (request) => users.resendInvite(principalOf(request), request.params.id));
}
