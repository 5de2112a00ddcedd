// Row-level security, the second wall (DESIGN.md §5, migrations 0003 and 0006): work done for a
// company sees and writes only that company's rows, memberships included, even when a query forgets
// its WHERE company_id. PostgreSQL only: the embedded database is one session of one superuser
// (docs/DECISIONS.md, Storage). Tenant foreign keys (0006, at the end) are checked on both kinds.
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, orderEvents, orders, persons, reportGroups } from '../src/db/schema.ts';
import { enterCompany, runAsCompany, tenantScopePlugin } from '../src/db/tenant-scope.ts';
import { listOrders } from '../src/modules/orders/orders.repository.ts';
import {
  bearer, createTestApp, databaseKinds, newCompany, newUser, openTestDatabase, post, seedTwoCompanies, signInAs, type TestApp, type TestDatabase,
} from './helpers.ts';

const postgresUrl = process.env.DATABASE_URL;

/** A driver row written as the owner, outside any company's scope. */
const driverOf = (companyId: string, lastName: string) => ({
  id: uuidv7(), companyId, firstName: 'Pat', lastName, dateOfBirth: '1980-01-01', licenceNumber: uuidv7().slice(0, 12), licenceState: 'CA',
});

/** The rows of a raw query (the shared Database type leaves execute()'s result untyped). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The PostgreSQL error of a failed query (drizzle wraps it as the cause). */
const pgCodeOf = (error: unknown) => (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;

describe.skipIf(!postgresUrl)(`row-level security on PostgreSQL${postgresUrl ? '' : ' — skipped: set DATABASE_URL to run it'}`, () => {
  let database: TestDatabase;
  let acme: { id: string };
  let globex: { id: string };
  let globexDriverId: string;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    acme = await newCompany(database.db, 'acme');
    globex = await newCompany(database.db, 'globex');
    const globexDriver = driverOf(globex.id, 'Globex');
    globexDriverId = globexDriver.id;
    await database.db.insert(persons).values([driverOf(acme.id, 'Acme'), globexDriver]);
  });
  afterAll(() => database?.close());

  it('a query without WHERE company_id sees only the company it runs for', async () => {
    const everyone = await database.db.select({ lastName: persons.lastName }).from(persons);
    expect(everyone.map((row) => row.lastName).sort()).toEqual(['Acme', 'Globex']);

    const seenByAcme = await runAsCompany(acme.id, () => database.db.select({ lastName: persons.lastName }).from(persons));
    expect(seenByAcme).toEqual([{ lastName: 'Acme' }]);
    const seenInTransaction = await runAsCompany(globex.id, () =>
      database.db.transaction((tx) => tx.select({ lastName: persons.lastName }).from(persons)));
    expect(seenInTransaction).toEqual([{ lastName: 'Globex' }]);
  });

  it("another company's row can be neither changed, deleted nor written", async () => {
    const updated = await runAsCompany(acme.id, () =>
      database.db.update(persons).set({ lastName: 'Hijacked' }).where(eq(persons.id, globexDriverId)).returning());
    expect(updated).toEqual([]);
    const deleted = await runAsCompany(acme.id, () => database.db.delete(persons).where(eq(persons.id, globexDriverId)).returning());
    expect(deleted).toEqual([]);
    const [untouched] = await database.db.select().from(persons).where(eq(persons.id, globexDriverId));
    expect(untouched?.lastName).toBe('Globex');

    const planted = runAsCompany(acme.id, () => database.db.insert(persons).values(driverOf(globex.id, 'Planted')));
    await expect(planted).rejects.toSatisfy((error) => pgCodeOf(error) === '42501'); // insufficient_privilege: policy check
  });

  it("another company's memberships are invisible to company work and cannot be changed or planted (migration 0006)", async () => {
    const acmeMember = await newUser(database.db, { tenant: 'acme', role: 'Manager' });
    const globexMember = await newUser(database.db, { tenant: 'globex', role: 'Company Admin' });
    const seenByAcme = await runAsCompany(acme.id, () => database.db.select({ userId: memberships.userId, companyId: memberships.companyId }).from(memberships));
    expect(seenByAcme).toContainEqual({ userId: acmeMember.userId, companyId: acme.id });
    expect(seenByAcme.every((row) => row.companyId === acme.id)).toBe(true);
    expect(seenByAcme.map((row) => row.userId)).not.toContain(globexMember.userId);

    const promoted = await runAsCompany(acme.id, () =>
      database.db.update(memberships).set({ role: 'Viewer' }).where(eq(memberships.userId, globexMember.userId)).returning());
    expect(promoted).toEqual([]);
    const removed = await runAsCompany(acme.id, () => database.db.delete(memberships).where(eq(memberships.userId, globexMember.userId)).returning());
    expect(removed).toEqual([]);
    const [kept] = await database.db.select({ role: memberships.role }).from(memberships).where(eq(memberships.userId, globexMember.userId));
    expect(kept?.role).toBe('Company Admin');

    const planted = runAsCompany(acme.id, () => database.db.insert(memberships).values({ companyId: globex.id, userId: acmeMember.userId, role: 'Company Admin' }));
    await expect(planted).rejects.toSatisfy((error) => pgCodeOf(error) === '42501');
  });

  it("the free-text search function (migrations 0013, 0018) finds nothing of another company for company work, by subject or by reference", async () => {
    const search = async (companyId: string, words = 'globex', reference = '') =>
      rowsOf<{ id: string }>(await database.db.execute(sql`SELECT id FROM orders_matching_subject(${companyId}::uuid, order_search_query(${companyId}::uuid, ${words}), ${reference})`));
    await database.db.execute(sql`INSERT INTO orders (id, company_id, type, status, processing_status, input, subject_label, mvr_external_reference_id) VALUES (${uuidv7()}, ${globex.id}, 'MVR', 'New', 'Queued', '{}', 'Globex subject', 'GX-REF-1')`);
    expect(await search(globex.id)).toHaveLength(1); // the owner, outside any company
    expect(await runAsCompany(globex.id, () => search(globex.id))).toHaveLength(1);
    expect(await runAsCompany(globex.id, () => search(globex.id, 'subj glob'))).toHaveLength(1);
    expect(await runAsCompany(globex.id, () => search(globex.id, 'nothing like it', 'gx-ref-1'))).toHaveLength(1);
    expect(await runAsCompany(acme.id, () => search(globex.id))).toEqual([]);
    expect(await runAsCompany(acme.id, () => search(globex.id, 'nothing like it', 'GX-REF-1'))).toEqual([]);
  });

  it("the subject words (migration 0020): company work reads only its company's, and writes none but through its orders", async () => {
    const label = 'Wordsworth Quill (CA D0000777)';
    const orderOf = (companyId: string) => ({ id: uuidv7(), companyId, type: 'MVR', status: 'New', processingStatus: 'NotStarted', subjectLabel: label, input: {} });
    await database.db.insert(orders).values(orderOf(globex.id));
    await runAsCompany(acme.id, () => database.db.insert(orders).values(orderOf(acme.id)));
    const wordsSeenBy = (companyId: string) => runAsCompany(companyId, async () =>
      rowsOf<{ company_id: string }>(await database.db.execute(sql`SELECT company_id FROM order_subject_words WHERE word = 'wordsworth'`)));
    expect((await wordsSeenBy(acme.id)).map((row) => row.company_id)).toEqual([acme.id]);
    expect((await wordsSeenBy(globex.id)).map((row) => row.company_id)).toEqual([globex.id]);
    const written = runAsCompany(acme.id, () => database.db.execute(sql`INSERT INTO order_subject_words VALUES (${acme.id}, 'planted', now(), ${uuidv7()})`));
    await expect(written).rejects.toSatisfy((error) => pgCodeOf(error) === '42501');
    const removed = runAsCompany(acme.id, () => database.db.execute(sql`DELETE FROM order_subject_words`));
    await expect(removed).rejects.toSatisfy((error) => pgCodeOf(error) === '42501');
  });

  it("the orders' counts (migration 0022): company work reads only its company's, and writes none but through its orders", async () => {
    const orderOf = (companyId: string) => ({ id: uuidv7(), companyId, type: 'VIN_REPORT', status: 'New', processingStatus: 'NotStarted', subjectLabel: 'Counted', input: {} });
    await database.db.insert(orders).values(orderOf(globex.id));
    await runAsCompany(acme.id, () => database.db.insert(orders).values(orderOf(acme.id)));
    const countsSeenBy = (companyId: string) => runAsCompany(companyId, async () =>
      rowsOf<{ company_id: string }>(await database.db.execute(sql`SELECT DISTINCT company_id FROM order_counts WHERE type = 'VIN_REPORT'`)));
    expect((await countsSeenBy(acme.id)).map((row) => row.company_id)).toEqual([acme.id]);
    expect((await countsSeenBy(globex.id)).map((row) => row.company_id)).toEqual([globex.id]);
    for (const statement of [
      sql`INSERT INTO order_counts VALUES (${acme.id}, 'MVR', 'New', NULL, false, 1000)`,
      sql`UPDATE order_counts SET orders = 1000`,
      sql`DELETE FROM order_counts`,
      sql`TRUNCATE order_counts`,
    ]) {
      await expect(runAsCompany(acme.id, () => database.db.execute(statement))).rejects.toSatisfy((error) => pgCodeOf(error) === '42501');
    }
    // Compaction is held to the caller's company: asked for another's, it changes nothing.
    const globexRows = async () => rowsOf<{ rows: string }>(await database.db.execute(sql`SELECT count(*) AS rows FROM order_counts WHERE company_id = ${globex.id}`))[0]!.rows;
    await database.db.insert(orders).values(orderOf(globex.id));
    const before = await globexRows();
    await runAsCompany(acme.id, () => database.db.execute(sql`SELECT compact_order_counts(${globex.id}::uuid)`));
    expect(await globexRows()).toBe(before);
    await runAsCompany(globex.id, () => database.db.execute(sql`SELECT compact_order_counts(${globex.id}::uuid)`));
    const groups = rowsOf<{ groups: string }>(await database.db.execute(sql`SELECT count(DISTINCT (type, status, outcome, is_reviewed)) AS groups FROM orders WHERE company_id = ${globex.id}`))[0]!.groups;
    expect(Number(groups)).toBeLessThan(Number(before));
    expect(await globexRows()).toBe(groups);
  });

  it('runs company work as the tenant role and returns the connection to the owner afterwards', async () => {
    const who = async () => rowsOf<{ role: string; company: string; plans: string }>(await database.db.execute(
      sql`SELECT current_user AS role, current_setting('app.company_id', true) AS company, current_setting('plan_cache_mode') AS plans`));
    const asAcme = await runAsCompany(acme.id, who);
    // Company work keeps one plan per statement for every company (db/client.ts says why).
    expect(asAcme[0]).toEqual({ role: 'clearlane_tenant', company: acme.id, plans: 'force_generic_plan' });
    // The pool holds few connections: unscoped work after scoped work must not inherit the scope.
    for (let i = 0; i < 12; i++) {
      const unscoped = await who();
      expect(unscoped[0]?.role).not.toBe('clearlane_tenant');
      expect(unscoped[0]?.company ?? '').toBe('');
      expect(unscoped[0]?.plans).toBe('auto');
    }
  });

  it('sets a company connection again when it passes to another company, also with both companies at work at once', async () => {
    const seenBy = (companyId: string) => runAsCompany(companyId, async () => rowsOf<{ role: string; company: string; drivers: string[] }>(await database.db.execute(
      sql`SELECT current_user AS role, current_setting('app.company_id', true) AS company, (SELECT array_agg(DISTINCT last_name) FROM persons) AS drivers`))[0]!);
    const companies = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? globex : acme));
    const seen = await Promise.all(companies.map((company) => seenBy(company.id)));
    expect(seen).toEqual(companies.map((company) => ({ role: 'clearlane_tenant', company: company.id, drivers: [company === acme ? 'Acme' : 'Globex'] })));
    const unscoped = rowsOf<{ role: string }>(await database.db.execute(sql`SELECT current_user AS role`));
    expect(unscoped[0]?.role).not.toBe('clearlane_tenant');
  });

  it("the orders list's statement of one shape, named and planned once per connection, answers each company its own orders", async () => {
    const orderOf = (companyId: string, subjectLabel: string, status: string) => ({
      id: uuidv7(), companyId, type: 'MVR', status, processingStatus: 'NotStarted', subjectLabel, input: {},
    });
    const placed = [
      ...['Acme one', 'Acme two', 'Acme three'].map((label) => orderOf(acme.id, label, 'Complete')),
      ...['Globex one', 'Globex two'].map((label) => orderOf(globex.id, label, 'Complete')),
      orderOf(globex.id, 'Globex failed', 'Failed'),
    ];
    await database.db.insert(orders).values(placed);
    const completeOf = (companyId: string) => placed.filter((order) => order.companyId === companyId && order.status === 'Complete').map((order) => order.id).sort();
    // One shape (status filter, newest first), run more than five times per pooled connection for
    // both companies at once: past the point where PostgreSQL may switch the statement to a generic plan.
    const listed = (companyId: string) => runAsCompany(companyId, async () => {
      const page = await listOrders(database.db, { companyId, page: 0, size: 20, sort: [], status: 'Complete' });
      return { ids: page.rows.map((row) => row.id).sort(), total: page.total };
    });
    const companies = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? globex : acme));
    const seen = await Promise.all(companies.map((company) => listed(company.id)));
    expect(seen).toEqual(companies.map((company) => ({ ids: completeOf(company.id), total: completeOf(company.id).length })));
  });

  it('a request is scoped to the company its caller enters, body parsing included', async () => {
    const app = Fastify();
    await app.register(tenantScopePlugin);
    app.post('/probe', async (request) => {
      enterCompany((request.body as { companyId: string }).companyId);
      const [seen] = rowsOf<{ role: string; drivers: number }>(await database.db.execute(
        sql`SELECT current_user AS role, (SELECT count(*)::int FROM persons) AS drivers`));
      return seen;
    });
    app.get('/unscoped', async () => rowsOf<{ drivers: number }>(await database.db.execute(sql`SELECT count(*)::int AS drivers FROM persons`))[0]);
    try {
      const scoped = await app.inject({ method: 'POST', url: '/probe', payload: { companyId: globex.id } });
      expect(scoped.json()).toEqual({ role: 'clearlane_tenant', drivers: 1 });
      const unscoped = await app.inject({ method: 'GET', url: '/unscoped' });
      expect(unscoped.json()).toEqual({ drivers: 2 });
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!postgresUrl)(`the app's requests run under row-level security${postgresUrl ? '' : ' — skipped: set DATABASE_URL to run it'}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(() => t?.close());

  it("a signed-in caller's writes are made as the tenant role for the caller's company", async () => {
    const { acme, users } = await seedTwoCompanies(t.db);
    // The throwaway database records who wrote each driver, over the driver's own reference.
    await t.db.execute(sql.raw(`
      CREATE FUNCTION record_writer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.external_id := current_user || ' ' || current_setting('app.company_id', true); RETURN NEW; END $$;
      CREATE TRIGGER persons_record_writer BEFORE INSERT ON persons FOR EACH ROW EXECUTE FUNCTION record_writer();`));
    const { idToken } = await signInAs(t.app, users.agent.email);
    const created = await post(t.app, '/api/v1/person', { firstName: 'Rae', lastName: 'Scope', dateOfBirth: '1990-02-03', licenceNumber: '12345678', licenceState: 'TX' },
      { headers: bearer(idToken) });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().externalId).toBe(`clearlane_tenant ${acme.id}`);
  });
});

// Tenant foreign keys include company_id (migration 0006). Foreign key checks bypass row-level
// security, so without company_id in the key an order could name another company's driver: the
// database refuses it on both kinds, whoever writes (the owner, or company work as the tenant role).
for (const kind of databaseKinds()) {
  describe(`tenant foreign keys include company_id [${kind}]`, () => {
    let database: TestDatabase;
    let acme: { id: string };
    let globexDriverId: string;
    let globexOrderId: string;
    let globexGroupId: string;

    const orderOf = (companyId: string, refs: { personId?: string; businessId?: string; reportGroupId?: string }) => ({
      id: uuidv7(), companyId, type: 'MVR', status: 'New', processingStatus: 'Queued', input: {}, subjectLabel: 'Pat Cross', ...refs,
    });
    /** Company work on PostgreSQL runs as the tenant role; the embedded database has no roles. */
    const asAcme = <T>(work: () => PromiseLike<T>) => (kind === 'postgres' ? runAsCompany(acme.id, work) : work());

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      acme = await newCompany(database.db, 'acme');
      const globex = await newCompany(database.db, 'globex');
      const globexDriver = driverOf(globex.id, 'Globex');
      globexDriverId = globexDriver.id;
      await database.db.insert(persons).values(globexDriver);
      globexGroupId = uuidv7();
      await database.db.insert(reportGroups).values({ id: globexGroupId, companyId: globex.id, name: 'Globex sheet', source: 'BULK_UPLOAD' });
      const globexOrder = orderOf(globex.id, { personId: globexDriverId, reportGroupId: globexGroupId });
      globexOrderId = globexOrder.id;
      await database.db.insert(orders).values(globexOrder);
    });
    afterAll(() => database?.close());

    it("an order whose person belongs to another company is refused by the database", async () => {
      const asOwner = database.db.insert(orders).values(orderOf(acme.id, { personId: globexDriverId }));
      await expect(asOwner).rejects.toSatisfy((error) => pgCodeOf(error) === '23503'); // foreign_key_violation
      const asCompanyWork = asAcme(() => database.db.insert(orders).values(orderOf(acme.id, { personId: globexDriverId })));
      await expect(asCompanyWork).rejects.toSatisfy((error) => pgCodeOf(error) === '23503');
      const acmeOrders = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.companyId, acme.id));
      expect(acmeOrders).toEqual([]);
    });

    it("neither another company's report group nor another company's order can be named", async () => {
      const inForeignGroup = database.db.insert(orders).values(orderOf(acme.id, { reportGroupId: globexGroupId }));
      await expect(inForeignGroup).rejects.toSatisfy((error) => pgCodeOf(error) === '23503');
      const eventOfForeignOrder = database.db.insert(orderEvents).values({ id: uuidv7(), companyId: acme.id, orderId: globexOrderId, type: 'NOTE', message: 'planted' });
      await expect(eventOfForeignOrder).rejects.toSatisfy((error) => pgCodeOf(error) === '23503');
      const moved = database.db.update(orders).set({ companyId: acme.id }).where(eq(orders.id, globexOrderId));
      await expect(moved).rejects.toSatisfy((error) => pgCodeOf(error) === '23503');
    });

    it("an order's own company's driver and group are accepted, and deleting the group keeps the order's company", async () => {
      const acmeDriver = driverOf(acme.id, 'Acme');
      const groupId = uuidv7();
      await database.db.insert(persons).values(acmeDriver);
      await database.db.insert(reportGroups).values({ id: groupId, companyId: acme.id, name: 'Acme sheet', source: 'BULK_UPLOAD' });
      const order = orderOf(acme.id, { personId: acmeDriver.id, reportGroupId: groupId });
      await asAcme(() => database.db.insert(orders).values(order));
      await database.db.delete(reportGroups).where(eq(reportGroups.id, groupId));
      const [kept] = await database.db.select({ companyId: orders.companyId, reportGroupId: orders.reportGroupId }).from(orders).where(eq(orders.id, order.id));
      expect(kept).toEqual({ companyId: acme.id, reportGroupId: null });
    });
  });
}
