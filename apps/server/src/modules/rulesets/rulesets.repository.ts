// Adjudication rulesets of one company, by namespace, and every saved version of them. companyId
// leads every WHERE.
import { and, asc, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { DEFAULT_RULE_NAMESPACE } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { orders, rulesets, rulesetVersions, users } from '../../db/schema.ts';

export async function findRuleset(db: Executor, companyId: string, namespace: string) {
  const [row] = await db.select().from(rulesets).where(and(eq(rulesets.companyId, companyId), eq(rulesets.namespace, namespace)));
  return row;
}

/**
 * Saves a new version: the ruleset row takes the next number (1 for a namespace never saved), and
 * the version is kept beside it. Two saves at once are serialised by the row's lock (the upsert),
 * so each gets its own number. Run it in a transaction.
 */
export async function saveRuleset(db: Executor, companyId: string, values: { namespace: string; name: string; rules: unknown[]; updatedBy: string }) {
  const [row] = await db
    .insert(rulesets)
    .values({ companyId, ...values, version: 1 })
    .onConflictDoUpdate({
      target: [rulesets.companyId, rulesets.namespace],
      set: { name: values.name, rules: values.rules, updatedBy: values.updatedBy, updatedAt: new Date(), version: sql`${rulesets.version} + 1` },
    })
    .returning();
  await db.insert(rulesetVersions).values({
    companyId, namespace: row!.namespace, version: row!.version, name: row!.name, rules: values.rules, savedBy: values.updatedBy, savedAt: row!.updatedAt,
  });
  return row!;
}

/** The company's rulesets by namespace, without their rules (only how many there are). */
export async function listRulesets(db: Executor, companyId: string, limit: number) {
  return db
    .select({
      namespace: rulesets.namespace, name: rulesets.name, updatedAt: rulesets.updatedAt, version: rulesets.version,
      // A hand-edited row may hold something else than an array: it counts as no rules here (GET
      // /rulesets/{namespace} says what is wrong with it).
      ruleCount: sql<number>`case when jsonb_typeof(${rulesets.rules}) = 'array' then jsonb_array_length(${rulesets.rules}) else 0 end`.mapWith(Number),
    })
    .from(rulesets)
    .where(eq(rulesets.companyId, companyId))
    .orderBy(asc(rulesets.namespace))
    .limit(limit);
}

const savedByColumns = { savedById: users.id, savedByFirstName: users.firstName, savedByLastName: users.lastName, savedByEmail: users.email };

/** The saved versions of one ruleset, newest first, with who saved each. */
export async function listVersions(db: Executor, companyId: string, namespace: string, limit: number) {
  return db
    .select({
      version: rulesetVersions.version, name: rulesetVersions.name, savedAt: rulesetVersions.savedAt, ...savedByColumns,
      ruleCount: sql<number>`case when jsonb_typeof(${rulesetVersions.rules}) = 'array' then jsonb_array_length(${rulesetVersions.rules}) else 0 end`.mapWith(Number),
    })
    .from(rulesetVersions)
    .leftJoin(users, eq(users.id, rulesetVersions.savedBy))
    .where(and(eq(rulesetVersions.companyId, companyId), eq(rulesetVersions.namespace, namespace)))
    .orderBy(desc(rulesetVersions.version))
    .limit(limit);
}

export async function findVersion(db: Executor, companyId: string, namespace: string, version: number) {
  const [row] = await db
    .select({ version: rulesetVersions.version, name: rulesetVersions.name, rules: rulesetVersions.rules, savedAt: rulesetVersions.savedAt, ...savedByColumns })
    .from(rulesetVersions)
    .leftJoin(users, eq(users.id, rulesetVersions.savedBy))
    .where(and(eq(rulesetVersions.companyId, companyId), eq(rulesetVersions.namespace, namespace), eq(rulesetVersions.version, version)));
  return row;
}

export interface JudgedOrderRow {
  id: string;
  subjectLabel: string;
  completedAt: Date;
  outcome: string | null;
  result: Record<string, unknown> | null;
}

/**
 * The company's completed, rule-judged MVRs since `since` whose ruleset is `namespace` (an order
 * naming none is judged by "default"), newest first, one batch after `after` (keyset: completed
 * time, then id). Walks orders_completed_idx.
 */
export async function judgedOrdersBatch(
  db: Executor, companyId: string, namespace: string, since: Date, after: { completedAt: Date; id: string } | null, size: number,
): Promise<JudgedOrderRow[]> {
  const rows = await db
    .select({ id: orders.id, subjectLabel: orders.subjectLabel, completedAt: orders.completedAt, outcome: orders.outcome, result: orders.result })
    .from(orders)
    .where(and(
      eq(orders.companyId, companyId),
      isNotNull(orders.completedAt),
      sql`${orders.completedAt} >= ${since.toISOString()}`,
      after ? or(lt(orders.completedAt, after.completedAt), and(eq(orders.completedAt, after.completedAt), lt(orders.id, after.id))) : undefined,
      eq(orders.status, 'Complete'),
      inArray(orders.type, ['MVR', 'MVR_WITH_ADJUDICATION']),
      eq(orders.isAutoAdjudicated, true),
      sql`coalesce(${orders.ruleNamespace}, ${DEFAULT_RULE_NAMESPACE}) = ${namespace}`,
    ))
    .orderBy(desc(orders.completedAt), desc(orders.id))
    .limit(size);
  return rows as JudgedOrderRow[];
}
