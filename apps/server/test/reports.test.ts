// /api/v1/reports: completed orders seen as reports (the id is the order's), filtered by report type
// and sorted; one report with its content; a report group with its orders and progress.
import { beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { eq } from 'drizzle-orm';
import { orders, reportGroups } from '../src/db/schema.ts';
import { ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, fulfilOrder, get, newCompany, newUser, seedTwoCompanies, signInAs } from './helpers.ts';
import { vinCheckDigit } from '@clearlane/contract';

type Role = 'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin';

const vinEnding = (digit: number) => {
  const draft = `1XKYD49X0FJ00000${digit}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
};
let nextLicence = 300_000;
const mvrBody = (digit: number, lastName = 'Reyes') => ({
  driver: { firstName: 'Dana', lastName, dateOfBirth: '1988-04-12', licenceNumber: `D${String(nextLicence++).padStart(6, '0')}${digit}`, licenceState: 'CA' },
  permissiblePurpose: 'WRITTEN_CONSENT',
});

describeEachDatabase('reports', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens = {} as Record<Role, string>;
  // Reports of a company of their own, so that lists are exactly what a test made.
  let company: { id: string };
  let token: string;
  const host = 'reportco.localhost:3000';
  const made = {} as Record<'mvr' | 'vin' | 'irr' | 'bra' | 'failed' | 'pending', { id: string; subjectLabel: string }>;

  const as = (url: string, bearerToken = token, onHost = host) => get(t.app, url, bearerToken, onHost);
  const place = async (url: string, payload: unknown) => {
    const response = await t.app.inject({ method: 'POST', url, payload: payload as never, headers: { host, ...bearer(token) } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    for (const key of Object.keys(seeded.users) as Role[]) {
      tokens[key] = (await signInAs(t.app, seeded.users[key].email, undefined, key === 'globexAdmin' ? GLOBEX_HOST : undefined)).idToken;
    }
    company = await newCompany(t.db, 'reportco', 'Report Co');
    const admin = await newUser(t.db, { tenant: 'reportco', role: 'Company Admin' });
    token = (await signInAs(t.app, admin.email, undefined, host)).idToken;

    made.mvr = await place('/api/v1/orders/create-mvr-order?isAutoAdjudicated=true', mvrBody(2, 'Abbott'));
    made.vin = await place('/api/v1/orders/vehicle/order', { vin: vinEnding(1) });
    made.irr = await place('/api/v1/orders/irr/order', { person: { firstName: 'Lee', lastName: 'Park', dateOfBirth: '1979-01-12', state: 'WA' } });
    const business = (await t.app.inject({ method: 'POST', url: '/api/v1/businesses', payload: { name: 'Zenith Freight', ein: '12-3456783', state: 'TX' }, headers: { host, ...bearer(token) } })).json();
    made.bra = await place('/api/v1/orders/bra/order', { businessId: business.id });
    made.failed = await place('/api/v1/orders/create-mvr-order', mvrBody(8));
    made.pending = await place('/api/v1/orders/create-mvr-order', mvrBody(0));
    for (const key of ['mvr', 'vin', 'irr', 'bra', 'failed'] as const) await fulfilOrder(t.db, { id: made[key].id, companyId: company.id });
  });

  const ids = async (query = '') => {
    const response = await as(`/api/v1/reports${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().content as { id: string }[]).map((report) => report.id);
  };

  it('GET /reports lists only completed orders, newest completion first, each as a report', async () => {
    const response = await as('/api/v1/reports');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.page).toEqual({ number: 0, size: 20, totalElements: 4, totalPages: 1 });
    expect(page.content.map((r: { id: string }) => r.id)).toEqual([made.bra.id, made.irr.id, made.vin.id, made.mvr.id]);
    expect(page.content.at(-1)).toEqual({
      id: made.mvr.id, reportType: 'MotorVehicleRecord', orderType: 'MVR_WITH_ADJUDICATION', subjectLabel: made.mvr.subjectLabel,
      personId: null, businessId: null, reportGroupId: null, outcome: 'Fail', resultSummary: null, isReviewed: false, orderedAt: expect.any(String), completedAt: expect.any(String),
    });
    expect(await ids()).not.toContain(made.failed.id);
    expect(await ids()).not.toContain(made.pending.id);
  });

  it('GET /reports filters by report type, sorts and pages', async () => {
    expect(await ids('?type=VehicleReport')).toEqual([made.vin.id]);
    expect(await ids('?type=MotorVehicleRecord')).toEqual([made.mvr.id]);
    expect(await ids('?type=PersonRiskAssessment')).toEqual([made.irr.id]);
    expect(await ids('?type=BusinessRiskAssessment')).toEqual([made.bra.id]);
    expect(await ids('?type=DriverActivityReport')).toEqual([]);
    expect(await ids('?sort=orderedAt,asc')).toEqual([made.mvr.id, made.vin.id, made.irr.id, made.bra.id]);
    expect(await ids('?sort=subjectLabel')).toEqual([made.mvr.id, made.irr.id, made.vin.id, made.bra.id]);
    expect(await ids('?sort=reportType,asc&sort=orderedAt,asc')).toEqual([made.bra.id, made.mvr.id, made.irr.id, made.vin.id]);
    const second = (await as('/api/v1/reports?size=3&page=1&sort=orderedAt,asc')).json();
    expect(second.content.map((r: { id: string }) => r.id)).toEqual([made.bra.id]);
    expect(second.page).toEqual({ number: 1, size: 3, totalElements: 4, totalPages: 2 });
  });

  it('GET /reports refuses a bad sort, type or page naming the query field', async () => {
    const sort = expectProblem(await as('/api/v1/reports?sort=price'), 400, 'ValidationError');
    expect(errorPaths(sort)).toEqual(['query.sort']);
    expect(sort.errors?.[0]?.message).toContain('completedAt');
    expect(errorPaths(expectProblem(await as('/api/v1/reports?type=Horoscope'), 400))).toEqual(['query.type']);
    expect(errorPaths(expectProblem(await as('/api/v1/reports?size=0'), 400))).toEqual(['query.size']);
  });

  it('GET /reports shows each company its own reports only, to every role; without a token 401', async () => {
    const acmeOrder = (await t.app.inject({ method: 'POST', url: '/api/v1/orders/vehicle/order', payload: { vin: vinEnding(0) }, headers: { host: ACME_HOST, ...bearer(tokens.agent) } })).json();
    await fulfilOrder(t.db, { id: acmeOrder.id, companyId: seeded.acme.id });
    for (const role of ['viewer', 'agent', 'manager', 'admin'] as const) {
      const response = await as('/api/v1/reports', tokens[role], ACME_HOST);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().content.map((r: { id: string }) => r.id)).toEqual([acmeOrder.id]);
    }
    expect((await as('/api/v1/reports', tokens.globexAdmin, GLOBEX_HOST)).json().page.totalElements).toBe(0);
    expect(await ids()).not.toContain(acmeOrder.id);
    expectProblem(await get(t.app, '/api/v1/reports'), 401);
  });

  it('GET /reports/{id} answers a report with the provider\'s content', async () => {
    const response = await as(`/api/v1/reports/${made.vin.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: made.vin.id, reportType: 'VehicleReport', orderType: 'VIN_REPORT', outcome: null,
      content: { result: 'RECORDS_FOUND', vin: vinEnding(1), accidents: [expect.objectContaining({ severity: 'MODERATE' })], vehicle: { make: 'Kenworth' } },
    });
    const mvr = (await as(`/api/v1/reports/${made.mvr.id}`)).json();
    expect(mvr).toMatchObject({ reportType: 'MotorVehicleRecord', outcome: 'Fail', content: { result: 'RECORD_FOUND', licence: { state: 'CA' } } });
    expect(mvr.content.violations).toHaveLength(3);
    // Only what the contract declares leaves the server: no row internals.
    expect(JSON.stringify(mvr)).not.toMatch(/companyId|orderedBy|"input"/);
  });

  it('GET /reports/{id} of an order without a report, of another company or unknown is 404; a malformed id 400', async () => {
    const notFound = expectProblem(await as('/api/v1/reports/01890000-0000-7000-8000-000000000000'), 404, 'NotFound');
    for (const id of [made.pending.id, made.failed.id]) expect(expectProblem(await as(`/api/v1/reports/${id}`), 404, 'NotFound').detail).toBe(notFound.detail);
    expect(expectProblem(await as(`/api/v1/reports/${made.vin.id}`, tokens.admin, ACME_HOST), 404, 'NotFound').detail).toBe(notFound.detail);
    expect(errorPaths(expectProblem(await as('/api/v1/reports/abc'), 400, 'ValidationError'))).toEqual(['params.id']);
  });

  it('GET /reports/groups/{id} answers a group, how far it has got and the first page of its orders in the order placed', async () => {
    const groupId = uuidv7();
    await t.db.insert(reportGroups).values({ id: groupId, companyId: company.id, name: 'March new hires', source: 'BULK_UPLOAD', fileName: 'march.xlsx', totalOrders: 3 });
    for (const order of [made.mvr, made.failed, made.pending]) await t.db.update(orders).set({ reportGroupId: groupId }).where(eq(orders.id, order.id));

    const response = await as(`/api/v1/reports/groups/${groupId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: groupId, name: 'March new hires', source: 'BULK_UPLOAD', fileName: 'march.xlsx', totalOrders: 3, createdAt: expect.any(String),
      progress: { total: 3, finished: 2, byStatus: { Complete: 1, Error: 1, New: 1 }, byOutcome: { Fail: 1 } },
      orders: {
        content: [
          { id: made.mvr.id, type: 'MVR_WITH_ADJUDICATION', status: 'Complete', outcome: 'Fail', subjectLabel: made.mvr.subjectLabel },
          { id: made.failed.id, type: 'MVR', status: 'Error', outcome: null, subjectLabel: made.failed.subjectLabel },
          { id: made.pending.id, type: 'MVR', status: 'New', outcome: null, subjectLabel: made.pending.subjectLabel },
        ],
        page: { number: 0, size: 20, totalElements: 3, totalPages: 1 },
      },
    });
    // The group's report appears in the list with its group.
    expect((await as(`/api/v1/reports/${made.mvr.id}`)).json().reportGroupId).toBe(groupId);

    const empty = uuidv7();
    await t.db.insert(reportGroups).values({ id: empty, companyId: company.id, name: 'Empty', source: 'BULK_UPLOAD' });
    expect((await as(`/api/v1/reports/groups/${empty}`)).json()).toMatchObject({
      fileName: null, totalOrders: 0, progress: { total: 0, finished: 0, byStatus: {}, byOutcome: {} },
      orders: { content: [], page: { number: 0, size: 20, totalElements: 0, totalPages: 0 } },
    });
  });

  describe('a large group', () => {
    // 45 orders written straight into the table (placing them through the API would only be
    // slower): sheet rows share their creation time, as a bulk upload's do.
    const ROWS = 45;
    const groupId = uuidv7();
    type Row = { id: string; type: string; status: string; outcome: string | null; subjectLabel: string };
    const rows: Row[] = [];
    const statusOf = (i: number) => (i < 30 ? 'Complete' : i < 35 ? 'Error' : i < 38 ? 'Failed' : i < 42 ? 'Ordered' : 'New');
    const outcomeOf = (i: number) => (i >= 30 ? null : i % 3 === 0 ? 'Fail' : i % 3 === 1 ? 'Pass' : i === 2 ? null : 'Indeterminate');

    beforeAll(async () => {
      await t.db.insert(reportGroups).values({ id: groupId, companyId: company.id, name: 'Big batch', source: 'BULK_UPLOAD', fileName: 'big.csv', totalOrders: ROWS });
      const createdAt = new Date();
      for (let i = 0; i < ROWS; i++) {
        // Names not in row order (row 0 is "Driver 44"), so sorting by subject is visible.
        rows.push({ id: uuidv7(), type: i % 2 === 0 ? 'MVR' : 'MVR_WITH_ADJUDICATION', status: statusOf(i), outcome: outcomeOf(i), subjectLabel: `Driver ${String(ROWS - 1 - i).padStart(2, '0')}` });
      }
      await t.db.insert(orders).values(rows.map((row) => ({
        ...row, companyId: company.id, reportGroupId: groupId, processingStatus: 'Complete', input: {}, createdAt, updatedAt: createdAt,
      })));
    });

    const groupPage = async (query: string) => {
      const response = await as(`/api/v1/reports/groups/${groupId}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { progress: unknown; orders: { content: Row[]; page: unknown } };
    };
    const idsOf = (page: { orders: { content: Row[] } }) => page.orders.content.map((order) => order.id);
    const wholeGroup = {
      total: 45, finished: 38, byStatus: { Complete: 30, Error: 5, Failed: 3, Ordered: 4, New: 3 },
      // Row 2 completed without adjudication: it is in Complete, not in any outcome.
      byOutcome: { Fail: 10, Pass: 10, Indeterminate: 9 },
    };

    it('pages its orders in the order placed, every page counting the whole group', async () => {
      const seen: string[] = [];
      for (let number = 0; number < 3; number++) {
        const page = await groupPage(`?page=${number}&size=20`);
        expect(page.progress).toEqual(wholeGroup);
        expect(page.orders.page).toEqual({ number, size: 20, totalElements: ROWS, totalPages: 3 });
        seen.push(...idsOf(page));
      }
      // Every order exactly once, in row order (same creation time: the UUIDv7 id decides).
      expect(seen).toEqual(rows.map((row) => row.id));
      expect(idsOf(await groupPage('?page=3&size=20'))).toEqual([]);
      expect((await groupPage('?size=100')).orders.content).toHaveLength(ROWS);
    });

    it('sorts by subject, status, outcome or type, then in the order placed; createdAt,desc is the sheet backwards', async () => {
      expect(idsOf(await groupPage('?sort=subjectLabel&size=100'))).toEqual([...rows].reverse().map((row) => row.id));
      expect(idsOf(await groupPage('?sort=createdAt,desc&size=5'))).toEqual(rows.slice(-5).reverse().map((row) => row.id));
      const byStatus = (await groupPage('?sort=status,desc&size=100')).orders.content;
      const expected = [...rows].sort((a, b) => b.status.localeCompare(a.status, 'en', { sensitivity: 'variant' }) || rows.indexOf(a) - rows.indexOf(b));
      expect(byStatus.map((order) => order.status)).toEqual(expected.map((row) => row.status));
      expect(byStatus.map((order) => order.id)).toEqual(expected.map((row) => row.id));
      const secondPage = await groupPage('?sort=type,asc&sort=subjectLabel,asc&size=10&page=1');
      const byType = [...rows].sort((a, b) => a.type.localeCompare(b.type) || a.subjectLabel.localeCompare(b.subjectLabel));
      expect(idsOf(secondPage)).toEqual(byType.slice(10, 20).map((row) => row.id));
      const byOutcome = (await groupPage('?sort=outcome,asc&size=100')).orders.content.map((order) => order.outcome);
      expect(byOutcome.slice(0, 29)).toEqual([...Array(10).fill('Fail'), ...Array(9).fill('Indeterminate'), ...Array(10).fill('Pass')]);
      // PostgreSQL puts NULLs last when ascending.
      expect(byOutcome.slice(29).every((outcome) => outcome === null)).toBe(true);
    });

    it('filters the page by status or outcome while the progress still counts the whole group', async () => {
      const errors = await groupPage('?status=Error&size=2&page=1');
      expect(errors.progress).toEqual(wholeGroup);
      expect(errors.orders.page).toEqual({ number: 1, size: 2, totalElements: 5, totalPages: 3 });
      expect(idsOf(errors)).toEqual(rows.slice(32, 34).map((row) => row.id));
      const passes = await groupPage('?outcome=Pass&size=100');
      expect(idsOf(passes)).toEqual(rows.filter((row) => row.outcome === 'Pass').map((row) => row.id));
      expect((await groupPage('?status=Complete&outcome=Fail')).orders.page).toMatchObject({ totalElements: 10 });
    });

    it('refuses a bad page, size, sort or filter naming the query field', async () => {
      const sort = expectProblem(await as(`/api/v1/reports/groups/${groupId}?sort=price`), 400, 'ValidationError');
      expect(errorPaths(sort)).toEqual(['query.sort']);
      expect(sort.errors?.[0]?.message).toContain('subjectLabel');
      // completedAt sorts reports, not a group's orders.
      expect(errorPaths(expectProblem(await as(`/api/v1/reports/groups/${groupId}?sort=completedAt,desc`), 400))).toEqual(['query.sort']);
      expect(errorPaths(expectProblem(await as(`/api/v1/reports/groups/${groupId}?size=101`), 400))).toEqual(['query.size']);
      expect(errorPaths(expectProblem(await as(`/api/v1/reports/groups/${groupId}?page=-1`), 400))).toEqual(['query.page']);
      expect(errorPaths(expectProblem(await as(`/api/v1/reports/groups/${groupId}?status=Lost`), 400))).toEqual(['query.status']);
      expect(errorPaths(expectProblem(await as(`/api/v1/reports/groups/${groupId}?outcome=Maybe`), 400))).toEqual(['query.outcome']);
    });

    it('is not found for another company, whatever the page asked for', async () => {
      const missing = expectProblem(await as(`/api/v1/reports/groups/${uuidv7()}?page=1&size=10`), 404, 'NotFound');
      for (const query of ['', '?page=1&size=10&sort=status,desc', '?status=Complete']) {
        expect(expectProblem(await as(`/api/v1/reports/groups/${groupId}${query}`, tokens.admin, ACME_HOST), 404, 'NotFound').detail).toBe(missing.detail);
        expect(expectProblem(await as(`/api/v1/reports/groups/${groupId}${query}`, tokens.globexAdmin, GLOBEX_HOST), 404, 'NotFound').detail).toBe(missing.detail);
      }
    });
  });

  it('the OpenAPI document describes the group\'s paging, filters and page of orders', async () => {
    const doc = (await get(t.app, '/api/openapi.json')).json();
    const operation = doc.paths['/api/v1/reports/groups/{id}'].get;
    const query = (operation.parameters as { in: string; name: string }[]).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
    expect(query.sort()).toEqual(['outcome', 'page', 'size', 'sort', 'status']);
    const body = operation.responses['200'].content['application/json'].schema;
    expect(Object.keys(body.properties.orders.properties).sort()).toEqual(['content', 'page']);
    expect(Object.keys(body.properties.progress.properties).sort()).toEqual(['byOutcome', 'byStatus', 'finished', 'total']);
  });

  it('GET /reports/groups/{id} of another company is 404 like an unknown one, for every role; a malformed id 400', async () => {
    const groupId = uuidv7();
    await t.db.insert(reportGroups).values({ id: groupId, companyId: company.id, name: 'Private batch', source: 'BULK_UPLOAD' });
    const missing = expectProblem(await as(`/api/v1/reports/groups/${uuidv7()}`), 404, 'NotFound');
    for (const role of ['admin', 'viewer'] as const) {
      expect(expectProblem(await as(`/api/v1/reports/groups/${groupId}`, tokens[role], ACME_HOST), 404, 'NotFound').detail).toBe(missing.detail);
    }
    expect(expectProblem(await as(`/api/v1/reports/groups/${groupId}`, tokens.globexAdmin, GLOBEX_HOST), 404).detail).toBe(missing.detail);
    expect(errorPaths(expectProblem(await as('/api/v1/reports/groups/12'), 400, 'ValidationError'))).toEqual(['params.id']);
    expectProblem(await get(t.app, `/api/v1/reports/groups/${groupId}`), 401);
    // Every role of the company may read it.
    const viewer = await newUser(t.db, { tenant: 'reportco', role: 'Viewer' });
    const viewerToken = (await signInAs(t.app, viewer.email, undefined, host)).idToken;
    expect((await as(`/api/v1/reports/groups/${groupId}`, viewerToken)).statusCode).toBe(200);
  });
}, {}, { queue: true });
