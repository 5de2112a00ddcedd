// Adjudication rulesets of one company, by namespace. companyId leads every WHERE.
import { and, eq } from 'drizzle-orm';
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
