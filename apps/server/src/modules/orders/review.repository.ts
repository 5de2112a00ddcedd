// The company's sub-status list and the adverse actions of its orders (issue 13). companyId leads
// every WHERE, as in every repository of a company's rows.
import { and, eq } from 'drizzle-orm';
import { DEFAULT_SUB_STATUSES } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { orderAdverseActions, orderSubStatusLists } from '../../db/schema.ts';

export async function findSubStatuses(db: Executor, companyId: string): Promise<string[]> {
  const [row] = await db.select({ subStatuses: orderSubStatusLists.subStatuses }).from(orderSubStatusLists).where(eq(orderSubStatusLists.companyId, companyId));
  return row?.subStatuses ?? [...DEFAULT_SUB_STATUSES];
}

export async function saveSubStatuses(db: Executor, companyId: string, subStatuses: string[], updatedBy: string): Promise<string[]> {
  const values = { subStatuses, updatedBy, updatedAt: new Date() };
  const [row] = await db
    .insert(orderSubStatusLists)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: orderSubStatusLists.companyId, set: values })
    .returning({ subStatuses: orderSubStatusLists.subStatuses });
  return row!.subStatuses;
}

export type AdverseActionRow = typeof orderAdverseActions.$inferSelect;

/** The order's adverse action, locked for the step the caller's transaction takes. */
export async function findAdverseAction(db: Executor, companyId: string, orderId: string, lock = false): Promise<AdverseActionRow | undefined> {
  const query = db.select().from(orderAdverseActions).where(and(eq(orderAdverseActions.companyId, companyId), eq(orderAdverseActions.orderId, orderId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export type NewAdverseAction = Omit<typeof orderAdverseActions.$inferInsert, 'updatedAt'>;

/** Starts the order's adverse action, replacing a cancelled one. */
export async function startAdverseAction(db: Executor, values: NewAdverseAction): Promise<void> {
  const { companyId: _companyId, orderId: _orderId, ...rest } = values;
  const set = { finalNoticeAt: null, finalDeliveryMethod: null, cancelledAt: null, ...rest, updatedAt: new Date() };
  await db.insert(orderAdverseActions).values({ ...values, updatedAt: new Date() }).onConflictDoUpdate({ target: [orderAdverseActions.companyId, orderAdverseActions.orderId], set });
}

export async function updateAdverseAction(db: Executor, companyId: string, orderId: string, set: Partial<NewAdverseAction>): Promise<void> {
  await db.update(orderAdverseActions).set({ ...set, updatedAt: new Date() }).where(and(eq(orderAdverseActions.companyId, companyId), eq(orderAdverseActions.orderId, orderId)));
}
