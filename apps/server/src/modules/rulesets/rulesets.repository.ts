// Adjudication rulesets of one company, by namespace. companyId leads every WHERE.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rulesets } from '../../db/schema.ts';

export async function findRuleset(db: Executor, companyId: string, namespace: string) {
  const [row] = await db.select().from(rulesets).where(and(eq(rulesets.companyId, companyId), eq(rulesets.namespace, namespace)));
  return row;
}

export async function saveRuleset(db: Executor, companyId: string, values: { namespace: string; name: string; rules: unknown[]; updatedBy: string }) {
  const [row] = await db
    .insert(rulesets)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: [rulesets.companyId, rulesets.namespace], set: { name: values.name, rules: values.rules, updatedBy: values.updatedBy, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** The company's rulesets by namespace, without their rules (only how many there are). */
export async function listRulesets(db: Executor, companyId: string, limit: number) {
  return db
    .select({
      namespace: rulesets.namespace, name: rulesets.name, updatedAt: rulesets.updatedAt,
      // A hand-edited row may hold something else than an array: it counts as no rules here (GET
      // /rulesets/{namespace} says what is wrong with it).
      ruleCount: sql<number>`case when jsonb_typeof(${rulesets.rules}) = 'array' then jsonb_array_length(${rulesets.rules}) else 0 end`.mapWith(Number),
    })
    .from(rulesets)
    .where(eq(rulesets.companyId, companyId))
    .orderBy(asc(rulesets.namespace))
    .limit(limit);
}
