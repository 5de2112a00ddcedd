// The monitoring sweep over 100,000 enrolled drivers on PostgreSQL (issue 9: the whole sweep under
// 60 s on this machine). A throwaway database on the server DATABASE_URL names, with 100 companies
// of 1,000 Texas drivers each, all enrolled in MVR monitoring a day ago (pending: Texas confirms at
// the first sweep). Licence numbers follow the sandbox table (README) so that 5% of drivers have a
// change (digits 2–6, 1% each) and the rest are quiet (0, 1, 9); 2% have a licence expiring in the
// next 120 days. Two sweeps are timed, through the same code the pg-boss job runs (sweep.ts):
//   first  — every enrolment is activated (an event each), 5,000 alerts, their events and recheck
//            jobs, reminders: the heaviest sweep there is;
//   steady — the next hour's: every driver asked again, nothing new (what most sweeps are).
// Prints drivers/s, seconds, the peak RSS of the process, and the ratio of each sweep to the 60 s target.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/monitoring-sweep.ts
//   BENCH_DRIVERS=100000 (default), BENCH_COMPANIES=100
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { startQueue } from '../apps/server/src/jobs/queue.ts';
import { MonitoringSweep, SWEEP_BATCH_SIZE, sweepOptions, type SweepCounts } from '../apps/server/src/modules/monitoring/sweep.ts';
import { sandboxMonitoringProvider } from '../apps/server/src/providers/monitoring/sandbox-monitoring-provider.ts';
import { openPreparedDatabase } from '../apps/server/src/runtime.ts';
import { upsertCompany } from '../apps/server/src/seed/operator.ts';
import { createThrowawayDatabase } from './support/throwaway-database.ts';

const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 100_000);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 100);
const TARGET_SECONDS = 60;
const HOUR = 3_600_000;

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL (a PostgreSQL server the benchmark may create a database on).');
  process.exit(1);
}

const mb = (kilobytes: number) => `${(kilobytes / 1024).toFixed(0)} MB`;

function report(label: string, counts: SweepCounts) {
  const seconds = counts.milliseconds / 1000;
  console.log(
    `${label.padEnd(7)} ${String(counts.enrolments).padStart(7)} drivers ${seconds.toFixed(1).padStart(6)} s ${(counts.enrolments / seconds).toFixed(0).padStart(7)} drivers/s` +
      `   activated ${counts.activated}, alerts ${counts.alertsRaised}, rechecks ${counts.rechecksQueued}, reminders ${counts.remindersRaised}, failed batches ${counts.failedBatches}` +
      `   ratio to the ${TARGET_SECONDS} s target: ${(seconds / TARGET_SECONDS).toFixed(2)}`,
  );
}

console.log(`Clearlane bench: monitoring sweep — ${DRIVERS} enrolled drivers over ${COMPANIES} companies, batches of ${SWEEP_BATCH_SIZE}, PostgreSQL, Node ${process.version}`);
const database = await createThrowawayDatabase(process.env.DATABASE_URL, 'monitoring_sweep');
try {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: database.url, SEED_DEMO: 'false' });
  const handle = await openPreparedDatabase(config, { seedDemo: false });
  const queue = await startQueue(handle, (error) => console.error('queue error:', error.message));
  try {
    const seeding = performance.now();
    const perCompany = Math.ceil(DRIVERS / COMPANIES);
    for (let c = 0; c < COMPANIES; c++) {
      const company = await upsertCompany(handle.db, { tenantIdentifier: `bench${c}`, name: `Bench ${c}` });
      const count = Math.min(perCompany, DRIVERS - c * perCompany);
      if (count <= 0) break;
      // Digit by i % 100: 0–31 → 0, 32–63 → 1, 64–94 → 9 (quiet), 95–99 → 2, 3, 4, 5, 6 (a change each).
      await handle.db.execute(sql`
        insert into persons (id, company_id, first_name, last_name, date_of_birth, licence_number, licence_state, licence_expires_on)
        select gen_random_uuid(), ${company.id}::uuid, 'Bench', 'Driver ' || i, '1980-01-15',
               'B' || lpad(i::text, 7, '0') || (case when i % 100 < 32 then 0 when i % 100 < 64 then 1 when i % 100 < 95 then 9 else i % 100 - 93 end)::text,
               'TX', case when i % 50 = 7 then to_char(now() + (i % 120) * interval '1 day', 'YYYY-MM-DD') end
        from generate_series(0, ${count - 1}) as i`);
      await handle.db.execute(sql`
        insert into monitoring_enrolments (company_id, person_id, monitoring_type, status, enrolled_at)
        select company_id, id, 'MvrMonitoring', 'PENDING', now() - interval '1 day' from persons where company_id = ${company.id}::uuid`);
    }
    await handle.db.execute(sql`analyze`);
    console.log(`seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s; RSS before sweeping ${mb(process.memoryUsage.rss() / 1024)}`);

    const options = { ...sweepOptions('postgres'), ...(process.env.BENCH_CONCURRENT_BATCHES ? { concurrentBatches: Number(process.env.BENCH_CONCURRENT_BATCHES) } : {}) };
    console.log(`${options.concurrentBatches} batches at once`);
    const sweeper = new MonitoringSweep(handle.db, sandboxMonitoringProvider(handle.db), () => queue, (message, error) => console.error(message, error), options);
    const now = Date.now();
    report('first', await sweeper.sweep(new Date(now)));
    report('steady', await sweeper.sweep(new Date(now + HOUR)));
    console.log(`peak RSS of the process: ${mb(process.resourceUsage().maxRSS)}`);
  } finally {
    await queue.stop({ graceful: false, timeout: 2_000 }).catch(() => {});
    await handle.close();
  }
} finally {
  await database.drop();
}
