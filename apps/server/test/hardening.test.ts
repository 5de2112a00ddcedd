// Issue 8, "Nothing reaches a 5xx, nothing is silently altered": each bad request seen by hand or by
// the fuzzer (api-fuzz.test.ts) is a 4xx problem naming the field, and writes nothing.
import { beforeAll, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { count } from 'drizzle-orm';
import { businesses, orderEvents, orders, persons, reportGroups, tags, users } from '../src/db/schema.ts';
import {
  ACME_HOST, bearer, createTestApp, describeEachDatabase, errorPaths, expectProblem, newUser, seedTwoCompanies, signInAs,
} from './helpers.ts';

const driver = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Dana', lastName: 'Reyes', dateOfBirth: '1990-01-01', licenceState: 'CA', licenceNumber: 'D7654321', ...overrides,
});
const PURPOSE = 'WRITTEN_CONSENT';

describeEachDatabase('hardening: bad input', (t) => {
  let token: string;
  let orderId: string;

  const send = (method: InjectOptions['method'], url: string, payload?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, ...(payload !== undefined ? { payload } : {}), headers: { host: ACME_HOST, ...bearer(token), ...headers } });
  const sendJson = (method: InjectOptions['method'], url: string, raw: string) => send(method, url, raw, { 'content-type': 'application/json' });

  /** Rows of every table a refused request could have written to. */
  const rowCounts = async () => {
    const countOf = async (table: typeof persons | typeof businesses | typeof orders | typeof orderEvents | typeof tags | typeof users | typeof reportGroups) =>
      Number((await t.db.select({ value: count() }).from(table))[0]!.value);
    return {
      persons: await countOf(persons), businesses: await countOf(businesses), orders: await countOf(orders), orderEvents: await countOf(orderEvents),
      tags: await countOf(tags), users: await countOf(users), reportGroups: await countOf(reportGroups),
    };
  };

  /** The request is a problem of this status naming these fields, and no row was written. */
  const refused = async (request: () => Promise<LightMyRequestResponse>, status: number, paths: string[], code?: string) => {
    const before = await rowCounts();
    const response = await request();
    const problem = expectProblem(response, status, code);
    expect(errorPaths(problem)).toEqual(expect.arrayContaining(paths));
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await rowCounts()).toEqual(before);
    return problem;
  };

  beforeAll(async () => {
    const seeded = await seedTwoCompanies(t.db);
    token = (await signInAs(t.app, seeded.users.admin.email)).idToken;
    const placed = await sendJson('POST', '/api/v1/orders/create-mvr-order', JSON.stringify({ driver: driver({ licenceNumber: 'D1111111' }), permissiblePurpose: PURPOSE }));
    expect(placed.statusCode, placed.body).toBe(201);
    orderId = placed.json().id;
  });

  // --- null where an object is expected ---

  it('a JSON null body is a 400 naming the body (it was a 500), and nothing is saved', async () => {
    await refused(() => sendJson('POST', '/api/v1/person', 'null'), 400, ['body'], 'ValidationError');
    await refused(() => sendJson('POST', '/api/v1/businesses', 'null'), 400, ['body'], 'ValidationError');
    await refused(() => sendJson('POST', '/api/v1/orders/create-mvr-order', 'null'), 400, ['body'], 'ValidationError');
  });

  it('"driver": null in an MVR order is a 400 naming body.driver (it was a 500), and no order is placed', async () => {
    await refused(() => sendJson('POST', '/api/v1/orders/create-mvr-order', JSON.stringify({ driver: null, permissiblePurpose: PURPOSE })), 400, ['body.driver'], 'ValidationError');
    await refused(() => sendJson('POST', '/api/v1/orders/create-mvr-order', JSON.stringify({ driver: [], permissiblePurpose: PURPOSE })), 400, ['body.driver'], 'ValidationError');
  });

  // --- text the database cannot store ---

  it('a lone surrogate in text of a JSON column (order input, order events) is a 400 naming the field (it was a 500)', async () => {
    const order = (extra: Record<string, unknown>) => JSON.stringify({ driver: driver({ licenceNumber: 'D2222222' }), permissiblePurpose: PURPOSE, ...extra })
      .replace('LONE', '\\ud800');
    await refused(() => sendJson('POST', '/api/v1/orders/create-mvr-order', order({ mvrExternalReferenceId: 'HR-LONE' })), 400, ['body.mvrExternalReferenceId'], 'UnstorableText');
    const named = await refused(() => sendJson('POST', '/api/v1/orders/create-mvr-order', order({}).replace('"Dana"', '"Da\\udc00na"')), 400, ['body.driver.firstName'], 'UnstorableText');
    expect(named.detail).toContain('body.driver.firstName');
    await refused(() => sendJson('PATCH', `/api/v1/orders/${orderId}/status`, '{"subStatus":"Waiting \\ud83d","changeNotes":"ok"}'), 400, ['body.subStatus'], 'UnstorableText');
    await refused(() => sendJson('PATCH', `/api/v1/orders/${orderId}/status`, '{"subStatus":"Waiting","changeNotes":"\\udfff notes"}'), 400, ['body.changeNotes'], 'UnstorableText');
  });

  it('a lone surrogate in a text column (names, business fields, tags) is a 400 naming the field, not stored as U+FFFD', async () => {
    const problem = await refused(() => sendJson('POST', '/api/v1/person', JSON.stringify(driver({ lastName: 'REPLACE' })).replace('REPLACE', 'O\\ud800Brien')), 400, ['body.lastName'], 'UnstorableText');
    expect(problem.errors).toEqual([{ path: 'body.lastName', message: expect.stringMatching(/half of a character pair/) }]);
    await refused(() => sendJson('POST', '/api/v1/businesses', '{"name":"Road \\ud800 Co","ein":"12-3456789","state":"TX"}'), 400, ['body.name'], 'UnstorableText');
    await refused(() => sendJson('POST', '/api/v1/tags', '{"name":"night\\udc00"}'), 400, ['body.name'], 'UnstorableText');
    await refused(() => sendJson('POST', '/api/v1/users', '{"email":"ina@example.test","firstName":"I\\ud800na","lastName":"Invitee","role":"Agent"}'), 400, ['body.firstName'], 'UnstorableText');
    await refused(() => sendJson('POST', '/api/v1/orders/create-mvr-order', JSON.stringify({ driver: driver({ licenceNumber: 'D3333333' }), permissiblePurpose: PURPOSE, tags: ['ok', 'TAG'] }).replace('TAG', 'bad\\ud800')), 400, ['body.tags.1'], 'UnstorableText');
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await sendJson('POST', '/api/v1/person', JSON.stringify(driver({ licenceNumber: 'D4444444', lastName: 'Reyes \ud83d\ude9a' })));
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect(emoji.json().lastName).toBe('Reyes \ud83d\ude9a');
  });

  it('a NUL is refused naming its field, in the body, the query and the path, with the schema\'s own errors in one answer', async () => {
    const problem = await refused(() => sendJson('POST', '/api/v1/person', JSON.stringify(driver({ externalId: 'EMP\u0000-9', middleName: 'Q\u0000' }))), 400, ['body.middleName', 'body.externalId'], 'UnstorableText');
    expect(problem.detail).toMatch(/NUL/);
    await refused(() => send('GET', '/api/v1/person/company/me?filter=a%00b'), 400, ['query.filter'], 'UnstorableText');
    await refused(() => send('GET', '/api/v1/person/a%00b'), 400, ['params.id'], 'ValidationError'); // not a UUID either: the schema's word
    // A key is text too (records keep their keys).
    await refused(() => sendJson('POST', '/api/v1/person', JSON.stringify(driver({ 'bad\u0000key': 1 }))), 400, ['body.bad\\u0000key'], 'UnstorableText');
    // With a field the schema refuses too, one 400 names both.
    await refused(() => sendJson('POST', '/api/v1/person', JSON.stringify(driver({ licenceState: 'ZZ', firstName: 'Da\u0000na' }))), 400, ['body.licenceState', 'body.firstName'], 'ValidationError');
  });

  it('a 400 names the bad fields of the path, the body and the query together', async () => {
    const problem = await refused(() => sendJson('PATCH', '/api/v1/orders/not-a-uuid/status', '{"subStatus":""}'), 400, ['params.id', 'body.subStatus'], 'ValidationError');
    expect(errorPaths(problem)).toEqual(expect.arrayContaining(['params.id', 'body.subStatus']));
    await refused(() => sendJson('POST', '/api/v1/orders/create-mvr-order?ruleNamespace=NOT%20A%20NAME', JSON.stringify({ permissiblePurpose: 'NOPE', driver: driver() })), 400, ['body.permissiblePurpose', 'query.ruleNamespace'], 'ValidationError');
  });

  // --- malformed multipart ---

  it('a multipart upload without a boundary or cut before its closing boundary is a 400 naming the body (it was a 500), and no order is placed', async () => {
    await refused(() => send('POST', '/api/v1/orders', 'First name\r\nDana', { 'content-type': 'multipart/form-data' }), 400, ['body'], 'MalformedMultipart');
    const head = '--cut\r\nContent-Disposition: form-data; name="file"; filename="orders.csv"\r\nContent-Type: text/csv\r\n\r\n';
    const cut = await refused(() => send('POST', '/api/v1/orders', `${head}First name,Last name\r\nDana,Re`, { 'content-type': 'multipart/form-data; boundary=cut' }), 400, ['body'], 'MalformedMultipart');
    expect(cut.detail).toMatch(/closing boundary/);
    await refused(() => send('POST', '/api/v1/orders', `${head}First name,Last name\r\nDana,Reyes\r\n`, { 'content-type': 'multipart/form-data; boundary=cut' }), 400, ['body'], 'MalformedMultipart');
  });

  // --- answers the framework writes ---

  it('a bad percent-escape and an over-long path parameter are 400 problems, not Fastify\'s own JSON', async () => {
    const escape = await refused(() => send('GET', '/api/v1/orders/%E0%A4%A'), 400, ['params'], 'BadRequest');
    expect(escape.detail).toMatch(/percent-escape/);
    await refused(() => send('GET', `/api/v1/orders/${'a'.repeat(150)}`), 400, ['params'], 'BadRequest');
    await refused(() => send('GET', '/hub/system-message/%FF'), 400, ['params'], 'BadRequest');
  });

  it('unknown routes, other methods, large bodies and unknown media types are problems under /api and /hub', async () => {
    await refused(() => send('GET', '/api/v1/no-such-thing'), 404, [], 'NotFound');
    await refused(() => send('GET', '/hub/no-such-thing'), 404, [], 'NotFound');
    const response = await send('DELETE', `/api/v1/orders/${orderId}`);
    const problem = expectProblem(response, 405, 'MethodNotAllowed');
    expect(problem.title).toBe('Method Not Allowed');
    expect(response.headers.allow).toBe('GET, HEAD');
    await refused(() => sendJson('POST', '/api/v1/person', JSON.stringify({ firstName: 'x'.repeat(2 * 1024 * 1024) })), 413, ['body'], 'ContentTooLarge');
    await refused(() => send('POST', '/api/v1/person', '<person/>', { 'content-type': 'application/xml' }), 415, ['headers.content-type'], 'UnsupportedMediaType');
    await refused(() => send('POST', '/api/v1/orders', '{}', { 'content-type': 'application/json' }), 415, ['headers.content-type'], 'UnsupportedMediaType');
    await refused(() => sendJson('POST', '/api/v1/person', '{"firstName": '), 400, ['body'], 'BadRequest');
  });

  // --- empty JSON bodies ---

  it('an empty application/json body is accepted where no body is taken: resendInvite, handoff, sign-out', async () => {
    const invited = await sendJson('POST', '/api/v1/users', JSON.stringify({ email: 'ina.empty@example.test', firstName: 'Ina', lastName: 'Invitee', role: 'Agent' }));
    expect(invited.statusCode, invited.body).toBe(201);
    const resent = await sendJson('POST', `/api/v1/users/${invited.json().id}/resendInvite`, '');
    expect(resent.statusCode, resent.body).toBe(200);
    const handoff = await sendJson('POST', '/api/v1/auth/handoff', '');
    expect(handoff.statusCode, handoff.body).toBe(200);
    const other = await newUser(t.db, { tenant: 'acme', role: 'Agent' });
    const session = await signInAs(t.app, other.email);
    const signOut = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', payload: '', headers: { host: ACME_HOST, ...bearer(session.idToken), 'content-type': 'application/json' } });
    expect(signOut.statusCode, signOut.body).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { host: ACME_HOST, ...bearer(session.idToken) } })).statusCode).toBe(401);
  });

  it('an empty body where one is needed is a 400 naming the body', async () => {
    const problem = await refused(() => sendJson('POST', '/api/v1/person', ''), 400, ['body'], 'ValidationError');
    expect(problem.errors).toEqual([{ path: 'body', message: 'is required: send a JSON body' }]);
    await refused(() => send('POST', '/api/v1/businesses'), 400, ['body'], 'ValidationError');
  });

  // --- caching ---

  it('answers with tokens or personal data say Cache-Control: no-store; public documents keep their own', async () => {
    const other = await newUser(t.db, { tenant: 'acme', role: 'Viewer' });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: other.email, password: other.password }, headers: { host: ACME_HOST } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/v1/users/me', '/api/v1/person/company/me', `/api/v1/orders/${orderId}`, `/api/v1/orders/${orderId}/input`, '/api/v1/company/me']) {
      const response = await send('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    expect((await send('GET', '/api/openapi.json')).headers['cache-control']).toBe('public, max-age=300');
    expect((await send('GET', '/hub/system-message')).headers['cache-control']).toBe('public, max-age=30');
    expect((await send('GET', '/api/v1/public/config')).headers['cache-control']).toBe('no-cache');
  });
}, {}, { queue: true }); // orders are placed with their job

it('the rate limiter\'s 429 is a problem with Retry-After', async () => {
  const t = await createTestApp('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: '1' });
  try {
    const signIn = () => t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: 'nobody@example.test', password: 'x' }, headers: { host: ACME_HOST } });
    await signIn();
    const response = await signIn();
    expectProblem(response, 429, 'TooManyRequests');
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.headers['cache-control']).toBe('no-store');
  } finally {
    await t.close();
  }
});

