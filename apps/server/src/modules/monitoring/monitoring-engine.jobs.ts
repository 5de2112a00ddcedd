// The sweep as a pg-boss schedule and worker (issue 9). The schedule is a recurrence rule every
// MONITORING_SWEEP_INTERVAL_SECONDS from the epoch, so every process that registers it agrees on
// when a sweep is due and pg-boss sends one job per occurrence across all of them; the queue holds
// at most one sweep waiting and one running (jobs/queue.ts MONITORING_SWEEP_QUEUE).
import type { Database } from '../../db/client.ts';
import { MONITORING_SWEEP_JOB, type Queue } from '../../jobs/queue.ts';
import type { MonitoringProvider } from '../../providers/monitoring/monitoring-provider.ts';
import { MonitoringSweep, type SweepCounts } from './sweep.ts';

/** pg-boss's recurrence rule for "every `seconds` seconds" (anchored on the epoch: every hour on the hour for 3600). */
export const sweepRecurrence = (seconds: number) => `FREQ=SECONDLY;INTERVAL=${seconds}`;

export class MonitoringEngine {
  private readonly sweeper: MonitoringSweep;

  constructor(db: Database, provider: MonitoringProvider, queue: () => Queue | undefined, private readonly log: { info: (message: string) => void; error: (message: string, error?: unknown) => void }) {
    this.sweeper = new MonitoringSweep(db, provider, queue, (message, error) => log.error(message, error));
  }

  /** One sweep now (the CLI's `monitoring sweep`, and the job's handler). */
  sweep(asOf: Date = new Date()): Promise<SweepCounts> {
    return this.sweeper.sweep(asOf);
  }

  /** Schedules the sweep and works its jobs (worker processes: ROLE=all or worker). */
  async registerWorker(queue: Queue, intervalSeconds: number): Promise<void> {
    await queue.schedule(MONITORING_SWEEP_JOB, sweepRecurrence(intervalSeconds));
    await queue.work(MONITORING_SWEEP_JOB, { batchSize: 1, pollingIntervalSeconds: 5 }, async () => {
      const counts = await this.sweep();
      this.log.info(`monitoring sweep: ${describeSweep(counts)}`);
    });
  }
}

/** The counts of a sweep as one line (the log, the CLI). */
export function describeSweep(counts: SweepCounts): string {
  return `${counts.enrolments} enrolments (${counts.activated} activated, ${counts.answered} answered, ${counts.missed} asked again next sweep), ` +
    `${counts.changes} changes, ${counts.alertsRaised} alerts raised, ${counts.rechecksQueued} rechecks queued, ` +
    `${counts.remindersRaised} reminders raised, ${counts.failedBatches} failed batches, ${(counts.milliseconds / 1000).toFixed(1)} s`;
}
