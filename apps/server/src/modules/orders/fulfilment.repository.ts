// The fulfilment worker's writes, a batch of orders per statement (orders.jobs.ts). Each step moves
// an order only from the status the worker read it in (`orders.status = r.from_status`), and
// answers the ids that moved: a job run twice, or an order another worker already moved, is left
// as it is. Every statement is held to one company, first in its WHERE, like every repository.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { insertAsRecordset, recordsetOf } from '../../db/recordset.ts';
import { orderEvents, orders } from '../../db/schema.ts';
import type { NewEvent, OrderRow } from './orders.repository.ts';

export async function findOrders(db: Executor, companyId: string, orderIds: readonly string[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orders).where(and(eq(orders.companyId, companyId), inArray(orders.id, [...orderIds])));
}

const idsOf = (result: unknown) => new Set((result as { rows: { id: string }[] }).rows.map((row) => row.id));

const fromStatus = recordsetOf(orders, ['id', 'status']);

/** New or Ordered → Ordered, Processing, one attempt more: the provider is about to be asked. */
export async function markOrdered(db: Executor, companyId: string, read: readonly { id: string; status: string }[]): Promise<Set<string>> {
  if (read.length === 0) return new Set();
  return idsOf(await db.execute(sql`
    update orders set status = 'Ordered', processing_status = 'Processing', attempts = orders.attempts + 1, updated_at = now()
    from ${fromStatus.from(read)}
    where orders.company_id = ${companyId} and orders.id = r.id and orders.status = r.status
    returning orders.id`));
}

const withResult = recordsetOf(orders, ['id', 'result']);

/** Ordered → Received, with the provider's answer. */
export async function markReceived(db: Executor, companyId: string, answers: readonly { id: string; result: unknown }[]): Promise<Set<string>> {
  if (answers.length === 0) return new Set();
  return idsOf(await db.execute(sql`
    update orders set status = 'Received', result = r.result, updated_at = now()
    from ${withResult.from(answers)}
    where orders.company_id = ${companyId} and orders.id = r.id and orders.status = 'Ordered'
    returning orders.id`));
}

const withOutcome = recordsetOf(orders, ['id', 'outcome', 'adjudication']);

/** Received → Complete, with the outcome and the adjudication (null when no rules applied). */
export async function markComplete(db: Executor, companyId: string, verdicts: readonly { id: string; outcome: string | null; adjudication: unknown }[]): Promise<Set<string>> {
  if (verdicts.length === 0) return new Set();
  return idsOf(await db.execute(sql`
    update orders set status = 'Complete', processing_status = 'Complete', outcome = r.outcome, adjudication = r.adjudication,
      completed_at = now(), updated_at = now()
    from ${withOutcome.from(verdicts)}
    where orders.company_id = ${companyId} and orders.id = r.id and orders.status = 'Received'
    returning orders.id`));
}

const EVENT_KEYS = ['id', 'companyId', 'orderId', 'type', 'fromStatus', 'toStatus', 'message', 'actorId', 'data'] as const;

/** Events in the order given: their uuidv7 ids keep that order within one timestamp. */
export async function insertEvents(db: Executor, events: readonly NewEvent[]) {
  if (events.length === 0) return;
  await insertAsRecordset(db, orderEvents, EVENT_KEYS, events.map((event) => ({ id: uuidv7(), fromStatus: null, toStatus: null, actorId: null, data: null, ...event })));
}
