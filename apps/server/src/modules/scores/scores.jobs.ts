// The scoring jobs' worker (main.ts): each job scores one batch of a company's DOT numbers, as that
// company, so row-level security holds the work to its rows.
import { runAsCompany } from '../../db/tenant-scope.ts';
import { DOT_SCORE_JOB, type Queue } from '../../jobs/queue.ts';
import type { CarrierScoring, ScoringRun } from './scoring.ts';

export async function registerDotScoreWorker(queue: Queue, scoring: CarrierScoring): Promise<void> {
  // Two batches at a time: the sandbox keeps a worker busy on the database, QCMobile's token bucket
  // spaces the calls of both anyway.
  await queue.work<ScoringRun>(DOT_SCORE_JOB, { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await runAsCompany(job.data.companyId, () => scoring.score(job.data));
  });
}
