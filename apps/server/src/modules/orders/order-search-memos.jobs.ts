// The upkeep of remembered searches (migration 0023), run by the same scheduled job as the orders'
// counts (order-counts.jobs.ts), every minute:
//  - each company's search changes (appended by triggers, a row per statement) are summed into one
//    row once they pass COMPACT_SEARCH_CHANGES_BEYOND_ROWS, as the counts are: a search sums a
//    company's rows to know its generation, so they are kept few;
//  - memos are dropped once they cannot be read any more (their company's generation has passed
//    theirs) or have not been found again for MEMO_LIFETIME_MINUTES: a memo is a cache, and an
//    abandoned search should not hold its thousands of ids for ever;
//  - so are the remembered starts of deep pages (migration 0024), by the same two rules.
import { eq, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { orderPageStarts, orderSearchChanges, orderSearchMemos } from '../../db/schema.ts';
import { compactEachCompany, type CompactionRun } from '../../jobs/each-company.ts';

/** Rows a company's search changes may hold beyond their sum before they are summed (as COMPACT_BEYOND_ROWS for the counts). */
export const COMPACT_SEARCH_CHANGES_BEYOND_ROWS = 100;

/** A memo found this long ago is dropped even if still current; the next search finds it again. */
export const MEMO_LIFETIME_MINUTES = 60;

/** The companies whose changes were summed, the change rows that removed, and the memos and page starts dropped. */
export interface SearchUpkeepRun extends CompactionRun {
  memosDropped: number;
  pageStartsDropped: number;
}

/** The companies with more than `beyondRows` search change rows beyond their one sum. */
export async function companiesWithLooseSearchChanges(db: Executor, beyondRows: number): Promise<{ id: string }[]> {
  return db
    .select({ id: orderSearchChanges.companyId })
    .from(orderSearchChanges)
    .groupBy(orderSearchChanges.companyId)
    .having(sql`count(*) > 1 + ${beyondRows}`)
    .orderBy(orderSearchChanges.companyId);
}

/** Replaces a company's search changes by their sum (migration 0023); answers the rows removed. */
export async function compactSearchChanges(db: Executor, companyId: string): Promise<number> {
  const [row] = await db.select({ removed: sql<number>`compact_order_search_changes(${companyId}::uuid)`.mapWith(Number) }).from(sql`(values (1)) as one`);
  return row?.removed ?? 0;
}

/** A cache kept at a company's search generation: the memos (0023) and the deep pages' starts (0024). */
type GenerationCache = typeof orderSearchMemos | typeof orderPageStarts;

/** Drops a cache's rows no list can read any more (their company's generation has passed theirs), and those older than the lifetime (as of `now`). */
async function dropSpent(db: Executor, cache: GenerationCache, now: Date): Promise<number> {
  const generation = sql`(select coalesce(sum(${orderSearchChanges.changes}), 0) from ${orderSearchChanges} where ${eq(orderSearchChanges.companyId, cache.companyId)})`;
  const dropped = await db
    .delete(cache)
    .where(or(lt(cache.foundAt, new Date(now.getTime() - MEMO_LIFETIME_MINUTES * 60_000)), sql`${cache.generation} < ${generation}`))
    .returning({ companyId: cache.companyId });
  return dropped.length;
}

/** Drops the memos no search can read any more, and those older than the lifetime (as of `now`). */
export const dropSpentMemos = (db: Executor, now = new Date()) => dropSpent(db, orderSearchMemos, now);

/** Drops the deep pages' starts no list can read any more, and those older than the lifetime. */
export const dropSpentPageStarts = (db: Executor, now = new Date()) => dropSpent(db, orderPageStarts, now);

export class OrderSearchUpkeep {
  constructor(private readonly db: Database) {}

  /** Sums each company due in its own scope (compactEachCompany), then drops spent memos and page starts (outside any company). */
  async run(beyondRows = COMPACT_SEARCH_CHANGES_BEYOND_ROWS, now = new Date()): Promise<SearchUpkeepRun> {
    const compacted = await compactEachCompany(await companiesWithLooseSearchChanges(this.db, beyondRows), (companyId) => compactSearchChanges(this.db, companyId));
    return { ...compacted, memosDropped: await dropSpentMemos(this.db, now), pageStartsDropped: await dropSpentPageStarts(this.db, now) };
  }
}
