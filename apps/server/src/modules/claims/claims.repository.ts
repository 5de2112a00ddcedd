// Claims of one company, their orders, events, snapshots and the company's claim schemas. Every
// function takes companyId and puts it first in its WHERE: another company's claim is not there.
import { and, asc, desc, eq, gte, ilike, inArray, lt, max, sql, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { AUTO_LOSS_NOTICE_SCHEMA, AUTO_LOSS_NOTICE_UI_SCHEMA, BUILT_IN_CLAIM_SCHEMA_VERSION, type ClaimSortField, type SortTerm } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { readCountedPage, type CountedPage } from '../../db/capped-count.ts';
import { claimEvents, claimOrders, claims, claimSchemas, claimSnapshots, orders, users } from '../../db/schema.ts';

export type ClaimRow = typeof claims.$inferSelect;
export type NewClaimRow = typeof claims.$inferInsert;
export type ClaimSchemaRow = typeof claimSchemas.$inferSelect;
export type ClaimSnapshotRow = typeof claimSnapshots.$inferSelect;

// --- schemas ---

/** Writes the built-in form as the company's version 1 unless it is there: a claim always refers to a stored row. */
export async function ensureBuiltInSchema(db: Executor, companyId: string) {
  await db
    .insert(claimSchemas)
    .values({ companyId, version: BUILT_IN_CLAIM_SCHEMA_VERSION, builtIn: true, schema: AUTO_LOSS_NOTICE_SCHEMA as never, uiSchema: AUTO_LOSS_NOTICE_UI_SCHEMA as never, note: 'Built-in commercial auto loss notice' })
    .onConflictDoNothing();
}

export async function findSchema(db: Executor, companyId: string, version: number): Promise<ClaimSchemaRow | undefined> {
  const [row] = await db.select().from(claimSchemas).where(and(eq(claimSchemas.companyId, companyId), eq(claimSchemas.version, version)));
  return row;
}

export async function latestSchemaVersion(db: Executor, companyId: string): Promise<number | null> {
  const [row] = await db.select({ version: max(claimSchemas.version) }).from(claimSchemas).where(eq(claimSchemas.companyId, companyId));
  return row?.version ?? null;
}

export async function listSchemas(db: Executor, companyId: string) {
  return db
    .select({ version: claimSchemas.version, builtIn: claimSchemas.builtIn, note: claimSchemas.note, createdAt: claimSchemas.createdAt, createdBy: claimSchemas.createdBy })
    .from(claimSchemas)
    .where(eq(claimSchemas.companyId, companyId))
    .orderBy(desc(claimSchemas.version));
}

export async function insertSchema(db: Executor, row: typeof claimSchemas.$inferInsert) {
  const [inserted] = await db.insert(claimSchemas).values(row).returning();
  return inserted!;
}

// --- claims ---

export async function insertClaim(db: Executor, row: NewClaimRow) {
  await db.insert(claims).values(row);
}

/** The claim; `lock` holds it until the transaction ends, so changes of one claim queue up. */
export async function findClaim(db: Executor, companyId: string, claimId: string, lock = false): Promise<ClaimRow | undefined> {
  const query = db.select().from(claims).where(and(eq(claims.companyId, companyId), eq(claims.id, claimId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateClaim(db: Executor, companyId: string, claimId: string, set: Partial<NewClaimRow>) {
  const [row] = await db.update(claims).set({ ...set, updatedAt: new Date() }).where(and(eq(claims.companyId, companyId), eq(claims.id, claimId))).returning();
  return row!;
}

const SORT_COLUMNS: Record<ClaimSortField, SQL | typeof claims.createdAt> = {
  createdAt: claims.createdAt,
  updatedAt: sql`${claims.updatedAt}`,
  lossOccurredAt: sql`${claims.lossOccurredAt}`,
  status: sql`${claims.status}`,
  kind: sql`${claims.kind}`,
  policyNumber: sql`lower(${claims.policyNumber})`,
};

export interface ClaimListQuery {
  companyId: string;
  page: number;
  size: number;
  sort: SortTerm<ClaimSortField>[];
  status?: string;
  kind?: string;
  from?: Date;
  toExclusive?: Date;
  filter?: string;
}

const escapeLike = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The summary columns: the claim without its form data. */
const summaryColumns = {
  id: claims.id, companyId: claims.companyId, kind: claims.kind, status: claims.status, statusReason: claims.statusReason, schemaVersion: claims.schemaVersion,
  adjudicationRuleset: claims.adjudicationRuleset, publishIfPossible: claims.publishIfPossible, policyNumber: claims.policyNumber,
  lossOccurredAt: claims.lossOccurredAt, snapshotCount: claims.snapshotCount, createdAt: claims.createdAt, createdBy: claims.createdBy,
  updatedAt: claims.updatedAt, publishedAt: claims.publishedAt, title: claims.title,
};
export type ClaimSummaryRow = { [K in keyof typeof summaryColumns]: ClaimRow[K] } & { orderCount: number };

const orderCount = sql<number>`(select count(*)::int from ${claimOrders} where ${claimOrders.companyId} = ${claims.companyId} and ${claimOrders.claimId} = ${claims.id})`;

/** One page of a company's claims and how many match (capped as every list's: db/capped-count.ts). */
export async function listClaims(db: Executor, query: ClaimListQuery): Promise<CountedPage<ClaimSummaryRow>> {
  const conditions: SQL[] = [eq(claims.companyId, query.companyId)];
  if (query.status) conditions.push(eq(claims.status, query.status));
  if (query.kind) conditions.push(eq(claims.kind, query.kind));
  if (query.from) conditions.push(gte(claims.lossOccurredAt, query.from));
  if (query.toExclusive) conditions.push(lt(claims.lossOccurredAt, query.toExclusive));
  if (query.filter) conditions.push(ilike(claims.searchText, escapeLike(query.filter)));
  const where = and(...conditions);
  const ordering = [
    ...(query.sort.length > 0 ? query.sort : [{ field: 'createdAt' as const, direction: 'desc' as const }]).map((term) =>
      term.direction === 'desc' ? sql`${SORT_COLUMNS[term.field]} desc nulls last` : sql`${SORT_COLUMNS[term.field]} asc nulls last`),
    desc(claims.id),
  ];
  const offset = query.page * query.size;
  const page = await readCountedPage(db, { matching: db.select({ one: sql`1` }).from(claims).where(where), offset }, (matchingCount) =>
    db.select({ ...summaryColumns, orderCount, matchingCount }).from(claims).where(where).orderBy(...ordering).limit(query.size).offset(offset));
  return page as CountedPage<ClaimSummaryRow>;
}

// --- orders of a claim ---

/** The claim's orders with the order's own state, in the order they were attached. */
export async function listClaimOrders(db: Executor, companyId: string, claimId: string) {
  return db
    .select({
      orderId: claimOrders.orderId, adjudicationRuleset: claimOrders.adjudicationRuleset, outcome: claimOrders.outcome,
      adjudication: claimOrders.adjudication, rulesetVersion: claimOrders.rulesetVersion, judgedAt: claimOrders.judgedAt,
      attachedAt: claimOrders.attachedAt, attachedBy: claimOrders.attachedBy,
      type: orders.type, subjectLabel: orders.subjectLabel, orderStatus: orders.status, orderOutcome: orders.outcome,
      failureReason: orders.failureReason, result: orders.result, completedAt: orders.completedAt,
    })
    .from(claimOrders)
    .innerJoin(orders, and(eq(orders.companyId, claimOrders.companyId), eq(orders.id, claimOrders.orderId)))
    .where(and(eq(claimOrders.companyId, companyId), eq(claimOrders.claimId, claimId)))
    .orderBy(asc(claimOrders.attachedAt), asc(claimOrders.orderId));
}
export type ClaimOrderRow = Awaited<ReturnType<typeof listClaimOrders>>[number];

/** Attaches an order, or re-attaches it with another ruleset (judged afresh). */
export async function attachOrder(db: Executor, values: { companyId: string; claimId: string; orderId: string; adjudicationRuleset: string; attachedBy: string }) {
  await db
    .insert(claimOrders)
    .values(values)
    .onConflictDoUpdate({
      target: [claimOrders.companyId, claimOrders.claimId, claimOrders.orderId],
      set: { adjudicationRuleset: values.adjudicationRuleset, outcome: null, adjudication: null, rulesetVersion: null, judgedAt: null },
    });
}

export async function detachOrder(db: Executor, companyId: string, claimId: string, orderId: string): Promise<boolean> {
  const rows = await db.delete(claimOrders).where(and(eq(claimOrders.companyId, companyId), eq(claimOrders.claimId, claimId), eq(claimOrders.orderId, orderId))).returning({ orderId: claimOrders.orderId });
  return rows.length > 0;
}

export async function recordJudgement(db: Executor, companyId: string, claimId: string, orderId: string, judgement: { outcome: string | null; adjudication: unknown; rulesetVersion: string | null }) {
  await db
    .update(claimOrders)
    .set({ outcome: judgement.outcome, adjudication: judgement.adjudication as Record<string, unknown> | null, rulesetVersion: judgement.rulesetVersion, judgedAt: new Date() })
    .where(and(eq(claimOrders.companyId, companyId), eq(claimOrders.claimId, claimId), eq(claimOrders.orderId, orderId)));
}

/** The claims the given orders are attached to. */
export async function claimsOfOrders(db: Executor, companyId: string, orderIds: string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ claimId: claimOrders.claimId })
    .from(claimOrders)
    .where(and(eq(claimOrders.companyId, companyId), inArray(claimOrders.orderId, orderIds)));
  return [...new Set(rows.map((row) => row.claimId))].sort();
}

// --- events ---

export interface NewClaimEvent {
  type: string;
  message: string;
  actorId?: string | null;
  data?: Record<string, unknown> | null;
}

export async function insertClaimEvent(db: Executor, companyId: string, claimId: string, event: NewClaimEvent) {
  await db.insert(claimEvents).values({ id: uuidv7(), companyId, claimId, actorId: null, data: null, ...event });
}

export async function listClaimEvents(db: Executor, companyId: string, claimId: string) {
  return db
    .select({
      id: claimEvents.id, type: claimEvents.type, message: claimEvents.message, actorId: claimEvents.actorId, data: claimEvents.data, createdAt: claimEvents.createdAt,
      actorName: sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
    })
    .from(claimEvents)
    .leftJoin(users, eq(users.id, claimEvents.actorId))
    .where(and(eq(claimEvents.companyId, companyId), eq(claimEvents.claimId, claimId)))
    .orderBy(asc(claimEvents.createdAt), asc(claimEvents.id));
}

// --- snapshots ---

export async function insertSnapshot(db: Executor, row: typeof claimSnapshots.$inferInsert) {
  const [inserted] = await db.insert(claimSnapshots).values(row).returning();
  return inserted!;
}

export async function listSnapshots(db: Executor, companyId: string, claimId: string) {
  return db.select().from(claimSnapshots).where(and(eq(claimSnapshots.companyId, companyId), eq(claimSnapshots.claimId, claimId))).orderBy(asc(claimSnapshots.number));
}

export async function findSnapshot(db: Executor, companyId: string, claimId: string, snapshotId: string): Promise<ClaimSnapshotRow | undefined> {
  const [row] = await db
    .select()
    .from(claimSnapshots)
    .where(and(eq(claimSnapshots.companyId, companyId), eq(claimSnapshots.claimId, claimId), eq(claimSnapshots.id, snapshotId)));
  return row;
}

export async function latestSnapshot(db: Executor, companyId: string, claimId: string): Promise<ClaimSnapshotRow | undefined> {
  const [row] = await db
    .select()
    .from(claimSnapshots)
    .where(and(eq(claimSnapshots.companyId, companyId), eq(claimSnapshots.claimId, claimId)))
    .orderBy(desc(claimSnapshots.number))
    .limit(1);
  return row;
}

/** "First Last" of a user, for the publisher of record; null for a removed user. */
export async function userName(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}` : null;
}
