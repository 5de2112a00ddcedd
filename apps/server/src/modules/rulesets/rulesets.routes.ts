// /api/v1/rulesets/{namespace}: the adjudication rules of my company (DESIGN.md §6).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_LISTED_RULESETS, ProblemSchema, RuleNamespaceSchema, RulesetResponseSchema, RulesetSchema, RulesetSummarySchema } from '@clearlane/contract';
import { principalOf } from '../../access/guard.ts';
import { routesNeedPlugins } from '../../access/plugins.ts';
import type { RulesetsService } from './rulesets.service.ts';

// 409: the stored ruleset is not valid any more (edited outside Clearlane); the problem names what is wrong.
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

export async function rulesetsRoutes(app: FastifyInstance, { rulesets }: { rulesets: RulesetsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Rulesets'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', app.authenticate);
  routesNeedPlugins(app, 'orders');
  const params = z.object({ namespace: RuleNamespaceSchema });

  r.get('/rulesets', {
    schema: {
      tags, security,
      summary: `My company's adjudication rulesets, "default" first (the seeded one until saved), then by namespace; at most ${MAX_LISTED_RULESETS}`,
      response: { 200: z.array(RulesetSummarySchema), ...problems },
    },
  }, async (request) => rulesets.list(principalOf(request)));

  r.get('/rulesets/:namespace', {
    schema: { tags, security, summary: 'An adjudication ruleset of my company ("default" is seeded until saved); 409 InvalidRuleset when the stored one is not valid', params, response: { 200: RulesetResponseSchema, ...problems } },
  }, async (request) => rulesets.get(principalOf(request), request.params.namespace));

  r.put('/rulesets/:namespace', {
    schema: {
      tags, security, summary: 'Save an adjudication ruleset (manage Order); also repairs one that is not valid', params,
      body: RulesetSchema.omit({ namespace: true }),
      response: { 200: RulesetResponseSchema, ...problems },
    },
  }, async (request) => rulesets.put(principalOf(request), request.params.namespace, request.body));
}
