// Free text in the orders list through the table of subject words (migration 0020): every word typed
// begins a word of the subject, in any order; an identifier also by its end; a reference whole. The
// default list (newest first) counts and orders its matches from the words alone, and a list that
// sorts or filters them further reads the same matches whole: both must answer alike. The words
// follow the orders however they are written (one order, a sheet of thousands, a company removed).
import { count, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { beforeAll, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { vinCheckDigit } from '@clearlane/contract';
import { companies, orderSubjectWords, orders } from '../src/db/schema.ts';
import { ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, dispatchSheet, newCompany, newUser, seedTwoCompanies, signInAs } from './helpers.ts';

const PURPOSE = 'WRITTEN_CONSENT';
const VIN_DRAFT = '1FTFW1ET5DF001182';
const VIN = `${VIN_DRAFT.slice(0, 8)}${vinCheckDigit(VIN_DRAFT)}${VIN_DRAFT.slice(9)}`;
const driver = (firstName: string, lastName: string, licenceNumber: string) => ({ firstName, lastName, dateOfBirth: '1980-02-03', licenceNumber, licenceState: 'CA' });

describeEachDatabase('orders search by words', (t) => {
  /** Who calls: the company's host and a user's token. */
  interface Caller { host: string; token: string }
  const acme: Caller = { host: ACME_HOST, token: '' };
  const globex: Caller = { host: GLOBEX_HOST, token: '' };
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const placed = {} as Record<'anaMartin' | 'martinOrtiz' | 'anaOrtiz' | 'vin' | 'theirAnaMartin', { id: string; subjectLabel: string }>;

  const call = (caller: Caller, method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as never, headers: { host: caller.host, ...bearer(caller.token) } });
  const created = async (caller: Caller, url: string, payload: unknown) => {
    const response = await call(caller, 'POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; subjectLabel: string };
  };
  const listed = async (caller: Caller, url: string) => {
    const response = await call(caller, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { content: { id: string }[]; page: { totalElements: number } };
    return { ids: body.content.map((order) => order.id), total: body.page.totalElements };
  };

  /**
   * The orders a search lists, newest first (from the words table), after checking that the list
   * reading the matches whole (oldest first) finds the same count, and the same orders when they
   * fit on a page.
   */
  async function search(filter: string, caller = acme) {
    const query = `filter=${encodeURIComponent(filter)}&size=100`;
    const newest = await listed(caller, `/api/v1/orders?${query}`);
    const oldest = await listed(caller, `/api/v1/orders?${query}&sort=createdAt,asc`);
    expect(oldest.total).toBe(newest.total);
    // As sets: a sheet's orders share their creation time, a tie both orders break by id descending.
    if (newest.total <= 100) expect([...oldest.ids].sort()).toEqual([...newest.ids].sort());
    return newest;
  }
  const ids = async (filter: string, caller = acme) => (await search(filter, caller)).ids;
  const idsOf = (...orders: { id: string }[]) => orders.map((order) => order.id);

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    acme.token = (await signInAs(t.app, seeded.users.admin.email)).idToken;
    globex.token = (await signInAs(t.app, seeded.users.globexAdmin.email, undefined, GLOBEX_HOST)).idToken;
    const ortiz = await created(acme, '/api/v1/person', { ...driver('Ana', 'Ortiz', 'D0054321'), externalId: 'EMP-7' });
    // Placed one after another: newest first is the reverse of this order.
    placed.anaMartin = await created(acme, '/api/v1/orders/create-mvr-order', { driver: driver('Ana', 'Martin', 'D0012345'), permissiblePurpose: PURPOSE, mvrExternalReferenceId: 'Martin' });
    placed.martinOrtiz = await created(acme, '/api/v1/orders/create-mvr-order', { driver: driver('Martin', 'Ortiz', 'D0067890'), permissiblePurpose: PURPOSE, mvrExternalReferenceId: 'HR-1001' });
    placed.anaOrtiz = await created(acme, '/api/v1/orders/create-mvr-order', { personId: ortiz.id, permissiblePurpose: PURPOSE });
    placed.vin = await created(acme, '/api/v1/orders/vehicle/order', { vin: VIN });
    // Another company: the same subject, the same references.
    const theirs = await created(globex, '/api/v1/person', { ...driver('Ana', 'Martin', 'D0012345'), externalId: 'EMP-7' });
    placed.theirAnaMartin = await created(globex, '/api/v1/orders/create-mvr-order', { personId: theirs.id, permissiblePurpose: PURPOSE, mvrExternalReferenceId: 'HR-1001' });
  });

  it('lists the orders whose subject has a word beginning with each word typed, in any order, newest first', async () => {
    expect(placed.anaMartin.subjectLabel).toBe('Ana Martin (CA D0012345)');
    expect(await ids('martin')).toEqual(idsOf(placed.martinOrtiz, placed.anaMartin));
    expect(await ids('ana')).toEqual(idsOf(placed.anaOrtiz, placed.anaMartin));
    expect(await ids('ana mart')).toEqual(idsOf(placed.anaMartin));
    expect(await ids('ORT ana')).toEqual(idsOf(placed.anaOrtiz));
    expect(await ids('ma ma')).toEqual(idsOf(placed.martinOrtiz, placed.anaMartin));
    expect(await ids('ana martin ortiz')).toEqual([]);
    expect(await ids('artin')).toEqual([]);
    // Every word of each MVR's subject: its licence state too; a page of two counts all three.
    expect(await ids('ca')).toEqual(idsOf(placed.anaOrtiz, placed.martinOrtiz, placed.anaMartin));
    const firstPage = await listed(acme, '/api/v1/orders?filter=ca&size=2');
    expect(firstPage).toEqual({ ids: idsOf(placed.anaOrtiz, placed.martinOrtiz), total: 3 });
    expect(await listed(acme, '/api/v1/orders?filter=ca&size=2&page=1')).toEqual({ ids: idsOf(placed.anaMartin), total: 3 });
    expect(await listed(acme, '/api/v1/orders?filter=ca&size=2&page=5')).toEqual({ ids: [], total: 3 });
  });

  it('finds an identifier (licence number, VIN) by its start or by its last four characters or more, never by its middle', async () => {
    expect(await ids('d0012345')).toEqual(idsOf(placed.anaMartin));
    expect(await ids('d001')).toEqual(idsOf(placed.anaMartin));
    expect(await ids('2345')).toEqual(idsOf(placed.anaMartin));
    expect(await ids('martin 2345')).toEqual(idsOf(placed.anaMartin));
    expect(await ids('ortiz 4321')).toEqual(idsOf(placed.anaOrtiz));
    expect(await ids('345')).toEqual([]);
    expect(await ids('0012')).toEqual([]);
    expect(await ids('001182')).toEqual(idsOf(placed.vin));
    expect(await ids('vin 1ftfw')).toEqual(idsOf(placed.vin));
  });

  it("finds an order by its external reference or its driver's external id, whole and in any case, once even when its words match too", async () => {
    expect(await ids('hr-1001')).toEqual(idsOf(placed.martinOrtiz));
    expect(await ids('HR-100')).toEqual([]);
    expect(await ids('emp-7')).toEqual(idsOf(placed.anaOrtiz));
    // "Martin" is Ana Martin's reference and a word of two subjects: each order once, counted once.
    expect(await search('MARTIN')).toEqual({ ids: idsOf(placed.martinOrtiz, placed.anaMartin), total: 2 });
  });

  it("never lists another company's orders, whatever matches them", async () => {
    for (const filter of ['ana martin', 'martin', '2345', 'hr-1001', 'emp-7', 'ca']) {
      expect(await ids(filter)).not.toContain(placed.theirAnaMartin.id);
    }
    for (const filter of ['ana martin', '2345', 'hr-1001', 'emp-7']) {
      expect(await ids(filter, globex)).toEqual(idsOf(placed.theirAnaMartin));
    }
    expect(await ids('ortiz', globex)).toEqual([]);
  });

  it("finds the orders of a bulk sheet (several insert statements) by their words, and counts them", async () => {
    await newCompany(t.db, 'sheetco', 'Sheet Co');
    const admin = await newUser(t.db, { tenant: 'sheetco', role: 'Company Admin' });
    const sheetco: Caller = { host: 'sheetco.localhost:3000', token: '' };
    sheetco.token = (await signInAs(t.app, admin.email, undefined, sheetco.host)).idToken;
    // 2,001 rows: more than one insert statement of a sheet (db/recordset.ts, 2,000 rows each).
    const rows = Array.from({ length: 2_001 }, (_, i) => `First${i + 1},Last${i + 1},1980-01-15,D${String(i + 1).padStart(7, '0')},CA,WRITTEN_CONSENT`);
    const csv = ['First name,Last name,Date of birth,Licence number,Licence state,Permissible purpose', ...rows].join('\n');
    const boundary = '----clearlane-search-words';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="drivers.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const uploaded = await t.app.inject({
      method: 'POST', url: '/api/v1/orders', payload: body, headers: { host: sheetco.host, ...bearer(sheetco.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    // The words come with the sheet's dispatch, after the upload.
    const [company] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.tenantIdentifier, 'sheetco'));
    expect((await search('last2001', sheetco)).total).toBe(0);
    expect(await dispatchSheet(t, company!.id, uploaded.json().reportGroupId)).toBe(2_001);

    const last = await search('last2001', sheetco);
    expect(last.total).toBe(1);
    expect((await search('2001', sheetco)).ids).toEqual(last.ids); // D0002001 by its end
    expect((await search('first1', sheetco)).total).toBe(1_111); // First1, First10-19, First100-199, First1000-1999
    expect((await search('first1 last2', sheetco)).total).toBe(0);
    expect((await search('last20 first200', sheetco)).total).toBe(3); // rows 200, 2000 and 2001
  });

  it("keeps an order's words in step with its creation time, and removes a company's words with the company", async () => {
    const doomed = await newCompany(t.db, 'doomed', 'Doomed Inc.');
    const orderOf = (subjectLabel: string) => ({ id: uuidv7(), companyId: doomed.id, type: 'MVR', status: 'New', processingStatus: 'NotStarted', subjectLabel, input: {} });
    const [older, newer] = [orderOf('Vera Lang (CA D0000001)'), orderOf('Vera Lund (CA D0000002)')];
    await t.db.insert(orders).values([older, newer]);
    const wordsOf = async (companyId: string) => (await t.db.select({ n: count() }).from(orderSubjectWords).where(eq(orderSubjectWords.companyId, companyId)))[0]!.n;
    expect(await wordsOf(doomed.id)).toBe(10); // vera, lang|lund, ca, d000000n, ~n000000d each
    const acmeWords = await wordsOf(seeded.acme.id);

    await t.db.update(orders).set({ createdAt: new Date('2020-01-01T00:00:00Z') }).where(eq(orders.id, newer.id));
    const [moved] = await t.db.select({ createdAt: orderSubjectWords.createdAt }).from(orderSubjectWords).where(eq(orderSubjectWords.orderId, newer.id)).limit(1);
    expect(moved?.createdAt.toISOString()).toBe('2020-01-01T00:00:00.000Z');
    expect(await wordsOf(doomed.id)).toBe(10);

    await t.db.delete(companies).where(eq(companies.id, doomed.id));
    expect(await wordsOf(doomed.id)).toBe(0);
    expect(await wordsOf(seeded.acme.id)).toBe(acmeWords);
  });
}, {}, { queue: true });
