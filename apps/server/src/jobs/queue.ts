// The durable job queue: pg-boss on the same database (PGlite or PostgreSQL), so a job is as safe
// as the rows it belongs to and needs no other server.
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite } from 'pg-boss';
import { TENANT_ROLE, type DatabaseHandle, type Executor } from '../db/client.ts';

export type Queue = PgBoss;

/** Fulfilment of one order (modules/orders/orders.jobs.ts). */
export const FULFIL_ORDER_JOB = 'fulfil-order';
/**
 * Transient provider errors are retried 5 times: after ~2, 4, 8, 16, 32 s (capped at 5 minutes).
 * The worker sends a heartbeat every 15 s while it holds a job: a job whose process died (crash,
 * SIGKILL) stops beating and is retried within about a minute, not after pg-boss's default
 * 15-minute expiry.
 */
export const FULFIL_ORDER_RETRY = { retryLimit: 5, retryDelay: 2, retryBackoff: true, retryDelayMax: 300, heartbeatSeconds: 30 } as const;
/**
 * A bulk sheet's dispatch (modules/bulk-orders/sheet-dispatch.jobs.ts): written with the sheet's
 * orders, it writes their subject words and one fulfilment job each, after the upload has answered.
 * Retried as a fulfilment is; it claims its report group, so a rerun writes nothing twice.
 */
export const DISPATCH_SHEET_JOB = 'dispatch-sheet';
export const DISPATCH_SHEET_RETRY = FULFIL_ORDER_RETRY;
/**
 * Orders placed one at a time jump ahead of a bulk sheet's (priority 0): someone is usually
 * waiting on the order page for a single order, while a sheet of thousands is watched as a whole.
 */
export const SINGLE_ORDER_PRIORITY = 1;
/**
 * Driver monitoring (issue 9). The sweep asks the monitoring provider for changes and writes alerts
 * (modules/monitoring/sweep); for each new alert of an MVR change it sends a recheck job in the same
 * transaction, which orders a fresh MVR when the company's setting says so and judges it
 * (modules/monitoring/recheck). Escalation and the daily digest mail Managers. Each is idempotent by
 * a natural key: the provider's change id, the alert id, the alert id and age, the company and day.
 */
export const MONITORING_SWEEP_JOB = 'monitoring-sweep';
export const MONITORING_RECHECK_JOB = 'monitoring-recheck';
export const MONITORING_ESCALATE_JOB = 'monitoring-escalate';
export const MONITORING_DIGEST_JOB = 'monitoring-digest';
/**
 * At most one sweep queued and one running (`stately`): a schedule that comes due while a long
 * sweep runs does not pile up sweeps. A killed sweep stops beating and is retried within a minute.
 */
export const MONITORING_SWEEP_QUEUE = { policy: 'stately', retryLimit: 2, retryDelay: 30, heartbeatSeconds: 30 } as const;
/** A recheck orders a fresh MVR: retried like a fulfilment. */
export const MONITORING_RECHECK_RETRY = { retryLimit: 5, retryDelay: 2, retryBackoff: true, retryDelayMax: 300 } as const;

/**
 * DOT quality scores (issue 12): scoring a batch of a company's DOT numbers (modules/scores). The
 * run id in the job makes a retry write nothing twice; a provider error on one number is recorded
 * on it (scored again next time), so a retry is for the database's failures only.
 */
export const DOT_SCORE_JOB = 'dot-score';
export const DOT_SCORE_RETRY = { retryLimit: 3, retryDelay: 10, retryBackoff: true, heartbeatSeconds: 60 } as const;
/** The daily rescore: queues a scoring of every company's listed DOT numbers (modules/scores/scores.jobs.ts). */
export const DOT_RESCORE_JOB = 'dot-rescore';

/**
 * Report bundles (issue 10): one job per download builds its file (modules/downloads/downloads.jobs.ts).
 * A failed build is tried 3 times more (after ~5, 10, 20 s). A killed process's build stops beating
 * and is retried at the next supervision pass after 10 s; an hour bounds the longest build (5,000 orders).
 */
export const BUILD_DOWNLOAD_JOB = 'build-download';
export const BUILD_DOWNLOAD_RETRY = { retryLimit: 3, retryDelay: 5, retryBackoff: true, heartbeatSeconds: 10, expireInSeconds: 3600 } as const;
/** The hourly removal of bundles past their retention (scheduled, downloads.jobs.ts). */
export const EXPIRE_DOWNLOADS_JOB = 'expire-downloads';

/** The minutely compaction of orders' counts (modules/orders/order-counts.jobs.ts, migration 0022). */
export const COMPACT_ORDER_COUNTS_JOB = 'compact-order-counts';

/** How often pg-boss looks for jobs whose heartbeat stopped (its default is 60 s). */
const SUPERVISE_INTERVAL_SECONDS = 15;

/**
 * Lets pg-boss write a job with the caller's transaction, so the job commits (or not) with the rows
 * it belongs to. On PGlite this is also what keeps it working at all: a transaction holds the one
 * session, and a job written through pg-boss's own connection would wait for it forever.
 */
export const inTransaction = (tx: Executor) => fromDrizzle(tx as never, sql);

export async function startQueue(handle: DatabaseHandle, log: (error: Error) => void): Promise<Queue> {
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(handle.pglite! as never), backend: 'pglite', superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS } as never)
      : new PgBoss({ connectionString: handle.connectionString!, max: 4, superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS });
  boss.on('error', log);
  await boss.start();
  await boss.createQueue(FULFIL_ORDER_JOB, FULFIL_ORDER_RETRY);
  await boss.createQueue(DISPATCH_SHEET_JOB, DISPATCH_SHEET_RETRY);
  await boss.createQueue(MONITORING_SWEEP_JOB, MONITORING_SWEEP_QUEUE);
  await boss.createQueue(MONITORING_RECHECK_JOB, MONITORING_RECHECK_RETRY);
  await boss.createQueue(DOT_SCORE_JOB, DOT_SCORE_RETRY);
  await boss.createQueue(BUILD_DOWNLOAD_JOB, BUILD_DOWNLOAD_RETRY);
  // createQueue drops the queue from pg-boss's cache, and the first send() would look it up on
  // pg-boss's own connection: inside a PGlite transaction that waits forever. One harmless read
  // puts it back in the cache before any transaction sends to it.
  for (const name of [FULFIL_ORDER_JOB, DISPATCH_SHEET_JOB, MONITORING_RECHECK_JOB, DOT_SCORE_JOB, BUILD_DOWNLOAD_JOB]) await boss.getJobById(name, '00000000-0000-4000-8000-000000000000');
  if (handle.kind === 'postgres') await grantQueueToTenantRole(handle.db);
  return boss;
}

/**
 * Placing an order writes its job in the request's transaction, which runs as the tenant role
 * (db/tenant-scope.ts): that role must be able to write pg-boss's tables, which pg-boss creates
 * itself (after the migrations) and which hold no company's rows.
 */
async function grantQueueToTenantRole(db: Executor): Promise<void> {
  await db.execute(sql.raw(`GRANT USAGE ON SCHEMA pgboss TO ${TENANT_ROLE}`));
  await db.execute(sql.raw(`GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA pgboss TO ${TENANT_ROLE}`));
}

export async function queueIsHealthy(boss: Queue): Promise<boolean> {
  try {
    await boss.getQueues();
    return true;
  } catch {
    return false;
  }
}
