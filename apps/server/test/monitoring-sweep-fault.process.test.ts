// The crash test of the monitoring sweep: the real CLI process (`npm run cli -- monitoring sweep`,
// i.e. `node --import tsx apps/server/src/cli.ts monitoring sweep`) sweeps 12,000 enrolled drivers,
// is killed with SIGKILL in the middle of the sweep (after a few batches have committed, while the
// next is being written), and a new sweep runs to the end. Every change must be one alert with one
// ALERT_RAISED event, every MVR alert one recheck job, every enrolment activated once, every
// reminder raised once. Runs on a throwaway PostgreSQL database (DATABASE_URL) and on the embedded
// PGlite database in a temp folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { upsertCompany } from '../src/seed/operator.ts';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const DRIVERS = 12_000;
/** Batches of 1,000 (SWEEP_BATCH_SIZE): killed once this many have committed. */
const KILL_AFTER_BATCHES = 4;
/** The sandbox digits that raise an MVR alert in Texas (README): 2, 3, 4, 5, 6. */
const ALERTING_DIGITS = [2, 3, 4, 5, 6];
const EXPECTED_ALERTS = DRIVERS / 10 * ALERTING_DIGITS.length;
/** Every 10th driver's licence expires in 45 days: one 60-day reminder each. */
const EXPECTED_REMINDERS = DRIVERS / 10;
const RUN_TIMEOUT_MS = 300_000;

/** A company with every plugin and DRIVERS Texas drivers enrolled yesterday (pending: Texas confirms at the first sweep). */
async function seed(db: Database) {
  const company = await upsertCompany(db, { tenantIdentifier: 'acme', name: 'Acme Logistics' });
  await db.execute(sql`
    insert into persons (id, company_id, first_name, last_name, date_of_birth, licence_number, licence_state, licence_expires_on)
    select gen_random_uuid(), ${company.id}::uuid, 'Crash', 'Driver ' || i, '1980-01-15', 'T' || lpad(i::text, 8, '0'), 'TX',
           case when i % 10 = 1 then to_char(now() + interval '45 days', 'YYYY-MM-DD') end
    from generate_series(0, ${DRIVERS - 1}) as i`);
  await db.execute(sql`
    insert into monitoring_enrolments (company_id, person_id, monitoring_type, status, enrolled_at)
    select company_id, id, 'MvrMonitoring', 'PENDING', now() - interval '1 day' from persons where company_id = ${company.id}::uuid`);
}

interface Run {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

function sweep(env: Record<string, string>): Run {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'monitoring', 'sweep'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}

const batchesDone = (run: Run) => (run.output.join('').match(/enrolments swept/g) ?? []).length;

async function killMidSweep(env: Record<string, string>) {
  const run = sweep(env);
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  while (batchesDone(run) < KILL_AFTER_BATCHES) {
    if (run.child.exitCode !== null) throw new Error(`The sweep ended before it could be killed (${run.child.exitCode}):\n${run.output.join('')}`);
    if (Date.now() > deadline) throw new Error(`The sweep did not get going:\n${run.output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  run.child.kill('SIGKILL');
  await run.exited;
  return run;
}

async function sweepToTheEnd(env: Record<string, string>) {
  const run = sweep(env);
  const code = await Promise.race([run.exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), RUN_TIMEOUT_MS))]);
  if (code === 'timeout') run.child.kill('SIGKILL');
  expect(code, run.output.join('')).toBe(0);
  return run.output.join('');
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

async function ledger(query: Query) {
  const one = async (text: string) => Number((await query(text)).rows[0]!.n);
  return {
    alerts: await one(`select count(*) as n from driver_alerts where type = 'MVR_MONITORING_ALERT'`),
    reminders: await one(`select count(*) as n from driver_alerts where type = 'LICENCE_EXPIRY_REMINDER'`),
    raisedEvents: await one(`select count(*) as n from person_events where type = 'ALERT_RAISED'`),
    alertsWithOneEvent: await one(`select count(*) as n from (select a.id from driver_alerts a join person_events e on e.type = 'ALERT_RAISED' and (e.data->>'alertId')::uuid = a.id group by a.id having count(*) = 1) once`),
    activeEvents: await one(`select count(*) as n from person_events where type = 'MONITORING_ACTIVE'`),
    activeEnrolments: await one(`select count(*) as n from monitoring_enrolments where status = 'ACTIVE'`),
    recheckJobs: await one(`select count(*) as n from pgboss.job where name = 'monitoring-recheck'`),
    alertsWithOneJob: await one(`select count(*) as n from (select a.id from driver_alerts a join pgboss.job j on j.name = 'monitoring-recheck' and (j.data->>'alertId')::uuid = a.id where a.type = 'MVR_MONITORING_ALERT' group by a.id having count(*) = 1) once`),
  };
}

function expectEverythingOnce(after: Awaited<ReturnType<typeof ledger>>) {
  expect(after).toEqual({
    alerts: EXPECTED_ALERTS, reminders: EXPECTED_REMINDERS,
    raisedEvents: EXPECTED_ALERTS + EXPECTED_REMINDERS, alertsWithOneEvent: EXPECTED_ALERTS + EXPECTED_REMINDERS,
    activeEvents: DRIVERS, activeEnrolments: DRIVERS,
    recheckJobs: EXPECTED_ALERTS, alertsWithOneJob: EXPECTED_ALERTS,
  });
}

const postgresUrl = process.env.DATABASE_URL;

describe.skipIf(!postgresUrl).concurrent(`monitoring sweep survives SIGKILL on PostgreSQL${postgresUrl ? '' : ' — skipped: set DATABASE_URL to run it'}`, () => {
  const name = `clearlane_sweep_fault_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  afterAll(() => admin(`drop database if exists "${name}" with (force)`));

  it('raises every alert exactly once after a sweep is killed mid-batch and run again', async () => {
    await admin(`create database "${name}"`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      await runMigrations(handle);
      await seed(handle.db);
    } finally {
      await handle.close();
    }
    const env = { DATABASE_URL: url.toString() };
    await killMidSweep(env);
    const reader = new pg.Client({ connectionString: url.toString() });
    await reader.connect();
    try {
      const query: Query = (text) => reader.query(text);
      const atKill = await ledger(query);
      // Killed in the middle: some alerts written, not all.
      expect(atKill.alerts).toBeGreaterThan(0);
      expect(atKill.alerts).toBeLessThan(EXPECTED_ALERTS);
      const output = await sweepToTheEnd(env);
      expect(output).toContain(`${DRIVERS} enrolments`);
      expectEverythingOnce(await ledger(query));
      console.info(`PostgreSQL: killed with ${atKill.alerts} of ${EXPECTED_ALERTS} alerts written; the second sweep raised the rest`);
    } finally {
      await reader.end();
    }
  }, RUN_TIMEOUT_MS * 2 + 60_000);
});

describe.concurrent('monitoring sweep survives SIGKILL on the embedded PGlite database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'clearlane-sweep-fault-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  /** PGlite is one process's database: opened only while no sweep runs. */
  async function withDatabase<T>(work: (handle: DatabaseHandle, query: Query) => Promise<T>) {
    const handle = await openDatabase({ dataDir });
    try {
      return await work(handle, (text) => handle.pglite!.query(text) as Promise<{ rows: Record<string, unknown>[] }>);
    } finally {
      await handle.close();
    }
  }

  it('raises every alert exactly once after a sweep is killed mid-batch and run again', async () => {
    await withDatabase(async (handle) => {
      await runMigrations(handle);
      await seed(handle.db);
    });
    const env = { DATA_DIR: dataDir };
    await killMidSweep(env);
    const atKill = await withDatabase((_db, query) => ledger(query));
    expect(atKill.alerts).toBeGreaterThan(0);
    expect(atKill.alerts).toBeLessThan(EXPECTED_ALERTS);
    const output = await sweepToTheEnd(env);
    expect(output).toContain(`${DRIVERS} enrolments`);
    expectEverythingOnce(await withDatabase((_db, query) => ledger(query)));
    console.info(`PGlite: killed with ${atKill.alerts} of ${EXPECTED_ALERTS} alerts written; the second sweep raised the rest`);
  }, RUN_TIMEOUT_MS * 2 + 60_000);
});
