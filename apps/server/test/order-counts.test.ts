// Orders' counts (migration 0022): order_counts, kept by triggers on orders as appended signed rows,
// always sums to count(*) of orders per company, type, status, outcome and review state — after
// single orders, a bulk sheet and its dispatch, fulfilment, review, deletes (a company's too) and
// compaction, also with orders written while a compaction runs. Lists filtered only by those
// columns take their totals from it: exact up to the cap, capped above it, as counted lists are.
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { COUNT_CAP } from '@clearlane/contract';
import { readCountedPage } from '../src/db/capped-count.ts';
import { orderCounts, orders } from '../src/db/schema.ts';
import { runAsCompany } from '../src/db/tenant-scope.ts';
import { COMPACT_ORDER_COUNTS_JOB } from '../src/jobs/queue.ts';
import { COMPACT_ORDER_COUNTS_CRON, OrderCountsCompaction, compactOrderCounts, companiesWithLooseCounts, prepareOrderCountsQueue, registerOrderCountsWorker } from '../src/modules/orders/order-counts.jobs.ts';
import { ACME_HOST, bearer, describeEachDatabase, dispatchSheet, fulfilOrder, get, newCompany, newUser, seedTwoCompanies, signInAs } from './helpers.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const GROUP = sql`company_id, type, status, coalesce(outcome, '(none)'), is_reviewed`;

describeEachDatabase('order counts', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  let agent: string;
  let manager: string;
  let licence = 4_000_000;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    agent = (await signInAs(t.app, seeded.users.agent.email)).idToken;
    manager = (await signInAs(t.app, seeded.users.manager.email)).idToken;
  });

  /** Orders per group, from orders and from the counts (groups summing to none left out), each as sorted lines. */
  const groupsOfOrders = async () =>
    rowsOf<{ line: string }>(await t.db.execute(sql`SELECT concat_ws(' ', ${GROUP}, count(*)) AS line FROM orders GROUP BY ${GROUP} ORDER BY 1`)).map((row) => row.line);
  const groupsOfCounts = async () =>
    rowsOf<{ line: string }>(await t.db.execute(sql`SELECT concat_ws(' ', ${GROUP}, sum(orders)) AS line FROM order_counts GROUP BY ${GROUP} HAVING sum(orders) <> 0 ORDER BY 1`)).map((row) => row.line);
  const expectCountsExact = async () => {
    const expected = await groupsOfOrders();
    expect(expected.length).toBeGreaterThan(0);
    expect(await groupsOfCounts()).toEqual(expected);
  };
  const countRows = async (companyId = seeded.acme.id) => Number((await t.db.select({ rows: count() }).from(orderCounts).where(eq(orderCounts.companyId, companyId)))[0]!.rows);

  const placeMvr = async (token = agent) => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/v1/orders/create-mvr-order', headers: { host: ACME_HOST, ...bearer(token) },
      payload: { driver: { firstName: 'Cora', lastName: 'Count', dateOfBirth: '1984-04-04', licenceNumber: `D${licence++}`, licenceState: 'CA' }, permissiblePurpose: 'WRITTEN_CONSENT' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  };
  const listTotal = async (query: string) => {
    const response = await get(t.app, `/api/v1/orders?${query}`, manager);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().page as { totalElements: number; totalElementsCapped?: boolean };
  };
  const countOf = async (...conditions: ReturnType<typeof eq>[]) =>
    Number((await t.db.select({ value: count() }).from(orders).where(and(eq(orders.companyId, seeded.acme.id), ...conditions)))[0]!.value);

  it('single orders, their fulfilment and their review keep the counts equal to the orders per group', async () => {
    const placed = [];
    for (let i = 0; i < 6; i++) placed.push(await placeMvr());
    await expectCountsExact();
    for (const order of placed.slice(0, 4)) await fulfilOrder(t.db, { id: order.id, companyId: seeded.acme.id });
    expect(await countOf(eq(orders.status, 'Complete'))).toBeGreaterThan(0);
    await expectCountsExact();
    for (const order of placed.slice(0, 2)) {
      const response = await t.app.inject({ method: 'PATCH', url: `/api/v1/orders/${order.id}/reviewed`, headers: { host: ACME_HOST, ...bearer(manager) }, payload: { isReviewed: true } });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await countOf(eq(orders.isReviewed, true))).toBe(2);
    await expectCountsExact();
    // An update that changes no counted column appends nothing.
    const rowsBefore = await countRows();
    await t.db.update(orders).set({ subStatus: 'Looked at' }).where(eq(orders.companyId, seeded.acme.id));
    expect(await countRows()).toBe(rowsBefore);
  });

  it('a bulk sheet counts at once, before and after its dispatch', async () => {
    const header = 'First name,Last name,Date of birth,Licence number,Licence state,Permissible purpose';
    const rows = Array.from({ length: 25 }, (_, i) => `Bulk${i},Sheet,1980-01-15,D${String(7_000_000 + i)},CA,WRITTEN_CONSENT`);
    const boundary = '----clearlanecounts';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="drivers.csv"\r\nContent-Type: text/csv\r\n\r\n${[header, ...rows].join('\n')}\r\n--${boundary}--\r\n`;
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: body, headers: { host: ACME_HOST, ...bearer(agent), 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(response.statusCode, response.body).toBe(201);
    await expectCountsExact();
    expect(await listTotal('status=New')).toMatchObject({ totalElements: await countOf(eq(orders.status, 'New')) });
    expect(await dispatchSheet(t, seeded.acme.id, response.json().reportGroupId)).toBe(25);
    await expectCountsExact();
  });

  it("the list's totals for status, outcome, type and review filters are the orders' exact counts", async () => {
    // Outcomes of every kind, null among them: `outcome=` never matches an order without one.
    await t.db.execute(sql`
      INSERT INTO orders (id, company_id, type, status, processing_status, outcome, is_reviewed, input, subject_label)
      SELECT gen_random_uuid(), ${seeded.acme.id}, CASE WHEN n % 3 = 0 THEN 'VIN_REPORT' ELSE 'MVR' END, CASE WHEN n % 4 = 0 THEN 'Failed' ELSE 'Complete' END,
             'Complete', (ARRAY['Pass', 'Fail', 'Indeterminate', NULL])[1 + n % 4], n % 5 = 0, '{}'::jsonb, 'Loaded ' || n
      FROM generate_series(1, 60) AS n`);
    await expectCountsExact();
    const cases: [string, ...ReturnType<typeof eq>[]][] = [
      [''],
      ['status=Complete', eq(orders.status, 'Complete')],
      ['status=Complete&outcome=Fail', eq(orders.status, 'Complete'), eq(orders.outcome, 'Fail')],
      ['outcome=Indeterminate', eq(orders.outcome, 'Indeterminate')],
      ['isReviewed=true', eq(orders.isReviewed, true)],
      ['isReviewed=false&status=Complete', eq(orders.isReviewed, false), eq(orders.status, 'Complete')],
    ];
    for (const [query, ...conditions] of cases) {
      const total = await countOf(...conditions);
      expect(await listTotal(`${query}&size=5`), query).toMatchObject({ totalElements: total });
    }
    // The reports view: Complete orders of some types (statuses and types).
    const reports = await get(t.app, '/api/v1/reports?type=VehicleReport', manager);
    expect(reports.statusCode, reports.body).toBe(200);
    expect(reports.json().page.totalElements).toBe(await countOf(eq(orders.status, 'Complete'), eq(orders.type, 'VIN_REPORT')));
    // A page past the end still says the total.
    const beyond = await get(t.app, '/api/v1/orders?status=Complete&size=5&page=1000', manager);
    expect(beyond.json()).toMatchObject({ content: [], page: { number: 1000, totalElements: await countOf(eq(orders.status, 'Complete')) } });
  });

  it('those lists read the kept counts; lists with other filters count their orders', async () => {
    // A change planted in the counts alone shows in the totals that read them, and nowhere else.
    const before = await listTotal('status=Failed');
    const beforeDated = await listTotal('status=Failed&from=2000-01-01');
    await t.db.insert(orderCounts).values({ companyId: seeded.acme.id, type: 'MVR', status: 'Failed', outcome: null, isReviewed: false, orders: 1000 });
    try {
      expect((await listTotal('status=Failed')).totalElements).toBe(before.totalElements + 1000);
      expect(await listTotal('status=Failed&from=2000-01-01')).toEqual(beforeDated);
    } finally {
      await t.db.insert(orderCounts).values({ companyId: seeded.acme.id, type: 'MVR', status: 'Failed', outcome: null, isReviewed: false, orders: -1000 });
    }
    expect(await listTotal('status=Failed')).toEqual(before);
  });

  it('a kept count above the cap is capped, as a counted one', async () => {
    const kept = (total: number) => sql`(select ${total}::bigint)`;
    const read = (total: number, offset: number) => runAsCompany(seeded.acme.id, () => {
      const where = eq(orders.companyId, seeded.acme.id);
      return readCountedPage(t.db, { matching: t.db.select({ one: sql`1` }).from(orders).where(where), kept: kept(total), offset, cap: 3 }, (matchingCount, countKind) => {
        expect(countKind).toBe('kept');
        return t.db.select({ id: orders.id, matchingCount }).from(orders).where(where).orderBy(orders.id).limit(2).offset(offset);
      });
    });
    expect(await read(3, 0)).toMatchObject({ total: 3, capped: false });
    expect(await read(4, 0)).toMatchObject({ total: 3, capped: true });
    expect(await read(2, 100_000)).toEqual({ rows: [], total: 2, capped: false });
    expect(await read(7, 100_000)).toEqual({ rows: [], total: 3, capped: true });
  });

  it('a list of more than COUNT_CAP by status says capped', async () => {
    const big = await newCompany(t.db, 'countfleet', 'Count Fleet');
    const admin = await newUser(t.db, { tenant: 'countfleet', role: 'Company Admin' });
    const token = (await signInAs(t.app, admin.email, undefined, 'countfleet.localhost:3000')).idToken;
    await t.db.execute(sql`
      INSERT INTO orders (id, company_id, type, status, processing_status, outcome, input, subject_label)
      SELECT gen_random_uuid(), ${big.id}, 'VIN_REPORT', 'Complete', 'Complete', CASE WHEN n <= 2 THEN 'Fail' ELSE 'Pass' END, '{}'::jsonb, 'VIN ' || n
      FROM generate_series(1, ${COUNT_CAP + 2}) AS n`);
    const pageOf = async (query: string) => (await get(t.app, `/api/v1/orders?${query}`, token, 'countfleet.localhost:3000')).json().page;
    expect(await pageOf('status=Complete')).toMatchObject({ totalElements: COUNT_CAP, totalElementsCapped: true });
    expect(await pageOf('status=Complete&page=100000')).toMatchObject({ totalElements: COUNT_CAP, totalElementsCapped: true });
    // Exactly the cap is exact.
    expect(await pageOf('status=Complete&outcome=Pass&page=100000')).toEqual({ number: 100_000, size: 20, totalElements: COUNT_CAP, totalPages: COUNT_CAP / 20 });
    expect(await pageOf('status=Complete&outcome=Fail')).toEqual({ number: 0, size: 20, totalElements: 2, totalPages: 1 });
  });

  it('compaction sums each group into one row and changes no total; the job compacts only companies past its threshold', async () => {
    const before = await groupsOfCounts();
    const groups = before.filter((line) => line.startsWith(seeded.acme.id)).length;
    expect(await countRows()).toBeGreaterThan(groups);
    expect(await companiesWithLooseCounts(t.db, 100_000)).toEqual([]);
    expect((await companiesWithLooseCounts(t.db, 0)).map((company) => company.id)).toContain(seeded.acme.id);
    const run = await new OrderCountsCompaction(t.db).run(0);
    expect(run.rowsRemoved).toBeGreaterThan(0);
    expect(await countRows()).toBe(groups);
    expect(await groupsOfCounts()).toEqual(before);
    await expectCountsExact();
    expect(await new OrderCountsCompaction(t.db).run(0)).toEqual({ companies: 0, rowsRemoved: 0 });
  });

  it('the compaction is scheduled every minute, once however many processes declare it', async () => {
    await prepareOrderCountsQueue(t.queue!);
    await prepareOrderCountsQueue(t.queue!);
    const schedules = await t.queue!.getSchedules(COMPACT_ORDER_COUNTS_JOB);
    expect(schedules.map((schedule) => schedule.cron)).toEqual([COMPACT_ORDER_COUNTS_CRON]);
    await t.queue!.unschedule(COMPACT_ORDER_COUNTS_JOB);
  });

  it("the worker compacts when the job comes (the schedule's threshold: COMPACT_BEYOND_ROWS)", async () => {
    const company = await newCompany(t.db, 'churnco', 'Churn Co');
    // 150 statements of one order each: 150 rows of one group, more than the threshold.
    for (let i = 0; i < 150; i++) {
      await t.db.execute(sql`INSERT INTO orders (id, company_id, type, status, processing_status, input, subject_label) VALUES (gen_random_uuid(), ${company.id}, 'MVR', 'New', 'NotStarted', '{}'::jsonb, 'Churn')`);
    }
    expect(await countRows(company.id)).toBe(150);
    await prepareOrderCountsQueue(t.queue!);
    await registerOrderCountsWorker(t.queue!, t.db);
    try {
      await t.queue!.send(COMPACT_ORDER_COUNTS_JOB, {});
      const deadline = Date.now() + 30_000;
      while ((await countRows(company.id)) > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await countRows(company.id)).toBe(1);
      await expectCountsExact();
    } finally {
      await t.queue!.offWork(COMPACT_ORDER_COUNTS_JOB);
      await t.queue!.unschedule(COMPACT_ORDER_COUNTS_JOB);
    }
  }, 60_000);

  it('compaction for one company touches no other, and is held to the caller\'s company', async () => {
    await placeMvr();
    await t.db.execute(sql`INSERT INTO orders (id, company_id, type, status, processing_status, input, subject_label) VALUES (gen_random_uuid(), ${seeded.globex.id}, 'MVR', 'New', 'NotStarted', '{}'::jsonb, 'Globex order')`);
    const globexRows = await countRows(seeded.globex.id);
    expect(globexRows).toBeGreaterThan(0);
    const acmeRows = await countRows();
    // Company work runs with its company set on PostgreSQL only (the embedded database is one session).
    if (t.kind === 'postgres') {
      expect(await runAsCompany(seeded.globex.id, () => compactOrderCounts(t.db, seeded.acme.id))).toBe(0);
      expect(await countRows()).toBe(acmeRows);
    }
    expect(await compactOrderCounts(t.db, seeded.acme.id)).toBeGreaterThan(0);
    expect(await countRows(seeded.globex.id)).toBe(globexRows);
    await expectCountsExact();
  });

  it('orders written between and inside compactions are kept (sequential interleaving)', async () => {
    await placeMvr();
    await t.db.transaction(async (tx) => {
      await compactOrderCounts(tx, seeded.acme.id);
      await tx.execute(sql`INSERT INTO orders (id, company_id, type, status, processing_status, input, subject_label) VALUES (gen_random_uuid(), ${seeded.acme.id}, 'MVR', 'New', 'NotStarted', '{}'::jsonb, 'Between')`);
      await compactOrderCounts(tx, seeded.acme.id);
      await tx.execute(sql`UPDATE orders SET status = 'Failed' WHERE company_id = ${seeded.acme.id} AND subject_label = 'Between'`);
    });
    await expectCountsExact();
  });

  it.skipIf(t.kind !== 'postgres')('a compaction and writers of orders in other sessions neither wait on each other nor lose a change', async () => {
    const insertOne = (label: string) =>
      sql`INSERT INTO orders (id, company_id, type, status, processing_status, input, subject_label) VALUES (gen_random_uuid(), ${seeded.acme.id}, 'MVR', 'New', 'NotStarted', '{}'::jsonb, ${label})`;
    // A writer's transaction open across a compaction: its change is not in the compaction's snapshot, and stays.
    let finishWriter!: () => void;
    const writerMayFinish = new Promise<void>((resolve) => (finishWriter = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const writer = t.db.transaction(async (tx) => {
      await tx.execute(insertOne('Concurrent writer'));
      wrote();
      await writerMayFinish;
    });
    await written;
    expect(await compactOrderCounts(t.db, seeded.acme.id)).toBeGreaterThanOrEqual(0);
    finishWriter();
    await writer;
    await expectCountsExact();
    // A compaction's transaction open across writers: they commit without waiting for it.
    await t.db.execute(insertOne('Before the compaction'));
    let finishCompaction!: () => void;
    const compactionMayFinish = new Promise<void>((resolve) => (finishCompaction = resolve));
    let compacted!: () => void;
    const compactedUncommitted = new Promise<void>((resolve) => (compacted = resolve));
    const compaction = t.db.transaction(async (tx) => {
      expect(await compactOrderCounts(tx, seeded.acme.id)).toBeGreaterThan(0);
      compacted();
      await compactionMayFinish;
    });
    await compactedUncommitted;
    await t.db.execute(insertOne('During the compaction'));
    await t.db.execute(sql`UPDATE orders SET status = 'Failed' WHERE company_id = ${seeded.acme.id} AND subject_label = 'Before the compaction'`);
    // A second compaction meanwhile steps aside rather than wait.
    expect(await compactOrderCounts(t.db, seeded.acme.id)).toBe(0);
    finishCompaction();
    await compaction;
    await expectCountsExact();
  });

  it("deleted orders count less, and a deleted company's counts go with it", async () => {
    await t.db.delete(orders).where(and(eq(orders.companyId, seeded.acme.id), eq(orders.status, 'Failed')));
    await expectCountsExact();
    const gone = await newCompany(t.db, 'goneco', 'Gone Co');
    await t.db.execute(sql`INSERT INTO orders (id, company_id, type, status, processing_status, input, subject_label) SELECT gen_random_uuid(), ${gone.id}, 'MVR', 'New', 'NotStarted', '{}'::jsonb, 'Gone ' || n FROM generate_series(1, 3) AS n`);
    expect(await countRows(gone.id)).toBe(1);
    await t.db.execute(sql`DELETE FROM companies WHERE id = ${gone.id}`);
    expect(await countRows(gone.id)).toBe(0);
    await expectCountsExact();
  });
}, {}, { queue: true });
