// Rows of a bulk upload, written many at a time: each statement sends a chunk of rows as ONE JSON
// parameter (db/recordset.ts, json_to_recordset).
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insertAsRecordset } from '../../db/recordset.ts';
import { orderEvents, orders, reportGroups } from '../../db/schema.ts';

export type NewReportGroupRow = typeof reportGroups.$inferInsert;
export type NewBulkOrderRow = typeof orders.$inferInsert;
export type NewBulkEventRow = typeof orderEvents.$inferInsert;

/** The columns a bulk insert sets; the others keep their defaults (created_at, result, ...). */
const ORDER_KEYS = [
  'id', 'companyId', 'type', 'status', 'processingStatus', 'subjectLabel', 'input', 'personId', 'businessId', 'reportGroupId',
  'permissiblePurpose', 'ruleNamespace', 'mvrExternalReferenceId', 'isAutoAdjudicated', 'tags', 'orderedBy',
] as const satisfies readonly (keyof NewBulkOrderRow)[];
const EVENT_KEYS = ['id', 'companyId', 'orderId', 'type', 'fromStatus', 'toStatus', 'message', 'actorId', 'data'] as const satisfies readonly (keyof NewBulkEventRow)[];

export async function insertReportGroup(db: Executor, group: NewReportGroupRow) {
  await db.insert(reportGroups).values(group);
}

/** The group's count of orders, known once the whole sheet is read (the group is written before its orders). */
export async function setReportGroupTotal(db: Executor, companyId: string, reportGroupId: string, totalOrders: number) {
  await db.update(reportGroups).set({ totalOrders }).where(and(eq(reportGroups.companyId, companyId), eq(reportGroups.id, reportGroupId)));
}

export async function insertOrders(db: Executor, rows: readonly NewBulkOrderRow[]) {
  await insertAsRecordset(db, orders, ORDER_KEYS, rows);
}

/**
 * Makes this connection plan its foreign-key checks again, so that the events' check on `orders`
 * is planned against the orders just written. PostgreSQL keeps the plan of a foreign-key check
 * for the life of the connection and makes it again only when a table's definition or statistics
 * change (DDL, ANALYZE). A connection that first checked an event while `orders` was a few pages
 * (a young installation, a new company's first orders) kept a sequential scan of `orders`, and the
 * events of a large sheet then read the whole table once per event: 46-76 s instead of ~3 s for
 * 10,000 rows (bench/README.md). Planned now, the check sees the table at its current size and
 * probes the (company_id, id) index. Only this connection's cached plans are dropped; they are
 * made again at their next use (microseconds each). No privilege or lock is needed, unlike ANALYZE.
 */
export async function replanForeignKeyChecks(db: Executor) {
  await db.execute(sql`discard plans`);
}

export async function insertEvents(db: Executor, rows: readonly NewBulkEventRow[]) {
  await insertAsRecordset(db, orderEvents, EVENT_KEYS, rows);
}

/**
 * Leaves the subject words of the orders this transaction inserts to the sheet's dispatch
 * (migration 0021): the words trigger skips them until the transaction ends.
 */
export async function deferSubjectWords(db: Executor) {
  await db.execute(sql`select set_config('clearlane.subject_words', 'deferred', true)`);
}

/**
 * Takes a report group's dispatch: true once, for the first dispatch of a group awaiting one; the
 * row stays locked until the dispatch's transaction ends, so a second dispatch run at the same time
 * waits, then finds it taken.
 */
export async function claimDispatch(db: Executor, companyId: string, reportGroupId: string): Promise<boolean> {
  const claimed = await db.update(reportGroups).set({ awaitingDispatch: false })
    .where(and(eq(reportGroups.companyId, companyId), eq(reportGroups.id, reportGroupId), eq(reportGroups.awaitingDispatch, true)))
    .returning({ id: reportGroups.id });
  return claimed.length > 0;
}

/** Writes the subject words of a report group's orders (migration 0021). */
export async function writeSubjectWordsOfGroup(db: Executor, companyId: string, reportGroupId: string) {
  await db.execute(sql`select order_subject_words_of_report_group(${companyId}::uuid, ${reportGroupId}::uuid)`);
}

/** The orders of a report group still waiting for fulfilment (New). */
export async function newOrderIdsOfGroup(db: Executor, companyId: string, reportGroupId: string): Promise<string[]> {
  const rows = await db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.reportGroupId, reportGroupId), eq(orders.status, 'New')));
  return rows.map((row) => row.id);
}
