// The queues, schedules and workers of the recheck, escalation and digest jobs (main.ts). Schedules
// are pg-boss's (cron, UTC): stored in the database, so however many processes run, each tick
// makes one job; every process may declare them, only workers (ROLE ≠ api) work them.
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/client.ts';
import { MONITORING_DIGEST_JOB, MONITORING_ESCALATE_JOB, type Queue } from '../../jobs/queue.ts';
import type { Messenger } from '../../mail/messenger.ts';
import { MonitoringDigest } from './digest.job.ts';
import { MonitoringEscalation } from './escalation.job.ts';
import { MonitoringRecheck } from './recheck.job.ts';

/** Escalation looks for due alerts every hour, on the hour (UTC): an alert escalates within an hour of its 7th, 14th, 30th day. */
export const MONITORING_ESCALATE_CRON = '0 * * * *';
/** The daily digest of yesterday's alerts (UTC) leaves at 06:00 UTC, before the working day in the Americas. */
export const MONITORING_DIGEST_CRON = '0 6 * * *';

const SCHEDULED_RETRY = { retryLimit: 3, retryDelay: 60, retryBackoff: true } as const;

/**
 * Creates the escalation and digest queues (idempotent) and their schedules. The recheck queue is
 * startQueue's (jobs/queue.ts): the sweep sends to it inside its transactions, so it must be
 * created and cached before any sweep runs.
 */
export async function prepareMonitoringNotifyQueues(queue: Queue): Promise<void> {
  await queue.createQueue(MONITORING_ESCALATE_JOB, SCHEDULED_RETRY);
  await queue.createQueue(MONITORING_DIGEST_JOB, SCHEDULED_RETRY);
  await queue.schedule(MONITORING_ESCALATE_JOB, MONITORING_ESCALATE_CRON, null, { tz: 'UTC' });
  // A digest missed while no process ran is sent once when one starts again (for the day before then).
  await queue.schedule(MONITORING_DIGEST_JOB, MONITORING_DIGEST_CRON, null, { tz: 'UTC', missed: 'once' });
}

export interface MonitoringNotifyDeps {
  db: Database;
  messenger: Messenger;
  config: Pick<Config, 'PORTAL_URL' | 'ROOT_DOMAIN'>;
}

/** Call after prepareMonitoringNotifyQueues. */
export async function registerMonitoringNotifyWorkers(queue: Queue, deps: MonitoringNotifyDeps): Promise<void> {
  await new MonitoringRecheck(deps.db).registerWorker(queue);
  const escalation = new MonitoringEscalation(deps.db, deps.messenger, deps.config);
  await queue.work(MONITORING_ESCALATE_JOB, async () => void (await escalation.run()));
  const digest = new MonitoringDigest(deps.db, deps.messenger, deps.config);
  await queue.work(MONITORING_DIGEST_JOB, async () => void (await digest.run()));
}
