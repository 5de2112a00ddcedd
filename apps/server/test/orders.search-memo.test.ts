// A free-text search remembered (migrations 0023, 0025: order_search_page): the orders list's count
// and pages of a search with SEARCH_MEMO_FROM_MATCHES matches or more come from a memo while
// nothing a search reads has changed, and are found anew as soon as something has: an order placed
// or removed, an order's reference or driver changed, a driver's external id changed, also by a
// transaction that was still open when the memo was written. Each answer is checked against the
// orders themselves, read by SQL. Memos and search changes are one company's (row-level security),
// the minute's job sums the changes and drops spent memos, and a deleted company's go with it.
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { beforeAll, expect, it } from 'vitest';
import { orderSearchChanges, orderSearchMemos, orders, persons } from '../src/db/schema.ts';
import { runAsCompany } from '../src/db/tenant-scope.ts';
import { SEARCH_MEMO_FROM_MATCHES } from '../src/modules/orders/orders.repository.ts';
import { MEMO_LIFETIME_MINUTES, OrderSearchUpkeep, compactSearchChanges } from '../src/modules/orders/order-search-memos.jobs.ts';
import { ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, newCompany, seedTwoCompanies, signInAs } from './helpers.ts';

const PAGE_SIZE = 100;
/** A search of several pages: every page, and the count, read from the one memo. */
const LARGE = 5 * PAGE_SIZE + 20;

describeEachDatabase('a large free-text search remembered', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens = { acme: '', globex: '' };

  const orderOf = (companyId: string, subjectLabel: string, createdAt: Date, extra: Partial<typeof orders.$inferInsert> = {}) => ({
    id: uuidv7(), companyId, type: 'MVR', status: 'New', processingStatus: 'NotStarted', subjectLabel, input: {}, createdAt, ...extra,
  });

  /** The list's answer for a search, page by page (size 100), as the portal asks it. */
  async function listed(filter: string, page: number, who: 'acme' | 'globex' = 'acme', size = PAGE_SIZE) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders?filter=${encodeURIComponent(filter)}&size=${size}&page=${page}`,
      headers: { host: who === 'acme' ? ACME_HOST : GLOBEX_HOST, ...bearer(tokens[who]) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { content: { id: string }[]; page: { totalElements: number } };
    return { ids: body.content.map((order) => order.id), total: body.page.totalElements };
  }

  /** What the list must answer: the company's orders whose subject has a word beginning "martin" or whose reference is "martin", newest first. */
  async function truth(companyId: string) {
    const rows = await t.db.execute(sql`
      SELECT o.id FROM orders o LEFT JOIN persons p ON p.id = o.person_id
      WHERE o.company_id = ${companyId}
        AND (o.subject_label ~* '(^|[^a-z])martin' OR lower(o.mvr_external_reference_id) = 'martin' OR lower(p.external_id) = 'martin')
      ORDER BY o.created_at DESC, o.id DESC`);
    return (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  }

  /** Every page of the search "martin" equals the truth, and so does its count. */
  async function expectSearchExact(companyId = seeded.acme.id) {
    const expected = await truth(companyId);
    const pages = Math.ceil(expected.length / PAGE_SIZE);
    const seen: string[] = [];
    for (let page = 0; page < pages; page++) {
      const answer = await listed('martin', page);
      expect(answer.total).toBe(expected.length);
      seen.push(...answer.ids);
    }
    expect(seen).toEqual(expected);
    return expected;
  }

  /** The company's memo of a search for the text typed. */
  const memoOf = async (companyId: string, typed = 'martin') =>
    (await t.db.select().from(orderSearchMemos).where(and(eq(orderSearchMemos.companyId, companyId), eq(orderSearchMemos.typed, typed))))[0];

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    tokens.acme = (await signInAs(t.app, seeded.users.admin.email)).idToken;
    tokens.globex = (await signInAs(t.app, seeded.users.globexAdmin.email, undefined, GLOBEX_HOST)).idToken;
    const start = Date.UTC(2026, 0, 1);
    // One statement, as a sheet: a minute apart, so that newest first is one order.
    await t.db.insert(orders).values(Array.from({ length: LARGE }, (_, i) => orderOf(seeded.acme.id, `Driver${i} Martin (CA D${String(i).padStart(7, '0')})`, new Date(start + i * 60_000))));
    await t.db.insert(orders).values([
      orderOf(seeded.acme.id, 'Ana Ortiz (CA D0000001)', new Date(start - 60_000)),
      orderOf(seeded.globex.id, 'Ana Martin (CA D0000002)', new Date(start)),
    ]);
  });

  it('answers a search of many matches from its memo, page by page, as the orders are', async () => {
    expect(await expectSearchExact()).toHaveLength(LARGE);
    const memo = await memoOf(seeded.acme.id);
    expect(memo).toMatchObject({ typed: 'martin', matches: LARGE, kept: LARGE });
    expect(memo!.orderIds).toEqual(await truth(seeded.acme.id));
    // The first ids kept inline too, for the first pages; later pages read the whole array.
    expect(memo!.headIds).toEqual(memo!.orderIds.slice(0, 100));
    // Pages of 20 on both sides of the inline ids' end read as the whole array does; the text typed
    // in another case finds the same orders, from a memo of its own.
    const expected = await truth(seeded.acme.id);
    for (const page of [0, 4, 5, 25]) expect((await listed('martin', page, 'acme', 20)).ids).toEqual(expected.slice(page * 20, page * 20 + 20));
    expect(await listed('MARTIN', 1)).toEqual({ ids: expected.slice(100, 200), total: LARGE });
    expect(await memoOf(seeded.acme.id, 'MARTIN')).toMatchObject({ matches: LARGE });
    await t.db.delete(orderSearchMemos).where(eq(orderSearchMemos.typed, 'MARTIN'));
    // Asked again, nothing changed: read, not found and written again.
    await expectSearchExact();
    expect((await memoOf(seeded.acme.id))!.foundAt).toEqual(memo!.foundAt);
    // A search of one match is remembered too (SEARCH_MEMO_FROM_MATCHES), one of none is not;
    // another company's search has its own answer and its own memo.
    expect(SEARCH_MEMO_FROM_MATCHES).toBe(1);
    expect((await listed('ortiz', 0)).total).toBe(1);
    expect(await memoOf(seeded.acme.id, 'ortiz')).toMatchObject({ typed: 'ortiz', matches: 1, kept: 1 });
    expect((await listed('nobody', 0)).total).toBe(0);
    expect(await memoOf(seeded.acme.id, 'nobody')).toBeUndefined();
    expect(await listed('martin', 0, 'globex')).toEqual({ ids: await truth(seeded.globex.id), total: 1 });
    expect(await memoOf(seeded.globex.id)).toMatchObject({ matches: 1, orderIds: await truth(seeded.globex.id) });
    expect(await t.db.select().from(orderSearchMemos)).toHaveLength(3);
  });

  it('finds an order placed or removed since the memo at once', async () => {
    await expectSearchExact();
    const before = await memoOf(seeded.acme.id);
    const placed = orderOf(seeded.acme.id, 'Newest Martin (CA D0999999)', new Date(Date.UTC(2026, 5, 1)));
    await t.db.insert(orders).values(placed);
    const after = await expectSearchExact();
    expect(after[0]).toBe(placed.id);
    expect(after).toHaveLength(LARGE + 1);
    expect((await memoOf(seeded.acme.id))!.generation).toBeGreaterThan(before!.generation);
    await t.db.delete(orders).where(eq(orders.id, placed.id));
    expect(await expectSearchExact()).toHaveLength(LARGE);
  });

  it("finds an order by a reference or a driver's external id changed since the memo", async () => {
    await expectSearchExact();
    const other = orderOf(seeded.acme.id, 'Bo Lund (CA D0888888)', new Date(Date.UTC(2025, 0, 1)));
    await t.db.insert(orders).values(other);
    expect(await expectSearchExact()).not.toContain(other.id);
    await t.db.update(orders).set({ mvrExternalReferenceId: 'MARTIN' }).where(eq(orders.id, other.id));
    expect(await expectSearchExact()).toContain(other.id);
    await t.db.update(orders).set({ mvrExternalReferenceId: null }).where(eq(orders.id, other.id));
    expect(await expectSearchExact()).not.toContain(other.id);

    const [driver] = await t.db.insert(persons).values({
      id: uuidv7(), companyId: seeded.acme.id, firstName: 'Cy', lastName: 'Berg', dateOfBirth: '1980-01-01', licenceNumber: 'D0777777', licenceState: 'CA', externalId: 'EMP-1',
    }).returning();
    await t.db.update(orders).set({ personId: driver!.id }).where(eq(orders.id, other.id));
    expect(await expectSearchExact()).not.toContain(other.id);
    await t.db.update(persons).set({ externalId: 'Martin' }).where(eq(persons.id, driver!.id));
    expect(await expectSearchExact()).toContain(other.id);
    await t.db.update(persons).set({ externalId: 'EMP-1' }).where(eq(persons.id, driver!.id));
    await t.db.update(orders).set({ personId: null }).where(eq(orders.id, other.id));
    await t.db.delete(orders).where(eq(orders.id, other.id));
    expect(await expectSearchExact()).toHaveLength(LARGE);
  });

  it.skipIf(t.kind !== 'postgres')('finds an order whose transaction was still open when the memo was written', async () => {
    const placed = orderOf(seeded.acme.id, 'Late Martin (CA D0666666)', new Date(Date.UTC(2026, 6, 1)));
    let finishWriter!: () => void;
    const writerMayFinish = new Promise<void>((resolve) => (finishWriter = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const writer = t.db.transaction(async (tx) => {
      await tx.insert(orders).values(placed);
      wrote();
      await writerMayFinish;
    });
    await written;
    // The search meanwhile neither sees the order nor waits for it, and remembers what it found.
    expect(await expectSearchExact()).not.toContain(placed.id);
    finishWriter();
    await writer;
    expect((await expectSearchExact())[0]).toBe(placed.id);
    await t.db.delete(orders).where(eq(orders.id, placed.id));
  });

  it("keeps each company's memos and changes to itself", async () => {
    await expectSearchExact();
    const seenAs = (companyId: string) => runAsCompany(companyId, async () => ({
      memos: (await t.db.select({ companyId: orderSearchMemos.companyId }).from(orderSearchMemos)).map((row) => row.companyId),
      changes: (await t.db.select({ companyId: orderSearchChanges.companyId }).from(orderSearchChanges)).map((row) => row.companyId),
      // Asked for another company's search, the function answers nothing.
      page: (await t.db.execute(sql`SELECT * FROM order_search_page(${seeded.acme.id}::uuid, 'martin', 0, 20, 1, 100)`) as unknown as { rows: unknown[] }).rows,
    }));
    if (t.kind !== 'postgres') return; // PGlite is one session, as its owner: no row-level security to see
    const globex = await seenAs(seeded.globex.id);
    expect(new Set(globex.memos)).toEqual(new Set([seeded.globex.id]));
    expect(new Set(globex.changes)).toEqual(new Set([seeded.globex.id]));
    expect(globex.page).toEqual([]);
    const acme = await seenAs(seeded.acme.id);
    expect(new Set(acme.memos)).toEqual(new Set([seeded.acme.id]));
    expect(acme.page).toHaveLength(1);
    await expect(runAsCompany(seeded.acme.id, () => t.db.delete(orderSearchMemos))).rejects.toThrow();
  });

  it("the minute's job sums a company's changes without changing its generation, and drops spent memos", async () => {
    const generation = async () => Number((await t.db.select({ sum: sql<string>`coalesce(sum(${orderSearchChanges.changes}), 0)` }).from(orderSearchChanges).where(eq(orderSearchChanges.companyId, seeded.acme.id)))[0]!.sum);
    const rows = async () => (await t.db.select().from(orderSearchChanges).where(eq(orderSearchChanges.companyId, seeded.acme.id))).length;
    await expectSearchExact();
    const memo = await memoOf(seeded.acme.id);
    const before = { generation: await generation(), rows: await rows() };
    expect(before.rows).toBeGreaterThan(1);
    expect(await compactSearchChanges(t.db, seeded.acme.id)).toBe(before.rows - 1);
    expect({ generation: await generation(), rows: await rows() }).toEqual({ generation: before.generation, rows: 1 });
    // Still the memo's generation: read, not found again.
    await expectSearchExact();
    expect((await memoOf(seeded.acme.id))!.foundAt).toEqual(memo!.foundAt);

    const upkeep = new OrderSearchUpkeep(t.db);
    // Earlier tests' memos of passed generations (their "ortiz") go first; then nothing is due.
    await upkeep.run(0);
    expect(await upkeep.run(0)).toEqual({ companies: 0, rowsRemoved: 0, memosDropped: 0, pageStartsDropped: 0 });
    expect((await memoOf(seeded.acme.id))!.foundAt).toEqual(memo!.foundAt);
    // A memo of a passed generation goes; so does a current one past its lifetime.
    const passed = orderOf(seeded.acme.id, 'Passing Martin (CA D0555555)', new Date(Date.UTC(2026, 7, 1)));
    await t.db.insert(orders).values(passed);
    expect(await upkeep.run(0)).toEqual({ companies: 1, rowsRemoved: 1, memosDropped: 1, pageStartsDropped: 0 });
    expect(await memoOf(seeded.acme.id)).toBeUndefined();
    await expectSearchExact();
    const found = await memoOf(seeded.acme.id);
    expect(await upkeep.run(0, new Date(found!.foundAt.getTime() + (MEMO_LIFETIME_MINUTES - 1) * 60_000))).toMatchObject({ memosDropped: 0 });
    // Past its lifetime it goes, with globex's older memo.
    expect(await upkeep.run(0, new Date(found!.foundAt.getTime() + (MEMO_LIFETIME_MINUTES + 1) * 60_000))).toMatchObject({ memosDropped: 2 });
    expect(await memoOf(seeded.acme.id)).toBeUndefined();
    await t.db.delete(orders).where(and(eq(orders.companyId, seeded.acme.id), eq(orders.id, passed.id)));
  });

  it("a deleted company's search changes and memos go with it", async () => {
    const gone = await newCompany(t.db, 'goneco', 'Gone Co');
    const rowsOf = async () => ({
      changes: (await t.db.select().from(orderSearchChanges).where(eq(orderSearchChanges.companyId, gone.id))).length,
      memos: (await t.db.select().from(orderSearchMemos).where(eq(orderSearchMemos.companyId, gone.id))).length,
    });
    await t.db.execute(sql`INSERT INTO orders (id, company_id, type, status, processing_status, input, subject_label) SELECT gen_random_uuid(), ${gone.id}, 'MVR', 'New', 'NotStarted', '{}'::jsonb, 'Gone ' || n FROM generate_series(1, 3) AS n`);
    // Remembered from the first match (memo_from 1), as the list remembers a search.
    await t.db.execute(sql`SELECT * FROM order_search_page(${gone.id}::uuid, 'gone', 0, 20, 1, 100)`);
    expect(await rowsOf()).toEqual({ changes: 1, memos: 1 });
    await t.db.execute(sql`DELETE FROM companies WHERE id = ${gone.id}`);
    expect(await rowsOf()).toEqual({ changes: 0, memos: 0 });
    await expectSearchExact();
  });
});
