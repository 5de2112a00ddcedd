// The compaction of orders' counts (order_counts, migration 0022). The triggers on orders append a
// signed row per group and statement, never updating one, so that writers never wait on each other;
// a list's count sums a company's rows for its filters. This scheduled job keeps those sums short:
// every minute, each company with more than COMPACT_BEYOND_ROWS rows beyond one per group has its
// rows replaced by their sums (compact_order_counts, whose comment says why that is exact while
// orders keep arriving). A company that changed nothing since is not touched.
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { orderCounts } from '../../db/schema.ts';
import { compactEachCompany, type CompactionRun } from '../../jobs/each-company.ts';
import { COMPACT_ORDER_COUNTS_JOB, type Queue } from '../../jobs/queue.ts';
import { OrderSearchUpkeep } from './order-search-memos.jobs.ts';

/** Every minute: a busy company appends a few rows per upload or fulfilment. */
export const COMPACT_ORDER_COUNTS_CRON = '* * * * *';
/**
 * Rows a company may hold beyond one per group before it is compacted: a list sums at most this
 * many more rows (a few microseconds), and an idle company is not rewritten every minute.
 */
export const COMPACT_BEYOND_ROWS = 100;
/** At most one compaction queued and one running: a slow one does not pile up the next ones. */
const COMPACT_QUEUE = { policy: 'stately', retryLimit: 2, retryDelay: 30 } as const;

/** The companies whose counts hold more than `beyondRows` rows beyond one per group: one statement over the table. */
export async function companiesWithLooseCounts(db: Executor, beyondRows: number): Promise<{ id: string }[]> {
  return db
    .select({ id: orderCounts.companyId })
    .from(orderCounts)
    .groupBy(orderCounts.companyId)
    .having(sql`count(*) > count(distinct (${orderCounts.type}, ${orderCounts.status}, ${orderCounts.outcome}, ${orderCounts.isReviewed})) + ${beyondRows}`)
    .orderBy(orderCounts.companyId);
}

/** Replaces a company's counts by their sums per group (migration 0022); answers the rows removed. */
export async function compactOrderCounts(db: Executor, companyId: string): Promise<number> {
  const [row] = await db.select({ removed: sql<number>`compact_order_counts(${companyId}::uuid)`.mapWith(Number) }).from(sql`(values (1)) as one`);
  return row?.removed ?? 0;
}

export class OrderCountsCompaction {
  constructor(private readonly db: Database) {}

  /** Compacts each company due, in its own scope (compactEachCompany: one failure holds none back). */
  async run(beyondRows = COMPACT_BEYOND_ROWS): Promise<CompactionRun> {
    return compactEachCompany(await companiesWithLooseCounts(this.db, beyondRows), (companyId) => compactOrderCounts(this.db, companyId));
  }
}

/** The compaction's queue and schedule (idempotent; every process may declare them, as the downloads' expiry). */
export async function prepareOrderCountsQueue(queue: Queue): Promise<void> {
  await queue.createQueue(COMPACT_ORDER_COUNTS_JOB, COMPACT_QUEUE);
  await queue.schedule(COMPACT_ORDER_COUNTS_JOB, COMPACT_ORDER_COUNTS_CRON, null, { tz: 'UTC' });
}

/**
 * The compaction's worker (ROLE ≠ api). Call after prepareOrderCountsQueue. The same minute's job
 * keeps the remembered searches too (order-search-memos.jobs.ts): the same kind of appended rows.
 */
export async function registerOrderCountsWorker(queue: Queue, db: Database): Promise<void> {
  const compaction = new OrderCountsCompaction(db);
  const searchUpkeep = new OrderSearchUpkeep(db);
  await queue.work(COMPACT_ORDER_COUNTS_JOB, async () => {
    await compaction.run();
    await searchUpkeep.run();
  });
}
