// /api/v1/rulesets/{namespace}: the adjudication rules of my company (DESIGN.md §6), every saved
// version of them, and a preview of what a draft would change (issue 13).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_LISTED_RULESET_VERSIONS, MAX_LISTED_RULESETS, ProblemSchema, RULESET_PREVIEW_DAYS, RULESET_PREVIEW_LISTED, RuleNamespaceSchema, RulesetBodySchema,
  RulesetPreviewSchema, RulesetResponseSchema, RulesetSummarySchema, RulesetVersionNumberSchema, RulesetVersionSchema, RulesetVersionSummarySchema,
} from '@clearlane/contract';
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
      tags, security, summary: 'Save an adjudication ruleset as its next version (manage Order); also repairs one that is not valid', params,
      body: RulesetBodySchema,
      response: { 200: RulesetResponseSchema, ...problems },
    },
  }, async (request) => rulesets.put(principalOf(request), request.params.namespace, request.body));

  r.get('/rulesets/:namespace/versions', {
    schema: {
      tags, security, params,
      summary: `The saved versions of a ruleset, newest first, with who saved each and when; at most ${MAX_LISTED_RULESET_VERSIONS}. The seeded default has none`,
      response: { 200: z.array(RulesetVersionSummarySchema), ...problems },
    },
  }, async (request) => rulesets.versions(principalOf(request), request.params.namespace));

  r.get('/rulesets/:namespace/versions/:version', {
    schema: {
      tags, security, summary: 'One saved version of a ruleset, with its rules',
      params: params.extend({ version: RulesetVersionNumberSchema }),
      response: { 200: RulesetVersionSchema, ...problems },
    },
  }, async (request) => rulesets.version(principalOf(request), request.params.namespace, request.params.version));

  r.post('/rulesets/:namespace/preview', {
    schema: {
      tags, security, params,
      summary: `What saving these rules would change (manage Order; saves nothing): my company's MVRs completed in the last ${RULESET_PREVIEW_DAYS} days and judged by this ruleset, re-judged with the draft; counts per change of outcome and the orders that would change (newest first, at most ${RULESET_PREVIEW_LISTED})`,
      body: RulesetBodySchema,
      response: { 200: RulesetPreviewSchema, ...problems },
    },
  }, async (request) => rulesets.preview(principalOf(request), request.params.namespace, request.body));
}
