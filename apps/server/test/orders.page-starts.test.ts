// A deep page remembered by where it starts (migration 0024, order_page_start): a page after the
// first of a company's orders, newest first and unfiltered, is read from its remembered first
// order while nothing that moves an order in that list has changed, and found anew as soon as
// something has: an order placed or removed, an order's creation time changed. Each page is
// checked against the orders themselves, read by SQL. Starts are one company's, and the minute's
// upkeep drops those no list can read any more.
import { eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { beforeAll, expect, it } from 'vitest';
import { orderPageStarts, orders } from '../src/db/schema.ts';
import { OrderSearchUpkeep } from '../src/modules/orders/order-search-memos.jobs.ts';
import { ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, seedTwoCompanies, signInAs } from './helpers.ts';

const PAGE_SIZE = 20;
const ORDERS = 5 * PAGE_SIZE + 7;

describeEachDatabase('a deep page of the orders list remembered by its start', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens = { acme: '', globex: '' };

  const orderOf = (companyId: string, createdAt: Date) => ({
    id: uuidv7(), companyId, type: 'MVR', status: 'New', processingStatus: 'NotStarted', subjectLabel: 'Ana Ortiz (CA D0000001)', input: {}, createdAt,
  });

  async function listed(page: number, who: 'acme' | 'globex' = 'acme') {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders?size=${PAGE_SIZE}&page=${page}`,
      headers: { host: who === 'acme' ? ACME_HOST : GLOBEX_HOST, ...bearer(tokens[who]) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { content: { id: string }[]; page: { totalElements: number } };
    return { ids: body.content.map((order) => order.id), total: body.page.totalElements };
  }

  /** The company's orders, newest first, as SQL reads them. */
  async function truth(companyId: string) {
    const rows = await t.db.execute(sql`SELECT id FROM orders WHERE company_id = ${companyId} ORDER BY created_at DESC, id DESC`);
    return (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  }

  /** Every page (and one past the end) equals the truth; answers the truth. */
  async function expectPagesExact(who: 'acme' | 'globex' = 'acme') {
    const expected = await truth(who === 'acme' ? seeded.acme.id : seeded.globex.id);
    const pages = Math.ceil(expected.length / PAGE_SIZE);
    const seen: string[] = [];
    for (let page = 0; page <= pages; page++) {
      const answer = await listed(page, who);
      expect(answer.total).toBe(expected.length);
      seen.push(...answer.ids);
    }
    expect(seen).toEqual(expected);
    return expected;
  }

  const startsOf = (companyId: string) => t.db.select().from(orderPageStarts).where(eq(orderPageStarts.companyId, companyId));

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    tokens.acme = (await signInAs(t.app, seeded.users.admin.email)).idToken;
    tokens.globex = (await signInAs(t.app, seeded.users.globexAdmin.email, undefined, GLOBEX_HOST)).idToken;
    const start = Date.UTC(2026, 0, 1);
    // Two orders share each creation time: newest first is then decided by the id too.
    await t.db.insert(orders).values(Array.from({ length: ORDERS }, (_, i) => orderOf(seeded.acme.id, new Date(start + Math.floor(i / 2) * 60_000))));
    await t.db.insert(orders).values(Array.from({ length: 3 }, (_, i) => orderOf(seeded.globex.id, new Date(start + i * 60_000))));
  });

  it('reads every deep page from its remembered start, as the orders are', async () => {
    const expected = await expectPagesExact();
    const starts = await startsOf(seeded.acme.id);
    // One start per deep page with orders on it; none for the first page or past the end.
    expect(starts.map((start) => start.skipped).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5].map((page) => page * PAGE_SIZE));
    for (const start of starts) expect(start.orderId).toBe(expected[start.skipped]);
    // Asked again, nothing changed: read, not found and written again.
    await expectPagesExact();
    expect((await startsOf(seeded.acme.id)).map((start) => start.foundAt)).toEqual(starts.map((start) => start.foundAt));
    // Another company's list has its own orders and starts.
    expect(await listed(1, 'globex')).toEqual({ ids: [], total: 3 });
    expect(await startsOf(seeded.globex.id)).toEqual([]);
  });

  it('moves every deep page at once when an order is placed, removed or its creation time changes', async () => {
    await expectPagesExact();
    const placed = orderOf(seeded.acme.id, new Date(Date.UTC(2026, 5, 1)));
    await t.db.insert(orders).values(placed);
    expect((await expectPagesExact())[0]).toBe(placed.id);
    await t.db.update(orders).set({ createdAt: new Date(Date.UTC(2025, 0, 1)) }).where(eq(orders.id, placed.id));
    expect((await expectPagesExact()).at(-1)).toBe(placed.id);
    await t.db.delete(orders).where(eq(orders.id, placed.id));
    expect(await expectPagesExact()).toHaveLength(ORDERS);
  });

  it('answers another company nothing, even when asked for it by name', async () => {
    await expectPagesExact();
    // As the tenant role in globex's scope, acme's start is not found (order_page_start's check).
    const asGlobex = await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.company_id', ${seeded.globex.id}, true)`);
      const rows = await tx.execute(sql`select * from order_page_start(${seeded.acme.id}::uuid, ${PAGE_SIZE}::integer)`);
      return (rows as unknown as { rows: unknown[] }).rows;
    });
    expect(asGlobex).toEqual([]);
  });

  it('drops the starts of a passed generation in the minute\'s upkeep', async () => {
    await expectPagesExact();
    const upkeep = new OrderSearchUpkeep(t.db);
    expect(await upkeep.run()).toMatchObject({ pageStartsDropped: 0 });
    const placed = orderOf(seeded.acme.id, new Date(Date.UTC(2026, 6, 1)));
    await t.db.insert(orders).values(placed);
    expect(await upkeep.run()).toMatchObject({ pageStartsDropped: 5 });
    expect(await startsOf(seeded.acme.id)).toEqual([]);
    expect(await expectPagesExact()).toHaveLength(ORDERS + 1);
  });
});
