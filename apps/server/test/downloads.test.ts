// Report bundles (issue 10): POST /orders/download/generate-mvr-reports-download, GET
// /orders/download, GET /orders/download/{id} and its file. Happy paths read the built files back
// (the merged PDF's pages and bookmarks, the zip's entries and manifest), then bad input, outsider
// 404, roles, plugin off, expiry and failure. The build job is run directly (DownloadBuilder.build),
// as orders.test.ts runs fulfilment, so no test waits for the queue's worker.
import { beforeAll, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { and, count, eq, sql } from 'drizzle-orm';
import { KNOWN_PLUGINS, MAX_BUNDLE_ORDERS } from '@clearlane/contract';
import { downloadAccesses, downloads, storedFiles } from '../src/db/schema.ts';
import { BUILD_DOWNLOAD_JOB } from '../src/jobs/queue.ts';
import { runAsCompany } from '../src/db/tenant-scope.ts';
import {
  BUILD_FAILED_REASON, BUILD_GIVE_UP_MS, BUILD_LOST_REASON, DownloadBuilder, DownloadExpiry, type BuildAttempt,
} from '../src/modules/downloads/downloads.jobs.ts';
import { DatabaseFileStore } from '../src/storage/database-file-store.ts';
import type { FileStore } from '../src/storage/file-store.ts';
import {
  ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, fulfilOrder, latestMessage, newCompany, newUser,
  seedTwoCompanies, signInAs,
} from './helpers.ts';
import { readPdf, readPdfOutline } from './pdf-reader.ts';
import { readZip } from './zip-reader.ts';

type Role = 'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin' | 'unplugged';
const UNPLUGGED_HOST = 'nodl.localhost:3000';
const GENERATE = '/api/v1/orders/download/generate-mvr-reports-download';
const UNKNOWN_ID = '0190c3a4-0000-7000-8000-000000000000';
const ONLY_ATTEMPT: BuildAttempt = { number: 1, isLast: true };

let nextLicence = 300_000;
/** A typed-in California driver whose licence ends in the sandbox scenario's digit (0 Pass, 2 Fail, 6 NoResults). */
const driver = (digit: number, lastName: string) => ({
  firstName: 'Dana', lastName, dateOfBirth: '1988-04-12', licenceNumber: `D${String(nextLicence++).padStart(6, '0')}${digit}`, licenceState: 'CA',
});

describeEachDatabase('report bundles (downloads)', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens = {} as Record<Role, string>;
  const hostOf = (role: Role) => (role === 'globexAdmin' ? GLOBEX_HOST : role === 'unplugged' ? UNPLUGGED_HOST : ACME_HOST);
  let store: DatabaseFileStore;
  /** Acme's complete MVR orders (Pass, Fail, NoResults), a complete VIN order, an MVR still New; Globex's complete MVR. */
  const ids = {} as { mvrs: string[]; vin: string; pending: string; globexMvr: string };

  const send = (method: InjectOptions['method'], url: string, role: Role, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: { host: hostOf(role), ...bearer(tokens[role]) } });
  const read = (url: string, role: Role = 'agent') => send('GET', url, role);
  const generate = (body: unknown, role: Role = 'agent') => send('POST', GENERATE, role, body);

  const placeMvr = async (digit: number, lastName: string, role: Role = 'agent') => {
    const response = await send('POST', '/api/v1/orders/create-mvr-order?isAutoAdjudicated=true', role, { driver: driver(digit, lastName), permissiblePurpose: 'WRITTEN_CONSENT' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const accepted = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(202);
    return response.json();
  };
  const build = (downloadId: string, attempt = ONLY_ATTEMPT, fileStore: FileStore = store) =>
    new DownloadBuilder(t.db, fileStore, t.messenger, t.config).build({ downloadId, companyId: seeded.acme.id }, attempt);
  const rowOf = async (id: string) => (await t.db.select().from(downloads).where(eq(downloads.id, id)))[0]!;
  const countDownloads = async (companyId?: string) =>
    Number((await t.db.select({ n: count() }).from(downloads).where(companyId ? eq(downloads.companyId, companyId) : undefined))[0]!.n);
  const fileBytes = async (url: string, role: Role = 'agent') => {
    const response = await read(url, role);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  /** A refused request names the fields and writes no download. */
  const refused = async (request: () => Promise<LightMyRequestResponse>, status: number, paths: string[], code?: string) => {
    const before = await countDownloads();
    const problem = expectProblem(await request(), status, code);
    if (paths.length > 0) expect(errorPaths(problem)).toEqual(expect.arrayContaining(paths));
    expect(await countDownloads()).toBe(before);
    return problem;
  };

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    const unplugged = await newCompany(t.db, 'nodl', 'No Downloads Co', { plugins: KNOWN_PLUGINS.filter((plugin) => plugin !== 'downloads') });
    const users = { ...seeded.users, unplugged: await newUser(t.db, { tenant: 'nodl', role: 'Company Admin' }) };
    for (const key of Object.keys(users) as Role[]) tokens[key] = (await signInAs(t.app, users[key].email, undefined, hostOf(key))).idToken;
    store = new DatabaseFileStore(t.db);

    ids.mvrs = [await placeMvr(0, 'Alvarez'), await placeMvr(2, 'Brooks'), await placeMvr(6, 'Chen')];
    for (const id of ids.mvrs) await fulfilOrder(t.db, { id, companyId: seeded.acme.id });
    const vin = await send('POST', '/api/v1/orders/vehicle/order', 'agent', { vin: '1HGCM82633A004352' });
    expect(vin.statusCode, vin.body).toBe(201);
    ids.vin = vin.json().id;
    await fulfilOrder(t.db, { id: ids.vin, companyId: seeded.acme.id });
    ids.pending = await placeMvr(0, 'Pending');
    ids.globexMvr = await placeMvr(0, 'Globex', 'globexAdmin');
    await fulfilOrder(t.db, { id: ids.globexMvr, companyId: seeded.globex.id });
    void unplugged;
  });

  // --- happy paths ---

  it('builds a merged PDF: 202 Processing with its job, then Complete; the file has a contents page and a bookmark per order, and each download is recorded', async () => {
    const created = accepted(await generate({ mvrOrders: ids.mvrs, mergeIntoSingleReport: true, textOnly: false }));
    expect(created).toMatchObject({
      status: 'Processing', progress: { done: 0, total: 3 }, url: null, size: null, contentType: 'application/pdf', orderCount: 3,
      mergeIntoSingleReport: true, textOnly: false, mvrOrders: ids.mvrs, accesses: [], downloadCount: 0, failureReason: null,
      requestedBy: { id: seeded.users.agent.userId, name: 'Aggie Agent' },
    });
    expect(created.fileName).toMatch(/^mvr-reports-\d{4}-\d{2}-\d{2}-3-orders\.pdf$/);
    expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(7 * 86_400_000);
    // The job was written with the download (durable): pg-boss's own table holds it.
    const jobs = await t.db.execute(sql`select data from pgboss.job where name = ${BUILD_DOWNLOAD_JOB} and data->>'downloadId' = ${created.id}`);
    expect((jobs as unknown as { rows: unknown[] }).rows).toEqual([{ data: { downloadId: created.id, companyId: seeded.acme.id } }]);
    expectProblem(await read(`/api/v1/orders/download/${created.id}/file`), 409, 'DownloadNotReady');

    await build(created.id);
    const done = (await read(`/api/v1/orders/download/${created.id}`)).json();
    expect(done).toMatchObject({ status: 'Complete', progress: { done: 3, total: 3 }, url: `/api/v1/orders/download/${created.id}/file` });
    expect(done.size).toBeGreaterThan(1000);

    const file = await fileBytes(done.url);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${created.fileName}"`);
    expect(Number(file.headers['content-length'])).toBe(done.size);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.length).toBe(done.size);
    const pdf = readPdf(file.rawPayload);
    expect(pdf.pages).toBeGreaterThanOrEqual(4); // the contents page, then at least a page per report
    expect(pdf.text).toContain('Alvarez');
    expect(pdf.text).toContain('Chen');
    expect(readPdfOutline(file.rawPayload).map((entry) => entry.title)).toEqual([
      expect.stringContaining('Alvarez'), expect.stringContaining('Brooks'), expect.stringContaining('Chen'),
    ]);

    await fileBytes(done.url, 'manager');
    const after = (await read(`/api/v1/orders/download/${created.id}`)).json();
    expect(after.downloadCount).toBe(2);
    expect(after.accesses.map((access: { userId: string }) => access.userId)).toEqual([seeded.users.manager.userId, seeded.users.agent.userId]);
    expect(after.accesses[0].userName).toBe('Max Manager');

    // The requester is told, with a link to the company's /downloads page.
    const mail = await latestMessage(t.messenger, seeded.users.agent.email);
    expect(mail.subject).toContain('is ready');
    expect(mail.body).toContain('http://acme.localhost:3000/downloads');
    expect(mail.body).toContain(created.fileName);
  });

  it('builds a zip of every complete MVR matching the /orders filters, one PDF per order and a manifest with their SHA-256', async () => {
    const created = accepted(await generate({ orderFilter: {}, mergeIntoSingleReport: false, textOnly: false }, 'manager'));
    expect(created).toMatchObject({ contentType: 'application/zip', orderCount: 3 });
    // Newest first, as the /orders list shows them; the VIN order and the pending MVR are not complete MVRs.
    expect(created.mvrOrders).toEqual([...ids.mvrs].reverse());
    expect(created.fileName).toMatch(/-3-orders\.zip$/);
    await build(created.id);
    const file = await fileBytes(`/api/v1/orders/download/${created.id}/file`, 'manager');
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = readZip(file.rawPayload);
    const names = zip.entries.map((entry) => entry.name);
    expect(names).toHaveLength(4);
    expect(names.at(-1)).toBe('manifest.csv');
    expect(names.slice(0, 3).every((name) => name.endsWith('.pdf'))).toBe(true);
    for (const entry of zip.entries.slice(0, 3)) expect(readPdf(entry.data).pages).toBeGreaterThanOrEqual(1);
    const manifest = zip.entries.at(-1)!.data.toString('utf8');
    for (const id of ids.mvrs) expect(manifest).toContain(id);
  });

  it('builds the condensed texts merged into one text file, from a filter by driver (their MVRs)', async () => {
    const alvarez = (await read(`/api/v1/orders/${ids.mvrs[0]}`)).json();
    expect(alvarez.personId ?? null).toBeNull(); // typed in: filter by free text instead
    const created = accepted(await generate({ orderFilter: { filter: 'alvarez' }, mergeIntoSingleReport: true, textOnly: true }, 'viewer'));
    expect(created).toMatchObject({ orderCount: 1, mvrOrders: [ids.mvrs[0]], contentType: 'text/plain; charset=utf-8' });
    await build(created.id);
    const file = await fileBytes(`/api/v1/orders/download/${created.id}/file`, 'viewer');
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.body).toContain('Alvarez');
    expect(file.body).not.toContain('Brooks');
  });

  it('bundles each named order once, in the order first named', async () => {
    const created = accepted(await generate({ mvrOrders: [ids.mvrs[1], ids.mvrs[0], ids.mvrs[1]], mergeIntoSingleReport: true, textOnly: true }));
    expect(created).toMatchObject({ orderCount: 2, mvrOrders: [ids.mvrs[1], ids.mvrs[0]], progress: { done: 0, total: 2 } });
  });

  // --- bad input ---

  it('refuses a body without orders, with both, or with neither; ids that are not uuids; more than 5,000', async () => {
    await refused(() => generate({ mergeIntoSingleReport: true, textOnly: false }), 400, ['body.mvrOrders']);
    await refused(() => generate({ mvrOrders: ids.mvrs, orderFilter: {}, mergeIntoSingleReport: true, textOnly: false }), 400, ['body.mvrOrders']);
    await refused(() => generate({ mvrOrders: [], mergeIntoSingleReport: true, textOnly: false }), 400, ['body.mvrOrders']);
    await refused(() => generate({ mvrOrders: [ids.mvrs[0], 'not-a-uuid'], mergeIntoSingleReport: true, textOnly: false }), 400, ['body.mvrOrders.1']);
    await refused(() => generate({ mvrOrders: ids.mvrs }), 400, ['body.mergeIntoSingleReport', 'body.textOnly']);
    const tooMany = Array.from({ length: MAX_BUNDLE_ORDERS + 1 }, (_, i) => `0190c3a4-0000-7000-8000-${String(i).padStart(12, '0')}`);
    await refused(() => generate({ mvrOrders: tooMany, mergeIntoSingleReport: false, textOnly: false }), 400, ['body.mvrOrders']);
    // A type that is not an MVR is a filter like any other: it matches no complete MVR.
    const vinOnly = await refused(() => generate({ orderFilter: { type: 'VIN_REPORT' }, mergeIntoSingleReport: false, textOnly: false }), 400, ['body.orderFilter']);
    expect(vinOnly.errors).toEqual([{ path: 'body.orderFilter', message: 'matches no complete MVR order of your company' }]);
    await refused(() => generate({ orderFilter: { type: 'NOT_A_TYPE' }, mergeIntoSingleReport: false, textOnly: false }), 400, ['body.orderFilter.type']);
    await refused(() => generate({ orderFilter: { status: 'Complete' }, mergeIntoSingleReport: false, textOnly: false }), 400, ['body.orderFilter']);
    await refused(() => generate({ orderFilter: { from: '2026-02-01', to: '2026-01-01' }, mergeIntoSingleReport: false, textOnly: false }), 400, ['body.orderFilter.to']);
  });

  it('refuses orders that are not complete MVRs of my company, naming each id; another company\'s reads as a missing one', async () => {
    const problem = await refused(() => generate({
      mvrOrders: [ids.mvrs[0], ids.vin, ids.pending, ids.globexMvr, UNKNOWN_ID], mergeIntoSingleReport: true, textOnly: false,
    }), 400, ['body.mvrOrders.1', 'body.mvrOrders.2', 'body.mvrOrders.3', 'body.mvrOrders.4'], 'ValidationError');
    const messages = Object.fromEntries((problem.errors ?? []).map((error) => [error.path, error.message]));
    expect(messages['body.mvrOrders.1']).toBe(`is a VIN_REPORT order, not an MVR (${ids.vin})`);
    expect(messages['body.mvrOrders.2']).toMatch(/^is not complete: it is (New|Ordered)/);
    expect(messages['body.mvrOrders.3']).toBe(`is not an order of your company (${ids.globexMvr})`);
    expect(messages['body.mvrOrders.4']).toBe(`is not an order of your company (${UNKNOWN_ID})`);
    expect(problem.detail).toContain('4 of the 5 orders');
    // A filter that matches no complete MVR of the company.
    await refused(() => generate({ orderFilter: { filter: 'nobody by this name' }, mergeIntoSingleReport: true, textOnly: false }), 400, ['body.orderFilter']);
  });

  it('takes up to 5,000 orders: named, or matching a filter (free text included); a filter matching more is refused', async () => {
    const big = await newCompany(t.db, 'bigfleet', 'Big Fleet Co');
    const user = await newUser(t.db, { tenant: 'bigfleet', role: 'Manager' });
    const host = 'bigfleet.localhost:3000';
    const token = (await signInAs(t.app, user.email, undefined, host)).idToken;
    const ask = (body: unknown) => t.app.inject({ method: 'POST', url: GENERATE, payload: body as InjectOptions['payload'], headers: { host, ...bearer(token) } });
    await t.db.execute(sql`
      insert into orders (id, company_id, type, status, processing_status, input, subject_label, created_at, completed_at)
      select gen_random_uuid(), ${big.id}::uuid, 'MVR', 'Complete', 'Complete', '{}'::jsonb, 'Fleet ' || i, now() - i * interval '1 second', now()
      from generate_series(1, ${MAX_BUNDLE_ORDERS + 1}) as i`);

    const problem = await refused(() => ask({ orderFilter: {}, mergeIntoSingleReport: false, textOnly: false }), 400, ['body.orderFilter']);
    expect(problem.errors![0]!.message).toContain('more than 5,000');
    // "Fleet 1", "Fleet 10"…"Fleet 19", "Fleet 100"…, "Fleet 1000"…"Fleet 1999": 1,111 orders, newest ("Fleet 1") first.
    const matching = accepted(await ask({ orderFilter: { filter: 'fleet 1' }, mergeIntoSingleReport: false, textOnly: false }));
    expect(matching.orderCount).toBe(1111);
    const ids = (await t.db.execute(sql`select id from orders where company_id = ${big.id}::uuid order by created_at desc limit ${MAX_BUNDLE_ORDERS}`) as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    expect(matching.mvrOrders[0]).toBe(ids[0]);
    const named = accepted(await ask({ mvrOrders: ids, mergeIntoSingleReport: true, textOnly: false }));
    expect(named).toMatchObject({ orderCount: MAX_BUNDLE_ORDERS, progress: { done: 0, total: MAX_BUNDLE_ORDERS } });
    expect(named.fileName).toMatch(/-5000-orders\.pdf$/);
  });

  it('reads the filter\'s type as the /orders list does: one type or several, the bundle holding the complete MVRs the list shows', async () => {
    const typed = await newCompany(t.db, 'typedfleet', 'Typed Fleet Co');
    const user = await newUser(t.db, { tenant: 'typedfleet', role: 'Manager' });
    const host = 'typedfleet.localhost:3000';
    const token = (await signInAs(t.app, user.email, undefined, host)).idToken;
    const ask = (method: InjectOptions['method'], url: string, body?: unknown) =>
      t.app.inject({ method, url, payload: body as InjectOptions['payload'], headers: { host, ...bearer(token) } });
    // Two complete MVRs, one complete MVR with adjudication, a complete VIN report and an MVR still New.
    const rows = await t.db.execute(sql`
      insert into orders (id, company_id, type, status, processing_status, input, subject_label, created_at, completed_at)
      select gen_random_uuid(), ${typed.id}::uuid, kind.type, kind.status, kind.status, '{}'::jsonb, 'Typed ' || kind.n, now() - kind.n * interval '1 second', now()
      from (values (1, 'MVR', 'Complete'), (2, 'MVR_WITH_ADJUDICATION', 'Complete'), (3, 'MVR', 'Complete'), (4, 'VIN_REPORT', 'Complete'), (5, 'MVR', 'New')) as kind(n, type, status)
      returning id, type, status, subject_label`);
    // Newest first is "Typed 1" first.
    const made = (rows as unknown as { rows: { id: string; type: string; status: string; subject_label: string }[] }).rows.sort((a, b) => a.subject_label.localeCompare(b.subject_label));
    const newestFirst = (type: string) => made.filter((row) => row.type === type && row.status === 'Complete').map((row) => row.id);
    const bundled = async (orderFilter: Record<string, unknown>) => {
      const response = await ask('POST', GENERATE, { orderFilter, mergeIntoSingleReport: true, textOnly: false });
      expect(response.statusCode, response.body).toBe(202);
      return response.json().mvrOrders as string[];
    };
    const listed = async (query: string) => (await ask('GET', `/api/v1/orders?status=Complete&size=100&${query}`)).json().content.map((order: { id: string }) => order.id) as string[];

    expect(await bundled({ type: 'MVR' })).toEqual(newestFirst('MVR'));
    expect(await bundled({ type: 'MVR' })).toEqual(await listed('type=MVR'));
    expect(await bundled({ type: 'MVR_WITH_ADJUDICATION' })).toEqual(newestFirst('MVR_WITH_ADJUDICATION'));
    // Several types, as the list takes them (type repeated); the VIN report is not an MVR and stays out.
    expect(await listed('type=MVR&type=VIN_REPORT')).toHaveLength(3);
    expect(await bundled({ type: ['MVR', 'VIN_REPORT'] })).toEqual(newestFirst('MVR'));
    expect((await bundled({})).sort()).toEqual([...newestFirst('MVR'), ...newestFirst('MVR_WITH_ADJUDICATION')].sort());
    // With the other filters: a type and a subject.
    expect(await bundled({ type: 'MVR', filter: 'typed 3' })).toEqual([made[2]!.id]);
  });

  // --- outsiders, roles, plugin ---

  it("another company's download is not found: detail, file, and not in its list", async () => {
    const created = accepted(await generate({ mvrOrders: [ids.mvrs[0]], mergeIntoSingleReport: true, textOnly: false }));
    await build(created.id);
    expectProblem(await read(`/api/v1/orders/download/${created.id}`, 'globexAdmin'), 404, 'NotFound');
    expectProblem(await read(`/api/v1/orders/download/${created.id}/file`, 'globexAdmin'), 404, 'NotFound');
    expectProblem(await read(`/api/v1/orders/download/${UNKNOWN_ID}`), 404, 'NotFound');
    const list = (await read('/api/v1/orders/download', 'globexAdmin')).json();
    expect(list.content).toEqual([]);
    expect(await t.db.select().from(downloadAccesses).where(eq(downloadAccesses.downloadId, created.id))).toEqual([]);
  });

  it('the requester sees their own downloads; Managers and admins everyone\'s; someone else\'s is not found for an Agent', async () => {
    const managers = accepted(await generate({ mvrOrders: [ids.mvrs[2]], mergeIntoSingleReport: false, textOnly: true }, 'manager'));
    const agentList = (await read('/api/v1/orders/download?size=100', 'agent')).json();
    expect(agentList.content.length).toBeGreaterThan(0);
    expect(agentList.content.every((download: { requestedBy: { id: string } }) => download.requestedBy.id === seeded.users.agent.userId)).toBe(true);
    expect(agentList.content[0]).not.toHaveProperty('mvrOrders');
    expectProblem(await read(`/api/v1/orders/download/${managers.id}`, 'agent'), 404, 'NotFound');
    expectProblem(await read(`/api/v1/orders/download/${managers.id}/file`, 'viewer'), 404, 'NotFound');

    for (const role of ['manager', 'admin'] as const) {
      const list = (await read('/api/v1/orders/download?size=100', role)).json();
      const requesters = new Set(list.content.map((download: { requestedBy: { id: string } }) => download.requestedBy.id));
      expect(requesters).toEqual(new Set([seeded.users.agent.userId, seeded.users.manager.userId, seeded.users.viewer.userId]));
      expect(list.page.totalElements).toBe(await countDownloads(seeded.acme.id));
    }
    expect((await read(`/api/v1/orders/download/${managers.id}`, 'admin')).statusCode).toBe(200);

    const bySize = (await read('/api/v1/orders/download?sort=size,desc&size=100', 'manager')).json();
    const sizes = bySize.content.map((download: { size: number | null }) => download.size).filter((size: number | null) => size !== null);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expectProblem(await read('/api/v1/orders/download?sort=fileKey,asc', 'manager'), 400, 'ValidationError');
  });

  it('a company without the downloads plugin is refused 403 on every route, before its input is looked at', async () => {
    for (const [method, url, body] of [
      ['POST', GENERATE, { mvrOrders: [UNKNOWN_ID], mergeIntoSingleReport: true, textOnly: false }],
      ['POST', GENERATE, { nonsense: true }],
      ['GET', '/api/v1/orders/download', undefined],
      ['GET', `/api/v1/orders/download/${UNKNOWN_ID}`, undefined],
      ['GET', `/api/v1/orders/download/${UNKNOWN_ID}/file`, undefined],
    ] as const) {
      const problem = expectProblem(await send(method, url, 'unplugged', body), 403, 'PluginNotEnabled') as { plugin?: string };
      expect(problem.plugin).toBe('downloads');
    }
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/orders/download', headers: { host: ACME_HOST } }), 401);
  });

  it('/orders/download does not collide with /orders/{id}; both are in the OpenAPI document', async () => {
    expect((await read('/api/v1/orders/download')).statusCode).toBe(200);
    expect((await read(`/api/v1/orders/${ids.mvrs[0]}`)).json().id).toBe(ids.mvrs[0]);
    const openapi = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/api/v1/orders/download', '/api/v1/orders/download/{id}', '/api/v1/orders/download/{id}/file', '/api/v1/orders/{id}']) {
      expect(openapi.paths[path], path).toBeDefined();
    }
    expect(openapi.paths['/api/v1/orders/download/generate-mvr-reports-download'].post['x-plugins']).toEqual(['downloads']);
  });

  it.skipIf(t.kind !== 'postgres')('row-level security holds downloads, their accesses and stored files to their company', async () => {
    const asGlobex = await runAsCompany(seeded.globex.id, async () => ({
      downloads: await t.db.select({ id: downloads.id }).from(downloads),
      accesses: await t.db.select({ id: downloadAccesses.id }).from(downloadAccesses),
      files: await t.db.select({ key: storedFiles.key }).from(storedFiles),
    }));
    expect(asGlobex).toEqual({ downloads: [], accesses: [], files: [] });
    const acmeFiles = await runAsCompany(seeded.acme.id, () => t.db.select({ companyId: storedFiles.companyId }).from(storedFiles));
    expect(acmeFiles.length).toBeGreaterThan(0);
    expect(acmeFiles.every((file) => file.companyId === seeded.acme.id)).toBe(true);
  });

  // --- expiry, failure, retries ---

  it('a bundle past its day reads Expired (410 for its file); the expiry job removes the file, and fails builds whose job was lost', async () => {
    const created = accepted(await generate({ mvrOrders: [ids.mvrs[0]], mergeIntoSingleReport: true, textOnly: true }));
    await build(created.id);
    const { fileKey } = await rowOf(created.id);
    expect(await store.get(fileKey!)).not.toBeNull();
    await t.db.update(downloads).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(downloads.id, created.id));
    expect((await read(`/api/v1/orders/download/${created.id}`)).json()).toMatchObject({ status: 'Expired', url: null });
    expectProblem(await read(`/api/v1/orders/download/${created.id}/file`), 410, 'DownloadExpired');

    const lost = accepted(await generate({ mvrOrders: [ids.mvrs[1]], mergeIntoSingleReport: true, textOnly: true }));
    await t.db.update(downloads).set({ createdAt: new Date(Date.now() - BUILD_GIVE_UP_MS - 60_000) }).where(eq(downloads.id, lost.id));

    const run = await new DownloadExpiry(t.db, store).run();
    expect(run.filesRemoved).toBeGreaterThanOrEqual(1);
    expect(await rowOf(created.id)).toMatchObject({ status: 'Expired', fileKey: null });
    expect(await store.get(fileKey!)).toBeNull();
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.key, fileKey!))).toEqual([]);
    expect(await rowOf(lost.id)).toMatchObject({ status: 'Failed', failureReason: BUILD_LOST_REASON });
    // Nothing left to do: a second run changes nothing.
    expect(await new DownloadExpiry(t.db, store).run()).toEqual({ filesRemoved: 0 });
  });

  it('a failed build is retried; after the last attempt the download is Failed with a reason to act on, and no file is left', async () => {
    const created = accepted(await generate({ mvrOrders: ids.mvrs, mergeIntoSingleReport: false, textOnly: false }));
    const failingStore: FileStore = {
      put: async (key, body) => {
        for await (const _chunk of body) throw new Error('disk full');
        return { size: 0 };
      },
      get: (key) => store.get(key),
      delete: (key) => store.delete(key),
    };
    await expect(build(created.id, { number: 1, isLast: false }, failingStore)).rejects.toThrow('disk full');
    expect(await rowOf(created.id)).toMatchObject({ status: 'Processing', failureReason: null });
    await build(created.id, { number: 4, isLast: true }, failingStore);
    const failed = (await read(`/api/v1/orders/download/${created.id}`)).json();
    expect(failed).toMatchObject({ status: 'Failed', failureReason: BUILD_FAILED_REASON, url: null });
    expectProblem(await read(`/api/v1/orders/download/${created.id}/file`), 409, 'DownloadFailed');
    // A job that runs again once the download is finished does nothing.
    await build(created.id);
    expect((await rowOf(created.id)).status).toBe('Failed');
  });

  it('a retried build removes what the crashed attempt left and writes under a new key', async () => {
    const created = accepted(await generate({ mvrOrders: ids.mvrs, mergeIntoSingleReport: true, textOnly: false }));
    // A crashed attempt: its key on the row, half a file in the store (written as the company, as the job writes).
    const crashedKey = `downloads/${seeded.acme.id}/${created.id}/crashed.pdf`;
    await runAsCompany(seeded.acme.id, () => t.db.insert(storedFiles).values({ key: crashedKey, contentType: 'application/pdf' }));
    await t.db.update(downloads).set({ fileKey: crashedKey, progressDone: 2 }).where(eq(downloads.id, created.id));
    await build(created.id, { number: 2, isLast: false });
    const row = await rowOf(created.id);
    expect(row.status).toBe('Complete');
    expect(row.fileKey).not.toBe(crashedKey);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.key, crashedKey))).toEqual([]);
    const files = await t.db.select({ n: count() }).from(storedFiles).where(and(eq(storedFiles.key, row.fileKey!)));
    expect(Number(files[0]!.n)).toBe(1);
  });
}, {}, { queue: true });
