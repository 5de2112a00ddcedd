// The company endpoints, the system message hub, the public portal config (host → tenant), health
// and the OpenAPI document.
import { beforeAll, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { KNOWN_PLUGINS } from '@clearlane/contract';
import { writeSystemMessage } from '../src/modules/system/system-message.ts';
import { updateCompany } from '../src/modules/company/company.repository.ts';
import {
  GLOBEX_HOST, describeEachDatabase, expectProblem, get, newCompany, registeredRoutes, seedTwoCompanies, signInAs,
} from './helpers.ts';

describeEachDatabase('company', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  let adminToken: string;
  let viewerToken: string;
  let globexToken: string;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    adminToken = (await signInAs(t.app, seeded.users.admin.email)).idToken;
    viewerToken = (await signInAs(t.app, seeded.users.viewer.email)).idToken;
    globexToken = (await signInAs(t.app, seeded.users.globexAdmin.email, undefined, GLOBEX_HOST)).idToken;
  });

  it('GET /company/me returns my company, for every role', async () => {
    for (const token of [adminToken, viewerToken]) {
      const response = await get(t.app, '/api/v1/company/me', token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        id: seeded.acme.id, name: 'Acme Logistics', tenantIdentifier: 'acme', customDomains: [], plugins: [...KNOWN_PLUGINS], createdAt: expect.any(String),
      });
    }
  });

  it('GET /company/me of another company\'s admin is their own company, never mine', async () => {
    const response = await get(t.app, '/api/v1/company/me', globexToken, GLOBEX_HOST);
    expect(response.json()).toMatchObject({ id: seeded.globex.id, name: 'Globex Insurance' });
    expect(response.body).not.toContain(seeded.acme.id);
  });

  it('GET /company/me and /me/plugins need a valid token', async () => {
    expectProblem(await get(t.app, '/api/v1/company/me'), 401, 'UserUnAuthenticatedException');
    expectProblem(await get(t.app, '/api/v1/company/me', 'not.a.token'), 401, 'UserUnAuthenticatedException');
    expectProblem(await get(t.app, '/api/v1/company/me/plugins'), 401, 'UserUnAuthenticatedException');
  });

  it('GET /company/me/plugins lists the features switched on, ignoring unknown ones', async () => {
    const company = await newCompany(t.db, 'initech', 'Initech', { plugins: ['orders', 'claims'] });
    const { email } = await (await import('./helpers.ts')).newUser(t.db, { tenant: 'initech', role: 'Viewer' });
    const token = (await signInAs(t.app, email, undefined, 'initech.localhost:3000')).idToken;
    const response = await get(t.app, '/api/v1/company/me/plugins', token, 'initech.localhost:3000');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ plugins: ['orders', 'claims'] });
    await updateCompany(t.db, company.id, { plugins: ['orders', 'retired-feature'] });
    expect((await get(t.app, '/api/v1/company/me/plugins', token)).json()).toEqual({ plugins: ['orders'] });
  });

  it('GET /hub/system-message: none, then the one an operator set; public', async () => {
    const empty = await get(t.app, '/hub/system-message');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ message: null, severity: 'info', updatedAt: null });
    await writeSystemMessage(t.db, 'Maintenance tonight at 22:00', 'warning');
    const set = (await get(t.app, '/hub/system-message')).json();
    expect(set).toMatchObject({ message: 'Maintenance tonight at 22:00', severity: 'warning', updatedAt: expect.any(String) });
    await writeSystemMessage(t.db, null);
    expect((await get(t.app, '/hub/system-message')).json().message).toBeNull();
  });

  it('GET /public/config resolves the tenant from the host', async () => {
    t.services.tenancy.invalidate();
    const atAcme = await get(t.app, '/api/v1/public/config', undefined, 'acme.localhost:3000');
    expect(atAcme.statusCode).toBe(200);
    expect(atAcme.json()).toMatchObject({
      rootDomain: 'localhost',
      portalUrl: 'http://localhost:3000',
      tenant: { identifier: 'acme', name: 'Acme Logistics' },
      passwordPolicy: { minLength: 6, requireLowercase: false, requireUppercase: false, requireNumbers: false, requireSymbols: false },
      customDomains: {},
      buildId: expect.any(String),
      auth: { provider: 'embedded' },
    });
    expect((await get(t.app, '/api/v1/public/config', undefined, 'localhost:3000')).json().tenant).toBeNull();
    expect((await get(t.app, '/api/v1/public/config', undefined, '127.0.0.1:3000')).json().tenant).toBeNull();
    expect((await get(t.app, '/api/v1/public/config', undefined, 'nosuch.localhost:3000')).json().tenant).toBeNull();
  });

  it('GET /public/config knows custom domains, and shows only the asking one', async () => {
    await newCompany(t.db, 'umbrella', 'Umbrella Corp', { customDomains: ['portal.umbrella.example', 'risk.umbrella.example'] });
    await newCompany(t.db, 'hooli', 'Hooli', { customDomains: ['portal.hooli.example'] });
    t.services.tenancy.invalidate();
    const config = (await get(t.app, '/api/v1/public/config', undefined, 'Portal.Umbrella.Example')).json();
    expect(config.tenant).toEqual({ identifier: 'umbrella', name: 'Umbrella Corp' });
    expect(config.customDomains).toEqual({ 'portal.umbrella.example': 'umbrella' });
  });

  it('GET /api/openapi.json is an OpenAPI 3.1 document of every route', async () => {
    const response = await get(t.app, '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Clearlane API', version: expect.any(String) });
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    // Every route the app serves is documented (the document itself and the reference page aside)...
    const served = registeredRoutes(t.app).filter((route) => !/ \/api\/(openapi\.json|docs)/.test(route));
    expect(served.length).toBeGreaterThan(15);
    expect(operations.sort()).toEqual(served.sort());
    // ...including every call of this issue.
    expect(operations).toEqual(expect.arrayContaining([
      'GET /api/v1/auth/jwks.json',
      'GET /api/v1/company/me',
      'GET /api/v1/company/me/plugins',
      'GET /api/v1/health',
      'GET /api/v1/public/config',
      'GET /api/v1/users',
      'GET /api/v1/users/me',
      'GET /api/v1/users/{id}',
      'GET /api/v1/person/company/me',
      'GET /api/v1/person/{id}',
      'POST /api/v1/person',
      'PUT /api/v1/person/{id}',
      'GET /api/v1/businesses',
      'GET /api/v1/businesses/{id}',
      'POST /api/v1/businesses',
      'GET /api/v1/tags',
      'GET /api/v1/tags/visible',
      'POST /api/v1/tags',
      'GET /hub/system-message',
      'POST /api/v1/auth/confirm-reset-password',
      'POST /api/v1/auth/forgot-password',
      'POST /api/v1/auth/handoff',
      'POST /api/v1/auth/handoff/redeem',
      'POST /api/v1/auth/sign-in',
      'POST /api/v1/auth/sign-in/confirm',
      'POST /api/v1/auth/sign-out',
      'POST /api/v1/auth/token',
      'GET /api/v1/auth/mfa',
      'POST /api/v1/auth/change-password',
      'POST /api/v1/auth/mfa/totp/associate',
      'POST /api/v1/auth/mfa/totp/verify',
      'POST /api/v1/auth/mfa/sms/associate',
      'POST /api/v1/auth/mfa/sms/verify',
      'POST /api/v1/auth/mfa/preference',
      'POST /api/v1/users',
      'POST /api/v1/users/{id}/resendInvite',
    ]));

    // Every operation is described and answers with declared schemas that are valid JSON Schema 2020-12.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: doc.components ?? {} });
    const resolveRefs = (schema: unknown): unknown =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, name).toEqual(expect.any(String));
        expect(Object.keys(operation.responses ?? {}).length, name).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
          // Errors are documented with the media type they are sent with (RFC 9457); a 200 may also
          // list documents (PDF, CSV, …) beside JSON (http/media-types.ts).
          const mediaType = Number(status) >= 400 ? 'application/problem+json' : 'application/json';
          const documents = Number(status) === 200 ? Object.keys(response.content ?? {}).filter((type) => type !== 'application/json') : [];
          if (response.content && documents.length === 0) expect(Object.keys(response.content), `${name} ${status}`).toEqual([mediaType]);
          for (const type of documents) expect(type, `${name} ${status}`).toMatch(/^(application\/(pdf|zip|pdf\+text|vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)|text\/(plain|csv))$/);
          const schema = response.content?.[mediaType]?.schema;
          if (schema) expect(() => ajv.compile(resolveRefs(schema) as object), name).not.toThrow();
        }
        const body = operation.requestBody?.content?.['application/json']?.schema;
        if (body) expect(() => ajv.compile(resolveRefs(body) as object), name).not.toThrow();
        for (const parameter of operation.parameters ?? []) expect(parameter.in, name).toMatch(/^(query|path|header)$/);
        // The bearer scheme is declared on the routes that need it.
        if (path.startsWith('/api/v1/users') || path.startsWith('/api/v1/company')) expect(operation.security, name).toEqual([{ bearer: [] }]);
      }
    }
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('every operation that declares the bearer scheme refuses a caller without a token', async () => {
    const doc = (await get(t.app, '/api/openapi.json')).json();
    const secured = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown[] }>>).flatMap(([path, item]) =>
      Object.entries(item).filter(([, operation]) => (operation.security ?? []).length > 0).map(([method]) => ({ method: method.toUpperCase(), path })));
    expect(secured.length).toBeGreaterThan(5);
    for (const { method, path } of secured) {
      const url = path.replace(/\{[^}]+\}/g, '01890000-0000-7000-8000-000000000000');
      const response = await t.app.inject({ method: method as 'GET', url, headers: { host: 'acme.localhost:3000' }, ...(method === 'GET' ? {} : { payload: {} }) });
      const name = `${method} ${path}`;
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      // Reads, and the calls of this issue, authenticate before validating anything.
      if (method === 'GET' || /^\/api\/v1\/(users|company|auth|person|businesses|tags)/.test(path)) expectProblem(response, 401, 'UserUnAuthenticatedException');
    }
  });

  it('GET /api/docs serves the interactive reference', async () => {
    const response = await get(t.app, '/api/docs');
    let page = response;
    if (response.statusCode >= 300 && response.statusCode < 400) page = await get(t.app, String(response.headers.location));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/api/openapi.json');
  });

  it('a body of the wrong type or size is a 4xx problem, never a 5xx', async () => {
    const xml = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', headers: { host: 'acme.localhost:3000', 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(expectProblem(xml, 415).code).toBe('UnsupportedMediaType');
    const text = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', headers: { host: 'acme.localhost:3000', 'content-type': 'text/plain' }, payload: 'hello' });
    expect(expectProblem(text, 400, 'ValidationError').errors).toEqual([{ path: 'body', message: expect.any(String) }]);
    const huge = await t.app.inject({
      method: 'POST', url: '/api/v1/auth/sign-in', headers: { host: 'acme.localhost:3000', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(expectProblem(huge, 413).code).toBe('ContentTooLarge');
    const array = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', headers: { host: 'acme.localhost:3000' }, payload: [1, 2] as never });
    expectProblem(array, 400, 'ValidationError');
  });

  it('answers with security headers', async () => {
    const response = await get(t.app, '/api/v1/public/config');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('an unknown API path is a JSON 404 problem', async () => {
    expectProblem(await get(t.app, '/api/v1/nothing-here'), 404, 'NotFound');
    expectProblem(await get(t.app, '/hub/nothing'), 404, 'NotFound');
  });
});

describeEachDatabase('health', (t) => {
  it('GET /health is 200 with API, database and queue up', async () => {
    const response = await get(t.app, '/api/v1/health');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      status: 'up',
      version: expect.any(String),
      components: { api: { status: 'up' }, database: { status: 'up' }, queue: { status: 'up' } },
    });
  });
}, {}, { queue: true });

describeEachDatabase('health without a queue', (t) => {
  it('GET /health is 503 and names the component that is down', async () => {
    const response = await get(t.app, '/api/v1/health');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'down', components: { database: { status: 'up' }, queue: { status: 'down', detail: expect.any(String) } } });
  });
});
