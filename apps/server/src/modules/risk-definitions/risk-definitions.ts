// GET /api/v1/risk-definitions: the assessment definitions a person or business risk order can name,
// so the order forms choose one from a list: Clearlane's catalogue first, then the names the
// company's own earlier risk orders used (most recently used first), each listed once.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import { z } from 'zod';
import {
  MAX_USED_RISK_DEFINITIONS, OFFERED_RISK_DEFINITIONS, ProblemSchema, RISK_ORDER_TYPES, RiskDefinitionSchema, RiskDefinitionsQuerySchema, type RiskDefinition,
} from '@clearlane/contract';
import { assertCan, principalOf } from '../../access/guard.ts';
import { routesNeedPlugins } from '../../access/plugins.ts';
import type { Principal } from '../../access/principal.ts';
import type { Database, Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/** The definition names the company's risk orders used, most recently used first. companyId leads the WHERE. */
async function usedDefinitions(db: Executor, companyId: string, types: readonly string[], limit: number): Promise<string[]> {
  const lastUsed = max(orders.createdAt);
  const rows = await db
    .select({ name: orders.riskAssessmentDefinitionName, lastUsed })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.type, [...types]), isNotNull(orders.riskAssessmentDefinitionName)))
    .groupBy(orders.riskAssessmentDefinitionName)
    .orderBy(desc(lastUsed))
    .limit(limit);
  return rows.map((row) => row.name!);
}

export class RiskDefinitionsService {
  constructor(private readonly db: Database) {}

  async list(principal: Principal, type?: (typeof RISK_ORDER_TYPES)[number]): Promise<RiskDefinition[]> {
    assertCan(principal, 'view', 'Order');
    const offered = OFFERED_RISK_DEFINITIONS.map((definition) => ({ ...definition, source: 'offered' as const }));
    const used = await usedDefinitions(this.db, principal.companyId, type ? [type] : RISK_ORDER_TYPES, MAX_USED_RISK_DEFINITIONS + offered.length);
    const known = new Set<string>(offered.map((definition) => definition.name));
    const others = used.filter((name) => !known.has(name)).slice(0, MAX_USED_RISK_DEFINITIONS);
    return [...offered, ...others.map((name) => ({ name, label: name, source: 'used' as const }))];
  }
}

export async function riskDefinitionsRoutes(app: FastifyInstance, { riskDefinitions }: { riskDefinitions: RiskDefinitionsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  routesNeedPlugins(app, 'orders');
  r.get('/risk-definitions', {
    schema: {
      tags: ['Orders'], security: [{ bearer: [] }], querystring: RiskDefinitionsQuerySchema,
      summary: `The assessment definitions a person or business risk order can name: Clearlane's, then those my company's risk orders used (most recent first, at most ${MAX_USED_RISK_DEFINITIONS})`,
      response: { 200: z.array(RiskDefinitionSchema), 401: ProblemSchema, 403: ProblemSchema },
    },
  }, async (request) => riskDefinitions.list(principalOf(request), request.query.type));
}
