// GET /api/v1/reports/groups: the company's report groups (batches of a bulk sheet), newest first,
// each with its progress counted over the whole group; sorted and paged like every list. Another
// company's groups never appear; every role may list; a bad sort or page is a 400 naming the field;
// a company without the orders plugin 403.
import { beforeAll, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { orders, reportGroups } from '../src/db/schema.ts';
import { GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, get, newCompany, newUser, seedTwoCompanies, signInAs } from './helpers.ts';

describeEachDatabase('report groups list', (t) => {
  const host = 'batchco.localhost:3000';
  const ROLES = ['Company Admin', 'Manager', 'Agent', 'Viewer'] as const;
  const tokens = {} as Record<(typeof ROLES)[number], string>;
  let globexToken: string;
  let company: { id: string };
  const groups = {} as Record<'march' | 'april' | 'empty', string>;

  const list = async (query = '', token = tokens.Viewer) => {
    const response = await get(t.app, `/api/v1/reports/groups${query}`, token, host);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    const seeded = await seedTwoCompanies(t.db);
    globexToken = (await signInAs(t.app, seeded.users.globexAdmin.email, undefined, GLOBEX_HOST)).idToken;
    company = await newCompany(t.db, 'batchco', 'Batch Co');
    for (const role of ROLES) {
      const user = await newUser(t.db, { tenant: 'batchco', role });
      tokens[role] = (await signInAs(t.app, user.email, undefined, host)).idToken;
    }
    const at = (day: number) => new Date(Date.UTC(2026, 10, day));
    groups.march = uuidv7();
    groups.april = uuidv7();
    groups.empty = uuidv7();
    await t.db.insert(reportGroups).values([
      { id: groups.march, companyId: company.id, name: 'March new hires', source: 'BULK_UPLOAD', fileName: 'march.xlsx', totalOrders: 4, createdAt: at(1) },
      { id: groups.april, companyId: company.id, name: 'april renewals', source: 'BULK_UPLOAD', fileName: 'april.csv', totalOrders: 2, createdAt: at(2) },
      { id: groups.empty, companyId: company.id, name: 'Zero rows', source: 'BULK_UPLOAD', fileName: null, totalOrders: 0, createdAt: at(3) },
      // Another company's group, which must never be listed.
      { id: uuidv7(), companyId: seeded.globex.id, name: 'Globex batch', source: 'BULK_UPLOAD', totalOrders: 0 },
    ]);
    const order = (groupId: string, status: string, outcome: string | null) => ({
      id: uuidv7(), companyId: company.id, reportGroupId: groupId, type: 'MVR_WITH_ADJUDICATION', status, outcome, processingStatus: 'Complete', input: {}, subjectLabel: 'Driver',
    });
    await t.db.insert(orders).values([
      order(groups.march, 'Complete', 'Pass'), order(groups.march, 'Complete', 'Fail'), order(groups.march, 'Error', null), order(groups.march, 'Ordered', null),
      order(groups.april, 'Complete', 'Pass'), order(groups.april, 'Failed', null),
    ]);
  });

  it('lists the groups newest first, each with its whole progress', async () => {
    const page = await list();
    expect(page.page).toEqual({ number: 0, size: 20, totalElements: 3, totalPages: 1 });
    expect(page.content.map((group: { id: string }) => group.id)).toEqual([groups.empty, groups.april, groups.march]);
    expect(page.content[2]).toEqual({
      id: groups.march, name: 'March new hires', source: 'BULK_UPLOAD', fileName: 'march.xlsx', totalOrders: 4, createdAt: '2026-11-01T00:00:00.000Z',
      progress: { total: 4, finished: 3, byStatus: { Complete: 2, Error: 1, Ordered: 1 }, byOutcome: { Pass: 1, Fail: 1 } },
    });
    expect(page.content[1].progress).toEqual({ total: 2, finished: 2, byStatus: { Complete: 1, Failed: 1 }, byOutcome: { Pass: 1 } });
    expect(page.content[0].progress).toEqual({ total: 0, finished: 0, byStatus: {}, byOutcome: {} });
  });

  it('sorts by name (case-insensitively), size or date and pages', async () => {
    const ids = async (query: string) => (await list(query)).content.map((group: { id: string }) => group.id);
    expect(await ids('?sort=name,asc')).toEqual([groups.april, groups.march, groups.empty]);
    expect(await ids('?sort=totalOrders,desc')).toEqual([groups.march, groups.april, groups.empty]);
    expect(await ids('?sort=createdAt,asc')).toEqual([groups.march, groups.april, groups.empty]);
    const second = await list('?page=1&size=2');
    expect(second.content.map((group: { id: string }) => group.id)).toEqual([groups.march]);
    expect(second.page).toEqual({ number: 1, size: 2, totalElements: 3, totalPages: 2 });
  });

  it('refuses a bad sort, page or size naming the query field', async () => {
    expect(errorPaths(expectProblem(await get(t.app, '/api/v1/reports/groups?sort=subjectLabel,asc', tokens.Viewer, host), 400, 'ValidationError'))).toEqual(['query.sort']);
    expect(errorPaths(expectProblem(await get(t.app, '/api/v1/reports/groups?page=-1', tokens.Viewer, host), 400))).toEqual(['query.page']);
    expect(errorPaths(expectProblem(await get(t.app, '/api/v1/reports/groups?size=1000', tokens.Viewer, host), 400))).toEqual(['query.size']);
  });

  it('shows each company its own groups only, to every role; without a token 401', async () => {
    for (const role of ROLES) expect((await list('', tokens[role])).page.totalElements).toBe(3);
    const globex = (await get(t.app, '/api/v1/reports/groups', globexToken, GLOBEX_HOST)).json();
    expect(globex.content.map((group: { name: string }) => group.name)).toEqual(['Globex batch']);
    expectProblem(await get(t.app, '/api/v1/reports/groups', undefined, host), 401);
  });

  it('a company without the orders plugin gets 403 PluginNotEnabled', async () => {
    await newCompany(t.db, 'nobatch', 'No Batch', { plugins: [] });
    const admin = await newUser(t.db, { tenant: 'nobatch', role: 'Company Admin' });
    const token = (await signInAs(t.app, admin.email, undefined, 'nobatch.localhost:3000')).idToken;
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/reports/groups', headers: { host: 'nobatch.localhost:3000', ...bearer(token) } }), 403, 'PluginNotEnabled');
  });
});
