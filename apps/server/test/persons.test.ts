// /api/v1/person: the company's drivers — list (page, sort, size, filter, licenceState), one
// driver, adding and replacing one; each with bad input, another company's admin, and the roles.
import { beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { persons } from '../src/db/schema.ts';
import { ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, get, post, seedTwoCompanies, signInAs } from './helpers.ts';

type Role = 'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin';

const put = (app: FastifyInstance, url: string, payload: unknown, token: string, host = ACME_HOST) =>
  app.inject({ method: 'PUT', url, payload: payload as Record<string, unknown>, headers: { host, ...bearer(token) } });

// Texas numbers are 7 or 8 digits: a counter gives every test its own valid licence.
let nextLicence = 10_000_000;
const driver = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Dana',
  lastName: 'Reyes',
  dateOfBirth: '1988-04-12',
  licenceNumber: String(nextLicence++),
  licenceState: 'TX',
  ...overrides,
});

describeEachDatabase('persons', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    for (const key of Object.keys(seeded.users) as Role[]) {
      tokens[key] = (await signInAs(t.app, seeded.users[key].email, undefined, key === 'globexAdmin' ? GLOBEX_HOST : undefined)).idToken;
    }
  });

  const create = (body: Record<string, unknown>, role: Role = 'agent') =>
    post(t.app, '/api/v1/person', body, { headers: { ...bearer(tokens[role]), ...(role === 'globexAdmin' ? { host: GLOBEX_HOST } : {}) } });
  const created = async (body: Record<string, unknown>, role: Role = 'agent') => {
    const response = await create(body, role);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const rowOf = async (id: string) => (await t.db.select().from(persons).where(eq(persons.id, id)))[0];

  // --- POST /person ---

  it('POST /person adds a driver and answers every field of it', async () => {
    const body = driver({ firstName: ' Dana ', middleName: 'Q', licenceNumber: 'd123-4567', licenceState: 'CA', email: 'Dana@Example.test', phone: '+15125550123', externalId: 'EMP-7' });
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    const person = response.json();
    expect(person).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      firstName: 'Dana', middleName: 'Q', lastName: 'Reyes', fullName: 'Dana Q Reyes', dateOfBirth: '1988-04-12',
      licenceNumber: 'D1234567', licenceState: 'CA', email: 'dana@example.test', phone: '+15125550123', externalId: 'EMP-7',
      monitoringTypes: [], licenceExpiresOn: null, medicalCertificateExpiresOn: null, monitoring: [],
      // A new driver has no MVR yet: not qualified until one is on file.
      qualification: {
        status: 'NOT_QUALIFIED', reasons: ['No MVR on file'], lastMvrOrderId: null, lastMvrDate: null, lastAnnualReviewOn: null,
        annualReviewDueOn: null, openAlerts: 0,
      },
      createdAt: expect.any(String), updatedAt: expect.any(String),
    });
    // Stored in my company, by me; neither leaks into the answer.
    expect(await rowOf(person.id)).toMatchObject({ companyId: seeded.acme.id, createdBy: seeded.users.agent.userId });
    expect(JSON.stringify(person)).not.toMatch(/companyId|createdBy/);
  });

  it('POST /person names the expected format when a licence number does not fit its state', async () => {
    const problem = expectProblem(await create(driver({ licenceState: 'CA', licenceNumber: '12345678' })), 400, 'ValidationError');
    expect(problem.errors).toEqual([{ path: 'body.licenceNumber', message: 'California licence numbers are 1 letter and 7 digits (for example D1234567).' }]);
  });

  it('POST /person names every bad field: state, date of birth, names, email, phone', async () => {
    const problem = expectProblem(await create({ firstName: '', lastName: 'x'.repeat(81), dateOfBirth: '2999-01-01', licenceNumber: 'D1234567', licenceState: 'ZZ', email: 'nope', phone: '5125550123' }), 400, 'ValidationError');
    expect(errorPaths(problem).sort()).toEqual(['body.dateOfBirth', 'body.email', 'body.firstName', 'body.lastName', 'body.licenceState', 'body.phone']);
    expect(problem.errors).toContainEqual({ path: 'body.dateOfBirth', message: 'The date of birth is in the future.' });
    expectProblem(await create(driver({ dateOfBirth: '1990-02-30' })), 400, 'ValidationError');
    const missing = expectProblem(await create({}), 400, 'ValidationError');
    expect(errorPaths(missing)).toEqual(expect.arrayContaining(['body.firstName', 'body.lastName', 'body.dateOfBirth', 'body.licenceNumber', 'body.licenceState']));
  });

  it('POST /person and PUT /person/{id} keep the licence and medical certificate expiry; PUT clears what is left out', async () => {
    const person = await created(driver({ licenceExpiresOn: '2031-05-31', medicalCertificateExpiresOn: ' 2030-01-15 ' }));
    expect(person).toMatchObject({ licenceExpiresOn: '2031-05-31', medicalCertificateExpiresOn: '2030-01-15' });
    expect(await rowOf(person.id)).toMatchObject({ licenceExpiresOn: '2031-05-31', medicalCertificateExpiresOn: '2030-01-15' });
    const { licenceNumber, licenceState } = person;
    const changed = await put(t.app, `/api/v1/person/${person.id}`, driver({ licenceNumber, licenceState, medicalCertificateExpiresOn: '2032-02-29' }), tokens.manager);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ licenceExpiresOn: null, medicalCertificateExpiresOn: '2032-02-29' });
    expect((await get(t.app, `/api/v1/person/${person.id}`, tokens.viewer)).json()).toMatchObject({ licenceExpiresOn: null, medicalCertificateExpiresOn: '2032-02-29' });
  });

  it('POST /person and PUT /person/{id} name a bad expiry date', async () => {
    const problem = expectProblem(await create(driver({ licenceExpiresOn: '2031-02-30', medicalCertificateExpiresOn: '01/15/2030' })), 400, 'ValidationError');
    expect(problem.errors).toEqual(expect.arrayContaining([
      { path: 'body.licenceExpiresOn', message: 'is not a real date' },
      { path: 'body.medicalCertificateExpiresOn', message: 'must be YYYY-MM-DD' },
    ]));
    const person = await created(driver());
    const { licenceNumber, licenceState } = person;
    const bad = expectProblem(await put(t.app, `/api/v1/person/${person.id}`, driver({ licenceNumber, licenceState, licenceExpiresOn: '' }), tokens.manager), 400);
    expect(errorPaths(bad)).toEqual(['body.licenceExpiresOn']);
  });

  it('POST /person refuses text the database cannot store with a 400, never a 500, and stores nothing', async () => {
    const body = driver({ externalId: 'EMP\u0000-9' });
    const response = await create(body);
    expectProblem(response, 400, 'UnstorableText');
    expect(response.json().detail).toMatch(/NUL/);
    const list = await get(t.app, `/api/v1/person/company/me?size=100&filter=${body.licenceNumber}`, tokens.agent);
    expect(list.json().content).toEqual([]);
  });

  it('POST /person refuses a licence my company already has, naming the driver who holds it', async () => {
    const first = await created(driver({ licenceState: 'CA', licenceNumber: 'Z7654321' }));
    const problem = expectProblem(await create(driver({ licenceState: 'CA', licenceNumber: 'z765-4321' })), 409, 'DriverAlreadyExists');
    expect(problem.errors).toEqual([{ path: 'body.licenceNumber', message: expect.any(String) }]);
    expect(problem.detail).toContain(first.id);
    // The same licence in another company is another company's driver.
    await created(driver({ licenceState: 'CA', licenceNumber: 'Z7654321' }), 'globexAdmin');
  });

  it('POST /person: Agent, Manager and Admin may add drivers; a Viewer may not', async () => {
    for (const role of ['agent', 'manager', 'admin'] as const) await created(driver(), role);
    const before = (await get(t.app, '/api/v1/person/company/me', tokens.viewer)).json().page.totalElements;
    expectProblem(await create(driver(), 'viewer'), 403, 'Forbidden');
    expect((await get(t.app, '/api/v1/person/company/me', tokens.viewer)).json().page.totalElements).toBe(before);
  });

  it('POST /person without a token is 401', async () => {
    expectProblem(await post(t.app, '/api/v1/person', driver()), 401, 'UserUnAuthenticatedException');
  });

  // --- GET /person/{id} ---

  it('GET /person/{id} answers one of my drivers, for every role of my company', async () => {
    const person = await created(driver());
    for (const role of ['viewer', 'agent', 'manager', 'admin'] as const) {
      const response = await get(t.app, `/api/v1/person/${person.id}`, tokens[role]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(person);
    }
  });

  it('GET /person/{id} of another company\'s driver is 404, exactly like one that does not exist', async () => {
    const person = await created(driver());
    const outsider = expectProblem(await get(t.app, `/api/v1/person/${person.id}`, tokens.globexAdmin, GLOBEX_HOST), 404, 'NotFound');
    const missing = expectProblem(await get(t.app, '/api/v1/person/01890000-0000-7000-8000-000000000000', tokens.admin), 404, 'NotFound');
    expect(outsider.detail).toBe(missing.detail);
  });

  it('GET /person/{id} with a malformed id is 400 naming params.id', async () => {
    expect(errorPaths(expectProblem(await get(t.app, '/api/v1/person/not-a-uuid', tokens.admin), 400, 'ValidationError'))).toEqual(['params.id']);
  });

  // --- PUT /person/{id} ---

  it('PUT /person/{id} replaces every field; optional fields left out are cleared', async () => {
    const person = await created(driver({ middleName: 'Q', email: 'dana@example.test', externalId: 'EMP-1' }));
    const replacement = { firstName: 'Danielle', lastName: 'Reyes-Ortiz', dateOfBirth: '1987-01-31', licenceNumber: 'A12345678', licenceState: 'AZ', phone: '+15125550199' };
    const response = await put(t.app, `/api/v1/person/${person.id}`, replacement, tokens.agent);
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json();
    expect(updated).toEqual({
      ...person, ...replacement, middleName: null, email: null, externalId: null, fullName: 'Danielle Reyes-Ortiz', updatedAt: expect.any(String),
    });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(person.updatedAt).getTime());
    expect((await get(t.app, `/api/v1/person/${person.id}`, tokens.viewer)).json()).toEqual(updated);
  });

  it('PUT /person/{id} keeps a driver\'s own licence but refuses another driver\'s', async () => {
    const first = await created(driver());
    const second = await created(driver());
    const same = await put(t.app, `/api/v1/person/${first.id}`, driver({ licenceNumber: first.licenceNumber, firstName: 'Renamed' }), tokens.agent);
    expect(same.statusCode, same.body).toBe(200);
    const problem = expectProblem(await put(t.app, `/api/v1/person/${first.id}`, driver({ licenceNumber: second.licenceNumber }), tokens.agent), 409, 'DriverAlreadyExists');
    expect(errorPaths(problem)).toEqual(['body.licenceNumber']);
    expect(problem.detail).toContain(second.id);
    expect((await rowOf(first.id))?.licenceNumber).toBe(first.licenceNumber);
  });

  it('PUT /person/{id} validates like POST', async () => {
    const person = await created(driver());
    const problem = expectProblem(await put(t.app, `/api/v1/person/${person.id}`, driver({ licenceState: 'CA', licenceNumber: '12345678', dateOfBirth: '2999-01-01' }), tokens.agent), 400, 'ValidationError');
    expect(problem.errors).toEqual(expect.arrayContaining([
      { path: 'body.licenceNumber', message: 'California licence numbers are 1 letter and 7 digits (for example D1234567).' },
      { path: 'body.dateOfBirth', message: 'The date of birth is in the future.' },
    ]));
  });

  it('PUT /person/{id} of another company\'s driver is 404 and the driver is unchanged', async () => {
    const person = await created(driver());
    const before = await rowOf(person.id);
    expectProblem(await put(t.app, `/api/v1/person/${person.id}`, driver({ firstName: 'Hijacked' }), tokens.globexAdmin, GLOBEX_HOST), 404, 'NotFound');
    expect(await rowOf(person.id)).toEqual(before);
  });

  it('PUT /person/{id}: a Viewer may not change a driver', async () => {
    const person = await created(driver());
    const before = await rowOf(person.id);
    expectProblem(await put(t.app, `/api/v1/person/${person.id}`, driver({ firstName: 'Viewed' }), tokens.viewer), 403, 'Forbidden');
    expect(await rowOf(person.id)).toEqual(before);
  });

  // --- GET /person/company/me ---

  it('GET /person/company/me lists my company\'s drivers only, with page metadata', async () => {
    const globexDriver = await created(driver({ lastName: 'Outsider' }), 'globexAdmin');
    const response = await get(t.app, '/api/v1/person/company/me?size=100', tokens.viewer);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.content.length).toBeGreaterThan(0);
    expect(body.content.map((p: { id: string }) => p.id)).not.toContain(globexDriver.id);
    expect(body.page).toEqual({ number: 0, size: 100, totalElements: body.content.length, totalPages: 1 });
    const globexList = (await get(t.app, '/api/v1/person/company/me', tokens.globexAdmin, GLOBEX_HOST)).json();
    expect(globexList.content.every((p: { id: string }) => p.id !== body.content[0].id)).toBe(true);
  });

  it('GET /person/company/me filters by name, licence number, external id and state', async () => {
    const marker = `Zyx${nextLicence}`;
    const a = await created(driver({ firstName: 'Ana', lastName: marker, externalId: 'FLEET-42' }));
    const b = await created(driver({ firstName: 'Ben', lastName: marker, licenceState: 'CA', licenceNumber: 'Q9876543' }));
    const ids = async (query: string) => (await get(t.app, `/api/v1/person/company/me?${query}`, tokens.viewer)).json().content.map((p: { id: string }) => p.id);
    expect(await ids(`filter=${marker.toLowerCase()}`)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await ids(`filter=${encodeURIComponent(`ana ${marker}`)}`)).toEqual([a.id]);
    expect(await ids('filter=q987-6543')).toEqual([b.id]);
    expect(await ids('filter=fleet-42')).toEqual([a.id]);
    expect(await ids(`filter=${marker}&licenceState=CA`)).toEqual([b.id]);
    expect(await ids('filter=%25')).toEqual([]); // a LIKE wildcard is matched literally
  });

  it('GET /person/company/me sorts by any allowed field and pages', async () => {
    const marker = `Srt${nextLicence}`;
    for (const [firstName, state, dob] of [['Cleo', 'TX', '1970-05-05'], ['Abe', 'CA', '1990-01-01'], ['Bea', 'AZ', '1980-03-03']] as const) {
      const licenceNumber = state === 'TX' ? String(nextLicence++) : state === 'CA' ? 'S1234567' : 'S12345678';
      await created(driver({ firstName, lastName: marker, licenceState: state, licenceNumber, dateOfBirth: dob }));
    }
    const names = async (sort: string) =>
      (await get(t.app, `/api/v1/person/company/me?filter=${marker}&sort=${sort}`, tokens.viewer)).json().content.map((p: { firstName: string }) => p.firstName);
    expect(await names('firstName,asc')).toEqual(['Abe', 'Bea', 'Cleo']);
    expect(await names('firstName,desc')).toEqual(['Cleo', 'Bea', 'Abe']);
    expect(await names('licenceState')).toEqual(['Bea', 'Abe', 'Cleo']);
    expect(await names('dateOfBirth,desc')).toEqual(['Abe', 'Bea', 'Cleo']);
    expect(await names('createdAt,asc')).toEqual(['Cleo', 'Abe', 'Bea']);
    expect(await names('lastName&sort=firstName,asc')).toEqual(['Abe', 'Bea', 'Cleo']);
    const second = (await get(t.app, `/api/v1/person/company/me?filter=${marker}&sort=firstName&size=2&page=1`, tokens.viewer)).json();
    expect(second.content.map((p: { firstName: string }) => p.firstName)).toEqual(['Cleo']);
    expect(second.page).toEqual({ number: 1, size: 2, totalElements: 3, totalPages: 2 });
  });

  it('GET /person/company/me refuses an unknown sort field, a bad state and an oversized page', async () => {
    const sort = expectProblem(await get(t.app, '/api/v1/person/company/me?sort=companyId', tokens.viewer), 400, 'ValidationError');
    expect(sort.errors).toEqual([{ path: 'query.sort', message: expect.stringContaining('lastName, firstName, createdAt, licenceState, dateOfBirth') }]);
    expect(errorPaths(expectProblem(await get(t.app, '/api/v1/person/company/me?licenceState=XX', tokens.viewer), 400))).toEqual(['query.licenceState']);
    expect(errorPaths(expectProblem(await get(t.app, '/api/v1/person/company/me?size=101', tokens.viewer), 400))).toEqual(['query.size']);
  });

  it('GET /person/company/me without a token is 401', async () => {
    expectProblem(await get(t.app, '/api/v1/person/company/me'), 401, 'UserUnAuthenticatedException');
  });
});
