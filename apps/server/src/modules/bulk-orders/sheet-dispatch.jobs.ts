// DISPATCH_SHEET_JOB: what follows a bulk sheet's orders once its upload has committed. The upload
// writes the report group, the orders and their CREATED events, and this one job, in one
// transaction (bulk-orders.service.ts); the job then writes, in a transaction of its own, the
// orders' subject words (free text finds them from then on, migration 0021) and one fulfilment job
// per order (orders.jobs.ts works them). For a 10,000-row sheet that is ~60,000 words and 10,000
// jobs, about 40% of the database's work of an upload, which the person uploading no longer waits
// for (bench/README.md, "Bulk upload").
//
// Durable as before: the job commits with the orders, and pg-boss retries it until it succeeds. It
// claims its report group (awaiting_dispatch, turned off in the same transaction), so a job run
// twice — a retry after a crash between the commit and pg-boss's completion — writes nothing twice.
import type { Database } from '../../db/client.ts';
import { runAsCompany } from '../../db/tenant-scope.ts';
import { DISPATCH_SHEET_JOB, FULFIL_ORDER_JOB, FULFIL_ORDER_RETRY, inTransaction, type Queue } from '../../jobs/queue.ts';
import type { FulfilOrderJob } from '../orders/orders.jobs.ts';
import * as repo from './bulk-orders.repository.ts';

export interface DispatchSheetJob {
  companyId: string;
  reportGroupId: string;
}

/** Polled as often as the fulfilment workers: a sheet's first orders start within half a second. */
const POLLING_INTERVAL_SECONDS = 0.5;

export class SheetDispatch {
  constructor(private readonly db: Database) {}

  /** startQueue (jobs/queue.ts) created DISPATCH_SHEET_JOB's queue. */
  async registerWorker(queue: Queue): Promise<void> {
    await queue.work<DispatchSheetJob>(DISPATCH_SHEET_JOB, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, async (jobs) => {
      for (const job of jobs) await this.dispatch(queue, job.data);
    });
  }

  /** Writes the words and fulfilment jobs of a sheet's orders; answers how many orders it queued (0 when dispatched before). */
  async dispatch(queue: Queue, { companyId, reportGroupId }: DispatchSheetJob): Promise<number> {
    return runAsCompany(companyId, () => this.db.transaction(async (tx) => {
      if (!(await repo.claimDispatch(tx, companyId, reportGroupId))) return 0;
      await repo.writeSubjectWordsOfGroup(tx, companyId, reportGroupId);
      // Orders still New: one of the sheet's orders that something else has already moved on needs no job.
      const orderIds = await repo.newOrderIdsOfGroup(tx, companyId, reportGroupId);
      if (orderIds.length > 0) {
        const jobs = orderIds.map((orderId) => ({ data: { orderId, companyId } satisfies FulfilOrderJob, ...FULFIL_ORDER_RETRY }));
        await queue.insert(FULFIL_ORDER_JOB, jobs, { db: inTransaction(tx) });
      }
      return orderIds.length;
    }));
  }
}
