// Rows of a bulk upload, written many at a time: each statement sends a chunk of rows as ONE JSON
// parameter (db/recordset.ts, json_to_recordset).
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

export async function insertOrders(db: Executor, rows: readonly NewBulkOrderRow[]) {
  await insertAsRecordset(db, orders, ORDER_KEYS, rows);
}

export async function insertEvents(db: Executor, rows: readonly NewBulkEventRow[]) {
  await insertAsRecordset(db, orderEvents, EVENT_KEYS, rows);
}
