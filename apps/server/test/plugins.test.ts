// Company plugins are enforced by the server (DESIGN.md §8, docs/DECISIONS.md "Company plugins"):
// every /api/v1 route either declares its plugin or is on the commented list of plugin-free routes
// below, so a new route cannot forget; a company without a plugin gets 403 PluginNotEnabled naming
// it from every route of that feature, before its role or its input is looked at, and nothing is
// written; with the plugin the same calls work.
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { KNOWN_PLUGINS, PLUGIN_LABELS, type PluginName } from '@clearlane/contract';
import { businesses, companies, orders, reportGroups, rulesets } from '../src/db/schema.ts';
import { OPENAPI_PLUGINS_KEY } from '../src/access/plugins.ts';
import { ACME_HOST, bearer, describeEachDatabase, expectProblem, get, newCompany, newUser, registeredRoutes, seedTwoCompanies, signInAs } from './helpers.ts';

/**
 * The /api/v1 routes that belong to no plugin, each with the reason. A route that is not here must
 * declare its plugin (`routesNeedPlugins(app, …)` in its module, or `config: { plugin }`).
 */
const PLUGIN_FREE_ROUTES: Record<string, string> = {
  // Identity: signing in, tokens and passwords come before (or without) a company's features.
  'POST /api/v1/auth/sign-in': 'identity',
  'POST /api/v1/auth/sign-in/confirm': 'identity',
  'POST /api/v1/auth/token': 'identity',
  'POST /api/v1/auth/sign-out': 'identity',
  'POST /api/v1/auth/forgot-password': 'identity',
  'POST /api/v1/auth/confirm-reset-password': 'identity',
  'POST /api/v1/auth/handoff': 'identity',
  'POST /api/v1/auth/handoff/redeem': 'identity',
  'GET /api/v1/auth/jwks.json': 'identity: public keys',
  // Single sign-on: where an email signs in, the provider's callback and sign-out, and the company's
  // own provider settings (its admins), whatever the company's features.
  'POST /api/v1/auth/sign-in/discover': 'identity: single sign-on',
  'GET /api/v1/auth/sso/callback': 'identity: single sign-on',
  'POST /api/v1/auth/sso/backchannel-logout': 'identity: single sign-on',
  'GET /api/v1/company/me/sso': 'the company: single sign-on',
  'PUT /api/v1/company/me/sso': 'the company: single sign-on',
  'DELETE /api/v1/company/me/sso': 'the company: single sign-on',
  // Your account: a user's own password and two-step verification, whatever the company's features.
  'GET /api/v1/auth/mfa': 'your account',
  'POST /api/v1/auth/change-password': 'your account',
  'POST /api/v1/auth/mfa/totp/associate': 'your account',
  'POST /api/v1/auth/mfa/totp/verify': 'your account',
  'POST /api/v1/auth/mfa/sms/associate': 'your account',
  'POST /api/v1/auth/mfa/sms/verify': 'your account',
  'POST /api/v1/auth/mfa/preference': 'your account',
  // Public: readiness and the portal's start-up settings, asked before anyone signs in.
  'GET /api/v1/health': 'public',
  'GET /api/v1/public/config': 'public',
  // Users and the company itself: every company administers its people and reads its own plugins,
  // whatever features it has (the portal needs the plugin list to know what to hide).
  'GET /api/v1/users/me': 'users',
  'GET /api/v1/users': 'users',
  'GET /api/v1/users/{id}': 'users',
  'POST /api/v1/users': 'users',
  'POST /api/v1/users/{id}/resendInvite': 'users',
  'PATCH /api/v1/users/{id}': 'users',
  'GET /api/v1/company/me': 'company',
  'GET /api/v1/company/me/plugins': 'company',
  // The home page's figures: drivers and orders for every company; the monitoring figures are zeros
  // without the monitoring plugin (the service leaves them out), so the page works for every company.
  'GET /api/v1/company/me/metrics': 'company',
  // Drivers are the subject of orders, monitoring and claims alike: a company keeps its driver list
  // whichever of those features it has. (Ordering an MVR for a driver is an orders route.)
  'GET /api/v1/person/company/me': 'drivers',
  'GET /api/v1/person/{id}': 'drivers',
  'POST /api/v1/person': 'drivers',
  'PUT /api/v1/person/{id}': 'drivers',
  // Tags label drivers as well as orders.
  'GET /api/v1/tags': 'tags',
  'GET /api/v1/tags/visible': 'tags',
  'POST /api/v1/tags': 'tags',
};

/** What a route path's parameters are filled with when it is called without meaning anything in particular. */
const samplePath = (path: string) => path.replace('{namespace}', 'default').replace(/\{[A-Za-z]+\}/g, '0190c3a4-0000-7000-8000-000000000000');

let nextEin = 5_000_000;
const business = () => ({ name: 'Plugin Freight LLC', ein: `12-${nextEin++}`, state: 'TX' });
const mvrOrder = () => ({
  driver: { firstName: 'Dana', lastName: 'Reyes', dateOfBirth: '1988-04-12', licenceNumber: `D${String(nextEin++).slice(-7)}`, licenceState: 'CA' },
  permissiblePurpose: 'WRITTEN_CONSENT',
});

describeEachDatabase('company plugins', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  let openapi: { paths: Record<string, Record<string, Record<string, unknown>>> };
  /** Tokens of a Company Admin of a company with exactly these plugins, by tenant. */
  const admins: Record<string, { token: string; companyId: string; host: string }> = {};

  const companyWith = async (tenant: string, plugins: PluginName[], role: 'Company Admin' | 'Viewer' = 'Company Admin') => {
    const company = admins[tenant] ? null : await newCompany(t.db, tenant, `${tenant[0]!.toUpperCase()}${tenant.slice(1)} Co`, { plugins });
    const user = await newUser(t.db, { tenant, role });
    const host = `${tenant}.localhost:3000`;
    const session = { token: (await signInAs(t.app, user.email, undefined, host)).idToken, companyId: company?.id ?? user.companyId, host };
    if (role === 'Company Admin') admins[tenant] = session;
    return session;
  };

  const call = (as: { token: string; host: string }, method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: { host: as.host, ...bearer(as.token) } });

  const countOf = async (table: typeof businesses | typeof orders | typeof reportGroups | typeof rulesets, companyId: string) =>
    Number((await t.db.select({ value: count() }).from(table).where(eq(table.companyId, companyId)))[0]!.value);

  const refusedFor = (response: Awaited<ReturnType<typeof call>>, plugin: PluginName, companyName: string) => {
    const problem = expectProblem(response, 403, 'PluginNotEnabled') as ReturnType<typeof expectProblem> & { plugin?: string; instance?: string };
    expect(problem.plugin).toBe(plugin);
    expect(problem.detail).toContain(`${PLUGIN_LABELS[plugin]} is not enabled for ${companyName}`);
    expect(problem.detail).toContain(`"${plugin}"`);
    return problem;
  };

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    openapi = (await get(t.app, '/api/openapi.json')).json();
    await companyWith('bare', []);
    await companyWith('noorders', KNOWN_PLUGINS.filter((plugin) => plugin !== 'orders'));
    await companyWith('nobiz', KNOWN_PLUGINS.filter((plugin) => plugin !== 'businesses'));
    await companyWith('nobulk', KNOWN_PLUGINS.filter((plugin) => plugin !== 'bulk-orders'));
  });

  const operation = (route: string) => {
    const [method, path] = route.split(' ') as [string, string];
    return openapi.paths[path]?.[method.toLowerCase()];
  };
  const apiRoutes = () => registeredRoutes(t.app).filter((route) => route.split(' ')[1]!.startsWith('/api/v1/'));
  const declaredRoutes = () => apiRoutes().flatMap((route) => {
    const plugins = operation(route)?.[OPENAPI_PLUGINS_KEY] as PluginName[] | undefined;
    return plugins?.length ? [{ route, plugins }] : [];
  });

  // --- the declaration ---

  it('every /api/v1 route declares its plugin or is listed as plugin-free (with its reason)', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const declared = new Set(declaredRoutes().map(({ route }) => route));
    const undeclared = routes.filter((route) => !declared.has(route) && !(route in PLUGIN_FREE_ROUTES));
    expect(undeclared, 'routes that neither declare a plugin nor are listed in PLUGIN_FREE_ROUTES').toEqual([]);
    // The list stays true: no route on it is gone or has since declared a plugin.
    const stale = Object.keys(PLUGIN_FREE_ROUTES).filter((route) => !routes.includes(route) || declared.has(route));
    expect(stale, 'PLUGIN_FREE_ROUTES entries that are gone or now declare a plugin').toEqual([]);
  });

  it('each existing feature route belongs to the plugin docs/DECISIONS.md names', () => {
    const byRoute = Object.fromEntries(declaredRoutes().map(({ route, plugins }) => [route, plugins]));
    expect(byRoute).toMatchObject({
      'GET /api/v1/orders': ['orders'],
      'GET /api/v1/orders/{id}': ['orders'],
      'GET /api/v1/orders/health/mvr-metrics': ['orders'],
      'POST /api/v1/orders/create-mvr-order': ['orders'],
      'POST /api/v1/person/{id}/order/mvr': ['orders'],
      'POST /api/v1/orders/vehicle/order': ['orders'],
      'POST /api/v1/orders/irr/order': ['orders'],
      'POST /api/v1/orders/bra/order': ['orders', 'businesses'],
      'GET /api/v1/orders/{id}/bra/report': ['orders'],
      'GET /api/v1/reports': ['orders'],
      'GET /api/v1/reports/{id}': ['orders'],
      'GET /api/v1/reports/groups/{id}': ['orders'],
      'GET /api/v1/rulesets/{namespace}': ['orders'],
      'PUT /api/v1/rulesets/{namespace}': ['orders'],
      'GET /api/v1/rulesets/{namespace}/versions': ['orders'],
      'GET /api/v1/rulesets/{namespace}/versions/{version}': ['orders'],
      'POST /api/v1/rulesets/{namespace}/preview': ['orders'],
      'GET /api/v1/risk-definitions': ['orders'],
      'POST /api/v1/orders': ['orders', 'bulk-orders'],
      'GET /api/v1/orders/bulk/template': ['orders', 'bulk-orders'],
      'GET /api/v1/businesses': ['businesses'],
      'GET /api/v1/businesses/{id}': ['businesses'],
      'POST /api/v1/businesses': ['businesses'],
    });
  });

  it('the OpenAPI document tells callers of a feature route its plugin and its 403 answer', () => {
    for (const { route, plugins } of declaredRoutes()) {
      const documented = operation(route)!;
      expect(documented.description, route).toContain(`\`${plugins[0]}\``);
      expect(Object.keys(documented.responses as object), route).toContain('403');
    }
  });

  // --- refused without the plugin ---

  it('a company with no plugins gets 403 PluginNotEnabled naming the plugin from every feature route, whatever it sends', async () => {
    const routes = declaredRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(19);
    for (const { route, plugins } of routes) {
      const [method, path] = route.split(' ') as [InjectOptions['method'], string];
      // No body, an empty one, garbage: the plugin is checked before the input is read.
      const response = await call(admins.bare!, method, samplePath(path), method === 'GET' ? undefined : { garbage: true });
      const problem = refusedFor(response, plugins[0]!, 'Bare Co');
      expect(problem.instance, route).toBe(samplePath(path));
    }
  });

  it('without businesses: no business is listed, read or added, and no business risk report is ordered; orders still work', async () => {
    const nobiz = admins.nobiz!;
    refusedFor(await call(nobiz, 'POST', '/api/v1/businesses', business()), 'businesses', 'Nobiz Co');
    refusedFor(await call(nobiz, 'GET', '/api/v1/businesses'), 'businesses', 'Nobiz Co');
    refusedFor(await call(nobiz, 'POST', '/api/v1/orders/bra/order', { businessId: '0190c3a4-0000-7000-8000-000000000000' }), 'businesses', 'Nobiz Co');
    expect(await countOf(businesses, nobiz.companyId)).toBe(0);
    expect(await countOf(orders, nobiz.companyId)).toBe(0);

    const placed = await call(nobiz, 'POST', '/api/v1/orders/create-mvr-order', mvrOrder());
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await call(nobiz, 'GET', `/api/v1/orders/${placed.json().id}`)).statusCode).toBe(200);
    expect(await countOf(orders, nobiz.companyId)).toBe(1);
  });

  it('without orders: nothing is ordered (single, for a driver, by sheet), no ruleset is saved, no report or metric is read; businesses still work', async () => {
    const noorders = admins.noorders!;
    const added = await call(noorders, 'POST', '/api/v1/businesses', business());
    expect(added.statusCode, added.body).toBe(201);
    const driver = await call(noorders, 'POST', '/api/v1/person', mvrOrder().driver);
    expect(driver.statusCode, driver.body).toBe(201);

    refusedFor(await call(noorders, 'POST', '/api/v1/orders/create-mvr-order', mvrOrder()), 'orders', 'Noorders Co');
    refusedFor(await call(noorders, 'POST', `/api/v1/person/${driver.json().id}/order/mvr`, { permissiblePurpose: 'WRITTEN_CONSENT' }), 'orders', 'Noorders Co');
    // A business risk report needs both; the first one missing is named.
    refusedFor(await call(noorders, 'POST', '/api/v1/orders/bra/order', { businessId: added.json().id }), 'orders', 'Noorders Co');
    refusedFor(await call(noorders, 'PUT', '/api/v1/rulesets/strict', { rules: [] }), 'orders', 'Noorders Co');
    refusedFor(await call(noorders, 'GET', '/api/v1/reports'), 'orders', 'Noorders Co');
    refusedFor(await call(noorders, 'GET', '/api/v1/orders/health/mvr-metrics'), 'orders', 'Noorders Co');
    const sheet = 'First name,Last name,Date of birth,Licence number,Licence state,Permissible purpose\nA,B,1980-01-15,D1234567,CA,WRITTEN_CONSENT\n';
    const boundary = 'plugin-test-boundary';
    const upload = await t.app.inject({
      method: 'POST', url: '/api/v1/orders',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${sheet}\r\n--${boundary}--\r\n`,
      headers: { host: noorders.host, ...bearer(noorders.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    refusedFor(upload, 'orders', 'Noorders Co');
    expect(await countOf(orders, noorders.companyId)).toBe(0);
    expect(await countOf(reportGroups, noorders.companyId)).toBe(0);
    expect(await countOf(rulesets, noorders.companyId)).toBe(0);
  });

  it('without bulk-orders: no template and no sheet; single orders still work', async () => {
    const nobulk = admins.nobulk!;
    refusedFor(await call(nobulk, 'GET', '/api/v1/orders/bulk/template?format=csv'), 'bulk-orders', 'Nobulk Co');
    const placed = await call(nobulk, 'POST', '/api/v1/orders/create-mvr-order', mvrOrder());
    expect(placed.statusCode, placed.body).toBe(201);
    const template = await call(admins.nobiz!, 'GET', '/api/v1/orders/bulk/template?format=csv');
    expect(template.statusCode, template.body).toBe(200);
  });

  it('plugin-free routes work for a company with no plugins, and its plugin list is empty', async () => {
    const bare = admins.bare!;
    expect((await call(bare, 'GET', '/api/v1/company/me/plugins')).json()).toEqual({ plugins: [] });
    for (const url of ['/api/v1/users/me', '/api/v1/users', '/api/v1/company/me', '/api/v1/person/company/me', '/api/v1/tags']) {
      expect((await call(bare, 'GET', url)).statusCode, url).toBe(200);
    }
    const driver = await call(bare, 'POST', '/api/v1/person', mvrOrder().driver);
    expect(driver.statusCode, driver.body).toBe(201);
  });

  // --- the order of the checks ---

  it('checks authentication first (401), then the plugin (403 PluginNotEnabled), then the role (403 Forbidden)', async () => {
    expectProblem(await t.app.inject({ method: 'POST', url: '/api/v1/businesses', payload: business(), headers: { host: ACME_HOST } }), 401);
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/businesses', headers: { host: 'bare.localhost:3000', authorization: 'Bearer not-a-token' } }), 401);
    // A Viewer may not add businesses anywhere; in a company without the feature they are told that first.
    const bareViewer = await companyWith('bare', [], 'Viewer');
    refusedFor(await call(bareViewer, 'POST', '/api/v1/businesses', business()), 'businesses', 'Bare Co');
    const acmeViewer = { token: (await signInAs(t.app, seeded.users.viewer.email)).idToken, host: ACME_HOST };
    expectProblem(await call(acmeViewer, 'POST', '/api/v1/businesses', business()), 403, 'Forbidden');
  });

  it('switching a plugin off takes effect on the next request of a signed-in user, and on again', async () => {
    const admin = { token: (await signInAs(t.app, seeded.users.admin.email)).idToken, host: ACME_HOST };
    expect((await call(admin, 'GET', '/api/v1/businesses')).statusCode).toBe(200);
    await t.db.update(companies).set({ plugins: ['orders'] }).where(eq(companies.id, seeded.acme.id));
    try {
      refusedFor(await call(admin, 'GET', '/api/v1/businesses'), 'businesses', 'Acme Logistics');
      expect((await call(admin, 'GET', '/api/v1/company/me/plugins')).json()).toEqual({ plugins: ['orders'] });
    } finally {
      await t.db.update(companies).set({ plugins: [...KNOWN_PLUGINS] }).where(eq(companies.id, seeded.acme.id));
    }
    expect((await call(admin, 'GET', '/api/v1/businesses')).statusCode).toBe(200);
  });
}, {}, { queue: true });
