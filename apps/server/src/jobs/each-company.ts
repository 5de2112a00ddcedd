// The scheduled jobs' loop over companies: each company's work in its own scope (row-level
// security holds it to that company's rows), one company's failure holding none of the others
// back. The first failure is thrown afterwards, so pg-boss retries the job, and the retry, every
// step being idempotent, does only what is left.
import { runAsCompany } from '../db/tenant-scope.ts';

export async function forEachCompany<C extends { id: string }, R>(companies: C[], work: (company: C) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let failure: unknown;
  for (const company of companies) {
    try {
      results.push(await runAsCompany(company.id, () => work(company)));
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return results;
}

/** A compaction's run over the companies due: how many, and the rows their compactions removed in all. */
export interface CompactionRun {
  companies: number;
  /** Rows removed over all companies (rows taken minus sums written). */
  rowsRemoved: number;
}

/**
 * Compacts each company due with `compact` (which answers the rows it removed), in its own scope as
 * forEachCompany does: the appended-rows tables (order_counts, order_search_changes) share this loop.
 */
export async function compactEachCompany(companies: { id: string }[], compact: (companyId: string) => Promise<number>): Promise<CompactionRun> {
  const removed = await forEachCompany(companies, (company) => compact(company.id));
  return { companies: companies.length, rowsRemoved: removed.reduce((sum, rows) => sum + rows, 0) };
}
