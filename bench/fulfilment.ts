// Fulfilment throughput: the 1,000 MVR orders of one bulk sheet, New → Complete, through the real
// pg-boss worker (orders.jobs.ts, with the options main.ts uses) and the sandbox MVR provider, on
// PGlite in memory and on PostgreSQL when DATABASE_URL is set (a throwaway database, dropped at
// the end). Beside it, pg-boss's own throughput on the same database: as many empty jobs, written
// in one go and then fetched and completed by a worker with the same options and a handler that
// does nothing. The ratio orders/s ÷ empty jobs/s is the share of the queue's ceiling we reach.
//
//   node --import tsx bench/fulfilment.ts           (BENCH_ORDERS=1000)
//
// The sheet uses only the sandbox's fast inputs: licence numbers ending in 0–7 (clean record,
// violations, suspended, expired, no record, state not fulfilled). Digit 9 answers after 4 s and
// digit 8 fails and is retried for about a minute on purpose (README, sandbox table): they measure
// the sandbox's delays, not ours, and are left out. Half the rows are auto-adjudicated by the
// `default` ruleset. Midway, one single order is placed through the API: its time to Complete
// shows that single orders are still served ahead of the sheet.
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { companies, orders, users } from '../apps/server/src/db/schema.ts';
import { FULFIL_ORDER_JOB, startQueue, type Queue } from '../apps/server/src/jobs/queue.ts';
import { Messenger } from '../apps/server/src/mail/messenger.ts';
import type { Principal } from '../apps/server/src/access/principal.ts';
import { BulkOrdersService } from '../apps/server/src/modules/bulk-orders/bulk-orders.service.ts';
import { SheetDispatch } from '../apps/server/src/modules/bulk-orders/sheet-dispatch.jobs.ts';
import type { ValidBulkOrder } from '../apps/server/src/modules/bulk-orders/sheet-validation.ts';
import { fulfilmentWorkers, OrderFulfilment } from '../apps/server/src/modules/orders/orders.jobs.ts';
import { sandboxProviders } from '../apps/server/src/providers/report-providers.ts';
import { openPreparedDatabase } from '../apps/server/src/runtime.ts';
import { createThrowawayDatabase } from './support/throwaway-database.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000);
const EMAIL = 'admin@acme.test';
const PASSWORD = 'Clearlane-demo-1';
const EMPTY_JOB = 'bench-empty-job';
const FAST_DIGITS = [0, 1, 2, 3, 4, 5, 6, 7];
const POLL_MS = 50;

const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    row: i + 2,
    options: { isAutoAdjudicated: i % 2 === 0 },
    order: {
      driver: { firstName: `Bench${i}`, lastName: `Driver${i}`, dateOfBirth: '1980-01-15', licenceNumber: `D${String(i).padStart(6, '0')}${FAST_DIGITS[i % FAST_DIGITS.length]}`, licenceState: 'CA' },
      permissiblePurpose: 'WRITTEN_CONSENT',
    } as ValidBulkOrder,
  }));

const rowsOfResult = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

async function waitFor(what: string, done: () => Promise<boolean>, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`${what}: not done after ${timeoutMs / 1000} s`);
    await sleep(POLL_MS);
  }
}

/** pg-boss alone: empty jobs written in one go, then fetched and completed by a no-op worker. */
async function emptyJobs(queue: Queue, db: Database, kind: 'pglite' | 'postgres') {
  await queue.createQueue(EMPTY_JOB);
  const sendStarted = performance.now();
  for (let start = 0; start < ORDERS; start += 2_000) {
    await queue.insert(EMPTY_JOB, Array.from({ length: Math.min(2_000, ORDERS - start) }, () => ({ data: {} })));
  }
  const sendMs = performance.now() - sendStarted;
  const started = performance.now();
  // The same workers as fulfilment's, with a handler that settles each job and does nothing else.
  for (const { options } of fulfilmentWorkers(kind)) {
    await queue.work(EMPTY_JOB, options, async (jobs) => jobs.map((job) => ({ id: job.id, status: 'completed' as const })));
  }
  await waitFor('empty jobs', async () => {
    const [row] = rowsOfResult(await db.execute(sql`select count(*)::int as n from pgboss.job where name = ${EMPTY_JOB} and state = 'completed'`));
    return row!.n === ORDERS;
  }, 300_000);
  const workMs = performance.now() - started;
  await queue.offWork(EMPTY_JOB);
  return { sendMs, workMs };
}

async function benchDatabase(label: string, env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'true', HOST: '127.0.0.1', PORT: '0', ...env });
  const handle = await openPreparedDatabase(config, { seedDemo: true });
  const queue = await startQueue(handle, (error) => console.error('queue error:', error.message));
  const { app } = await buildApp({ config, db: handle.db, queue: () => queue, messenger: new Messenger(handle.db, config) });
  const db = handle.db;
  try {
    console.log(`\n${label}`);
    const empty = await emptyJobs(queue, db, handle.kind);
    const emptyPerSecond = ORDERS / (empty.workMs / 1000);
    console.log(`pg-boss empty jobs: insert ${ORDERS}            ${empty.sendMs.toFixed(0).padStart(7)} ms`);
    console.log(`pg-boss empty jobs: fetch + complete ${ORDERS}  ${empty.workMs.toFixed(0).padStart(7)} ms  ${emptyPerSecond.toFixed(0).padStart(6)} jobs/s`);

    const [admin] = await db.select({ userId: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.email, EMAIL));
    const [acme] = await db.select({ id: companies.id }).from(companies).where(eq(companies.tenantIdentifier, 'acme'));
    // placeOrders reads only who orders for which company: the rest of a principal is not needed here.
    const principal = { ...admin!, companyId: acme!.id } as Principal;
    const placed = await new BulkOrdersService(db, () => queue).placeOrders(principal, 'bench.csv', rowsOf(ORDERS));
    const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: EMAIL, password: PASSWORD } });
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
    const token = signIn.json().tokens.idToken as string;

    const finished = async () => {
      const [row] = rowsOfResult(await db.execute(sql`select count(*)::int as n from orders where report_group_id = ${placed.reportGroupId} and status in ('Complete', 'Failed', 'Error')`));
      return row!.n as number;
    };
    const fulfilment = new OrderFulfilment(db, sandboxProviders(db), (message, error) => console.error(message, error));
    const started = performance.now();
    // The sheet's dispatch (its orders' words and fulfilment jobs) is part of New → Complete.
    await new SheetDispatch(db).registerWorker(queue);
    await fulfilment.registerWorker(queue, handle.kind);
    // A single order, placed through the API once a quarter of the sheet is done, while the rest
    // waits in the queue: how long it takes, and how much of the sheet was still waiting.
    let single: Promise<{ placeMs: number; completeMs: number; waitingAtPlacement: number; waitingAtCompletion: number }> | undefined;
    const placeSingleOrder = async (waitingAtPlacement: number) => {
      const placing = performance.now();
      const response = await app.inject({
        method: 'POST', url: '/api/v1/orders/create-mvr-order', headers: { authorization: `Bearer ${token}` },
        payload: { driver: { firstName: 'Single', lastName: 'Order', dateOfBirth: '1980-01-15', licenceNumber: 'D9999990', licenceState: 'CA' }, permissiblePurpose: 'WRITTEN_CONSENT' },
      });
      if (response.statusCode !== 201) throw new Error(`single order failed: ${response.statusCode} ${response.body}`);
      const placeMs = performance.now() - placing;
      const id = response.json().id as string;
      let waitingAtCompletion = 0;
      await waitFor('the single order', async () => {
        const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
        if (row?.status !== 'Complete') return false;
        waitingAtCompletion = ORDERS - (await finished());
        return true;
      }, 120_000);
      return { placeMs, completeMs: performance.now() - placing, waitingAtPlacement, waitingAtCompletion };
    };
    await waitFor('the sheet', async () => {
      const done = await finished();
      if (!single && done >= ORDERS / 4) single = placeSingleOrder(ORDERS - done);
      return done === ORDERS;
    }, 600_000);
    const ms = performance.now() - started;
    const perSecond = ORDERS / (ms / 1000);
    const singleOrder = await single;

    const [states] = rowsOfResult(await db.execute(sql`
      select count(*) filter (where o.status = 'Complete')::int as complete, count(*)::int as total,
             count(*) filter (where p.calls = 1)::int as called_once
      from orders o left join provider_requests p on p.idempotency_key = o.id::text
      where o.report_group_id = ${placed.reportGroupId}`));
    if (states!.complete !== ORDERS || states!.called_once !== ORDERS) throw new Error(`expected ${ORDERS} complete orders, each asked of the provider once: ${JSON.stringify(states)}`);
    console.log(`fulfilment: ${ORDERS} MVR orders New → Complete ${ms.toFixed(0).padStart(7)} ms  ${perSecond.toFixed(0).padStart(6)} orders/s  (each asked of the provider once)`);
    console.log(`ratio orders/s ÷ pg-boss empty jobs/s: ${(perSecond / emptyPerSecond).toFixed(2)}`);
    if (singleOrder) {
      console.log(`a single order placed with ${singleOrder.waitingAtPlacement} of the sheet's orders unfinished: placed in ${singleOrder.placeMs.toFixed(0)} ms, ` +
        `Complete ${singleOrder.completeMs.toFixed(0)} ms after it was sent, with ${singleOrder.waitingAtCompletion} of the sheet's orders still unfinished`);
    }
    await queue.offWork(FULFIL_ORDER_JOB);
  } finally {
    await app.close();
    await queue.stop({ graceful: false, timeout: 2_000 }).catch(() => {});
    await handle.close();
  }
}


console.log(`Clearlane bench: fulfilment — ${ORDERS} sandbox MVR orders of one sheet (fast inputs only: licence digits 0–7), Node ${process.version}`);
await benchDatabase('PGlite in memory', { DATA_DIR: 'memory://bench' });
if (process.env.DATABASE_URL) {
  const database = await createThrowawayDatabase(process.env.DATABASE_URL, 'fulfilment');
  try {
    await benchDatabase('PostgreSQL', { DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}
