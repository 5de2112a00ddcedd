// /api/v1/businesses: the company's businesses — list (page, sort, size, filter, state), one
// business, adding one; each with bad input, another company's admin, and the roles.
import { beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businesses } from '../src/db/schema.ts';
import { GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, get, post, seedTwoCompanies, signInAs } from './helpers.ts';

type Role = 'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin';

// Every test gets its own EIN (prefix 12 is a real one).
let nextEin = 3_000_000;
const business = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme Freight LLC',
  ein: `12-${nextEin++}`,
  state: 'TX',
  ...overrides,
});

describeEachDatabase('businesses', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    for (const key of Object.keys(seeded.users) as Role[]) {
      tokens[key] = (await signInAs(t.app, seeded.users[key].email, undefined, key === 'globexAdmin' ? GLOBEX_HOST : undefined)).idToken;
    }
  });

  const create = (body: Record<string, unknown>, role: Role = 'agent') =>
    post(t.app, '/api/v1/businesses', body, { headers: { ...bearer(tokens[role]), ...(role === 'globexAdmin' ? { host: GLOBEX_HOST } : {}) } });
  const created = async (body: Record<string, unknown>, role: Role = 'agent') => {
    const response = await create(body, role);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const count = async () => (await get(t.app, '/api/v1/businesses', tokens.viewer)).json().page.totalElements as number;

  // --- POST /businesses ---

  it('POST /businesses adds a business, stores its EIN as 9 digits and answers it formatted', async () => {
    const body = { name: ' Lone Star Haulers ', ein: '123456789', dotNumber: '1234567', state: 'TX', addressLine: '1 Main St', city: 'Austin', postalCode: '78701-1234', phone: '+15125550123' };
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(answer).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), ...body, name: 'Lone Star Haulers', ein: '12-3456789', createdAt: expect.any(String), updatedAt: expect.any(String),
    });
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, answer.id));
    expect(row).toMatchObject({ companyId: seeded.acme.id, ein: '123456789', createdBy: seeded.users.agent.userId });
  });

  it('POST /businesses leaves optional fields empty', async () => {
    const answer = await created(business());
    expect(answer).toMatchObject({ dotNumber: null, addressLine: null, city: null, postalCode: null, phone: null });
  });

  it('POST /businesses names every bad field: EIN prefix, DOT number, state, ZIP, phone, name', async () => {
    const problem = expectProblem(await create({ name: '', ein: '00-1234567', dotNumber: '123456789', state: 'PR', postalCode: '7870', phone: '555' }), 400, 'ValidationError');
    expect(errorPaths(problem).sort()).toEqual(['body.dotNumber', 'body.ein', 'body.name', 'body.phone', 'body.postalCode', 'body.state']);
    expect(problem.errors).toContainEqual({ path: 'body.ein', message: 'No EIN begins with 00; check the first two digits.' });
    expect(expectProblem(await create(business({ ein: '12-345' })), 400).errors).toEqual([{ path: 'body.ein', message: 'An EIN has 9 digits, written 12-3456789.' }]);
  });

  it('POST /businesses refuses an EIN my company already has, however it is written', async () => {
    const first = await created(business({ ein: '98-7654321' }));
    const problem = expectProblem(await create(business({ ein: '987654321' })), 409, 'BusinessAlreadyExists');
    expect(errorPaths(problem)).toEqual(['body.ein']);
    expect(problem.detail).toContain(first.id);
    // Another company may have the same business.
    await created(business({ ein: '98-7654321' }), 'globexAdmin');
  });

  it('POST /businesses: Agent, Manager and Admin may add businesses; a Viewer may not', async () => {
    for (const role of ['agent', 'manager', 'admin'] as const) await created(business(), role);
    const before = await count();
    expectProblem(await create(business(), 'viewer'), 403, 'Forbidden');
    expect(await count()).toBe(before);
  });

  it('POST /businesses without a token is 401', async () => {
    expectProblem(await post(t.app, '/api/v1/businesses', business()), 401, 'UserUnAuthenticatedException');
  });

  // --- GET /businesses/{id} ---

  it('GET /businesses/{id} answers one of my businesses, for every role of my company', async () => {
    const answer = await created(business());
    for (const role of ['viewer', 'agent', 'manager', 'admin'] as const) {
      const response = await get(t.app, `/api/v1/businesses/${answer.id}`, tokens[role]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(answer);
    }
  });

  it('GET /businesses/{id} of another company\'s business is 404, like one that does not exist', async () => {
    const answer = await created(business());
    const outsider = expectProblem(await get(t.app, `/api/v1/businesses/${answer.id}`, tokens.globexAdmin, GLOBEX_HOST), 404, 'NotFound');
    const missing = expectProblem(await get(t.app, '/api/v1/businesses/01890000-0000-7000-8000-000000000000', tokens.admin), 404, 'NotFound');
    expect(outsider.detail).toBe(missing.detail);
    expect(errorPaths(expectProblem(await get(t.app, '/api/v1/businesses/42', tokens.admin), 400))).toEqual(['params.id']);
  });

  // --- GET /businesses ---

  it('GET /businesses lists my company\'s businesses only, with page metadata', async () => {
    const globexBusiness = await created(business({ name: 'Globex Trucking' }), 'globexAdmin');
    const mine = await created(business());
    const body = (await get(t.app, '/api/v1/businesses?size=100', tokens.viewer)).json();
    const ids = body.content.map((b: { id: string }) => b.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(globexBusiness.id);
    expect(body.page).toEqual({ number: 0, size: 100, totalElements: body.content.length, totalPages: 1 });
  });

  it('GET /businesses filters by name, EIN, DOT number and state', async () => {
    const marker = `Qz${nextEin}`;
    const a = await created(business({ name: `${marker} Carriers`, ein: '45-1112223', dotNumber: '7070707', state: 'OK' }));
    const b = await created(business({ name: `${marker} Logistics`, state: 'NM' }));
    const ids = async (query: string) => (await get(t.app, `/api/v1/businesses?${query}`, tokens.viewer)).json().content.map((x: { id: string }) => x.id);
    expect(await ids(`filter=${marker.toLowerCase()}&sort=name`)).toEqual([a.id, b.id]);
    expect(await ids('filter=45-111')).toEqual([a.id]);
    expect(await ids('filter=7070707')).toEqual([a.id]);
    expect(await ids(`filter=${marker}&state=NM`)).toEqual([b.id]);
  });

  it('GET /businesses sorts by name, state and createdAt, and pages', async () => {
    const marker = `Srt${nextEin}`;
    for (const [name, state] of [[`${marker} C`, 'AL'], [`${marker} A`, 'WY'], [`${marker} B`, 'MT']] as const) await created(business({ name, state }));
    const names = async (sort: string) =>
      (await get(t.app, `/api/v1/businesses?filter=${marker}&sort=${sort}`, tokens.viewer)).json().content.map((x: { name: string }) => x.name.slice(-1));
    expect(await names('name')).toEqual(['A', 'B', 'C']);
    expect(await names('name,desc')).toEqual(['C', 'B', 'A']);
    expect(await names('state,asc')).toEqual(['C', 'B', 'A']);
    expect(await names('createdAt,asc')).toEqual(['C', 'A', 'B']);
    const last = (await get(t.app, `/api/v1/businesses?filter=${marker}&sort=name&size=2&page=1`, tokens.viewer)).json();
    expect(last.content.map((x: { name: string }) => x.name.slice(-1))).toEqual(['C']);
    expect(last.page).toEqual({ number: 1, size: 2, totalElements: 3, totalPages: 2 });
  });

  it('GET /businesses refuses an unknown sort field and a bad state', async () => {
    const sort = expectProblem(await get(t.app, '/api/v1/businesses?sort=ein', tokens.viewer), 400, 'ValidationError');
    expect(sort.errors).toEqual([{ path: 'query.sort', message: 'cannot sort by ein; use one of name, createdAt, state' }]);
    expect(errorPaths(expectProblem(await get(t.app, '/api/v1/businesses?state=Texas', tokens.viewer), 400))).toEqual(['query.state']);
  });

  it('GET /businesses without a token is 401', async () => {
    expectProblem(await get(t.app, '/api/v1/businesses'), 401, 'UserUnAuthenticatedException');
  });
});
