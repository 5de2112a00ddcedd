// The scoring jobs (main.ts): each `dot-score` job scores one batch of a company's DOT numbers, as
// that company, so row-level security holds the work to its rows. Every day at 05:00 UTC the
// `dot-rescore` schedule queues a scoring of every listed number of every company with the plugin,
// which is how a carrier's change (an OOS order, authority revoked, a BASIC over its threshold) is
// found and mailed without anyone asking. Its jobs are idempotent by company, day and batch: their
// ids (the run ids) are derived from them, so a rescore job that runs twice in a day queues nothing twice.
import type { Database } from '../../db/client.ts';
import { uuidFromName } from '../../db/name-based-uuid.ts';
import { runAsCompany } from '../../db/tenant-scope.ts';
import { DOT_RESCORE_JOB, DOT_SCORE_JOB, DOT_SCORE_RETRY, type Queue } from '../../jobs/queue.ts';
import { isoDate } from '../../providers/sandbox-shared.ts';
import { dotsToRescore, listDots, watchDots, type CompanyDotRow } from './scores.repository.ts';
import { SCORE_BATCH_SIZE } from './scores.service.ts';
import { newRunId, type CarrierScoring, type ScoringRun } from './scoring.ts';

export { CarrierScoring } from './scoring.ts';

/** The daily rescore runs at 05:00 UTC, before the monitoring digest (06:00) and the working day in the Americas. */
export const DOT_RESCORE_CRON = '0 5 * * *';

/** A UUID that is always the same for the same company, day and batch. */
export function dailyRunId(companyId: string, day: string, batch: number): string {
  return uuidFromName(`dot-rescore/${companyId}/${day}/${batch}`);
}

/** Queues the day's scoring of every company's DOT numbers; answers how many jobs were new. */
export async function queueDailyRescore(db: Database, queue: Queue, now: Date = new Date()): Promise<number> {
  const day = isoDate(now);
  let queued = 0;
  for (const { companyId, dotNumbers } of await dotsToRescore(db)) {
    for (let batch = 0; batch * SCORE_BATCH_SIZE < dotNumbers.length; batch++) {
      const run: ScoringRun = { companyId, runId: dailyRunId(companyId, day, batch), dotNumbers: dotNumbers.slice(batch * SCORE_BATCH_SIZE, (batch + 1) * SCORE_BATCH_SIZE) };
      if (await queue.send(DOT_SCORE_JOB, run, { ...DOT_SCORE_RETRY, id: run.runId })) queued++;
    }
  }
  return queued;
}

/** Creates the rescore queue and its schedule (idempotent; every process may). */
export async function prepareDotRescore(queue: Queue): Promise<void> {
  await queue.createQueue(DOT_RESCORE_JOB, { retryLimit: 3, retryDelay: 60, retryBackoff: true });
  // A rescore missed while no process ran is made once when one starts again.
  await queue.schedule(DOT_RESCORE_JOB, DOT_RESCORE_CRON, null, { tz: 'UTC', missed: 'once' });
}

/** Works the scoring and rescore jobs (worker processes); call after prepareDotRescore. */
export async function registerDotScoreWorkers(queue: Queue, db: Database, scoring: CarrierScoring): Promise<void> {
  // Two batches at a time: the sandbox keeps a worker busy on the database, QCMobile's token bucket
  // spaces the calls of both anyway.
  await queue.work<ScoringRun>(DOT_SCORE_JOB, { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await runAsCompany(job.data.companyId, () => scoring.score(job.data));
  });
  await queue.work(DOT_RESCORE_JOB, async () => void (await queueDailyRescore(db, queue)));
}

/**
 * Scores a company's DOT numbers now, in this process (the CLI's `dots score`): the numbers join
 * the list as watched; none given means every listed one. Answers the list rows of those scored.
 */
export async function scoreNow(scoring: CarrierScoring, companyId: string, dotNumbers: string[] | null, onBatch?: (done: number, total: number) => void): Promise<CompanyDotRow[]> {
  return runAsCompany(companyId, async () => {
    const db = scoring.database;
    if (dotNumbers) await watchDots(db, companyId, dotNumbers, null);
    const numbers = dotNumbers ?? (await listDots(db, companyId)).map((dot) => dot.dotNumber);
    for (let start = 0; start < numbers.length; start += SCORE_BATCH_SIZE) {
      await scoring.score({ companyId, runId: newRunId(), dotNumbers: numbers.slice(start, start + SCORE_BATCH_SIZE) });
      onBatch?.(Math.min(start + SCORE_BATCH_SIZE, numbers.length), numbers.length);
    }
    return listDots(db, companyId, numbers);
  });
}
