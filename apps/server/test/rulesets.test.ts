// /api/v1/rulesets/{namespace}: a company's adjudication rules. Reading needs view Order, saving
// manage Order (Managers and Company Admins, not Agents or Viewers). Each company has its own.
// Text the database cannot store is a 400 naming the field; a stored row edited by hand into
// something invalid is a 409 naming the ruleset and what is wrong, never a 500.
import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_RULESET } from '@clearlane/contract';
import { orders, rulesets } from '../src/db/schema.ts';
import { ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, fulfilOrder, get, newCompany, newUser, seedTwoCompanies, signInAs } from './helpers.ts';

type Role = 'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin';

const strict = {
  name: 'Strict fleet rules',
  rules: [
    { id: 'no-moving-3y', description: 'No moving violation in 3 years', fact: 'movingViolations', years: 3, operator: 'equal', value: 0 },
    { id: 'class-ok', description: 'Licence valid', fact: 'licenceStatus', operator: 'in', value: ['VALID'] },
  ],
};

describeEachDatabase('rulesets', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    for (const key of Object.keys(seeded.users) as Role[]) {
      tokens[key] = (await signInAs(t.app, seeded.users[key].email, undefined, key === 'globexAdmin' ? GLOBEX_HOST : undefined)).idToken;
    }
  });

  const host = (role: Role) => (role === 'globexAdmin' ? GLOBEX_HOST : ACME_HOST);
  const read = (namespace: string, role: Role = 'agent') => get(t.app, `/api/v1/rulesets/${namespace}`, tokens[role], host(role));
  const save = (namespace: string, body: unknown, role: Role = 'manager') =>
    t.app.inject({ method: 'PUT', url: `/api/v1/rulesets/${namespace}`, payload: body as InjectOptions['payload'], headers: { host: host(role), ...bearer(tokens[role]) } });
  const stored = async (companyId: string, namespace: string) =>
    (await t.db.select().from(rulesets).where(and(eq(rulesets.companyId, companyId), eq(rulesets.namespace, namespace))))[0];

  it('GET /rulesets lists my company\'s rulesets, "default" first (seeded until saved), to every role; never another company\'s', async () => {
    await newCompany(t.db, 'rulelist', 'Rule List Co');
    const manager = (await signInAs(t.app, (await newUser(t.db, { tenant: 'rulelist', role: 'Manager' })).email, undefined, 'rulelist.localhost:3000')).idToken;
    const list = async (token: string, tenantHost = 'rulelist.localhost:3000') => {
      const response = await get(t.app, '/api/v1/rulesets', token, tenantHost);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { namespace: string; name: string; ruleCount: number; isDefault: boolean; updatedAt: string | null }[];
    };
    expect(await list(manager)).toEqual([{ namespace: 'default', name: DEFAULT_RULESET.name, ruleCount: DEFAULT_RULESET.rules.length, isDefault: true, updatedAt: null, version: 0 }]);

    const put = (namespace: string, body: unknown) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/rulesets/${namespace}`, payload: body as InjectOptions['payload'], headers: { host: 'rulelist.localhost:3000', ...bearer(manager) } });
    expect((await put('zeta-fleet', strict)).statusCode).toBe(200);
    expect((await put('alpha', { ...strict, name: 'Alpha rules', rules: strict.rules.slice(0, 1) })).statusCode).toBe(200);
    expect((await list(manager)).map((row) => [row.namespace, row.name, row.ruleCount, row.isDefault])).toEqual([
      ['default', DEFAULT_RULESET.name, DEFAULT_RULESET.rules.length, true], ['alpha', 'Alpha rules', 1, false], ['zeta-fleet', strict.name, 2, false],
    ]);
    // Once saved, the company's own "default" is listed, still first.
    expect((await put('default', strict)).statusCode).toBe(200);
    expect((await list(manager))[0]).toEqual({ namespace: 'default', name: strict.name, ruleCount: 2, isDefault: false, updatedAt: expect.any(String), version: 1 });
    expect((await list(manager)).map((row) => row.namespace)).toEqual(['default', 'alpha', 'zeta-fleet']);

    // Acme's Viewer lists Acme's, which has none of Rule List Co's.
    const acme = await list(tokens.viewer, ACME_HOST);
    expect(acme.map((row) => row.namespace)).not.toContain('zeta-fleet');
    expect(acme[0]!.namespace).toBe('default');
    expectProblem(await get(t.app, '/api/v1/rulesets', undefined, ACME_HOST), 401);
    // A company without the orders plugin has no rulesets to list.
    await newCompany(t.db, 'norules', 'No Rules Co', { plugins: [] });
    const outsider = (await signInAs(t.app, (await newUser(t.db, { tenant: 'norules', role: 'Company Admin' })).email, undefined, 'norules.localhost:3000')).idToken;
    expectProblem(await get(t.app, '/api/v1/rulesets', outsider, 'norules.localhost:3000'), 403, 'PluginNotEnabled');
  });

  it('GET /rulesets/default answers the seeded default until the company saves its own, to every role', async () => {
    for (const role of ['viewer', 'agent', 'manager', 'admin'] as const) {
      const response = await read('default', role);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ...DEFAULT_RULESET, isDefault: true, updatedAt: null, version: 0 });
    }
  });

  it('PUT /rulesets/{namespace} saves a ruleset (Manager, Company Admin) and GET answers it', async () => {
    const response = await save('strict-fleet', strict);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ namespace: 'strict-fleet', ...strict, isDefault: false, updatedAt: expect.any(String), version: 1 });
    expect((await read('strict-fleet', 'viewer')).json()).toEqual(response.json());
    expect(await stored(seeded.acme.id, 'strict-fleet')).toMatchObject({ updatedBy: seeded.users.manager.userId, name: strict.name });

    // Saving again replaces the rules; an admin may too.
    const replaced = await save('strict-fleet', { name: 'Stricter', rules: [strict.rules[0]] }, 'admin');
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await read('strict-fleet')).json()).toMatchObject({ name: 'Stricter', rules: [strict.rules[0]], version: 2 });
    expect(await stored(seeded.acme.id, 'strict-fleet')).toMatchObject({ updatedBy: seeded.users.admin.userId });
  });

  it('PUT /rulesets/default replaces the seeded default for my company only', async () => {
    const response = await save('default', { name: 'Our default', rules: [strict.rules[0]] }, 'admin');
    expect(response.statusCode, response.body).toBe(200);
    expect((await read('default')).json()).toMatchObject({ name: 'Our default', isDefault: false });
    expect((await read('default', 'globexAdmin')).json()).toEqual({ ...DEFAULT_RULESET, isDefault: true, updatedAt: null, version: 0 });
  });

  it('GET /rulesets/{namespace} of a namespace my company never saved is 404, even if another company has it', async () => {
    expect((await save('globex-only', strict, 'globexAdmin')).statusCode).toBe(200);
    const outsider = expectProblem(await read('globex-only'), 404, 'NotFound');
    const missing = expectProblem(await read('never-saved'), 404, 'NotFound');
    expect(outsider.detail).toBe(missing.detail);
  });

  it('PUT /rulesets/{namespace} of another company changes nothing of mine', async () => {
    expect((await save('shared-name', strict)).statusCode).toBe(200);
    const mine = await stored(seeded.acme.id, 'shared-name');
    expect((await save('shared-name', { name: 'Globex rules', rules: [strict.rules[1]] }, 'globexAdmin')).statusCode).toBe(200);
    expect(await stored(seeded.acme.id, 'shared-name')).toEqual(mine);
    expect((await read('shared-name')).json()).toMatchObject({ name: strict.name, rules: strict.rules });
  });

  it('PUT /rulesets/{namespace}: an Agent or a Viewer may not change rules (403), and nothing is saved', async () => {
    const before = (await read('default')).json();
    for (const role of ['agent', 'viewer'] as const) {
      expectProblem(await save('default', strict, role), 403, 'Forbidden');
      expectProblem(await save('agent-rules', strict, role), 403, 'Forbidden');
    }
    expect((await read('default')).json()).toEqual(before);
    expect(await stored(seeded.acme.id, 'agent-rules')).toBeUndefined();
    expectProblem(await t.app.inject({ method: 'PUT', url: '/api/v1/rulesets/default', payload: strict, headers: { host: ACME_HOST } }), 401);
    expectProblem(await get(t.app, '/api/v1/rulesets/default'), 401);
  });

  it('PUT /rulesets/{namespace} refuses bad rules naming the field, and saves nothing', async () => {
    const bad = async (body: unknown, paths: string[], namespace = 'bad-rules') => {
      const problem = expectProblem(await save(namespace, body), 400, 'ValidationError');
      expect(errorPaths(problem)).toEqual(expect.arrayContaining(paths));
      return problem;
    };
    await bad({ name: 'No rules', rules: [] }, ['body.rules']);
    await bad({ rules: strict.rules }, ['body.name']);
    const years = await bad({ name: 'x', rules: [{ id: 'm', description: 'Moving', fact: 'movingViolations', operator: 'equal', value: 0 }] }, ['body.rules.0.years']);
    expect(years.errors).toContainEqual({ path: 'body.rules.0.years', message: 'is required for movingViolations' });
    await bad({ name: 'x', rules: [{ id: 'm', description: 'Status', fact: 'licenceStatus', operator: 'in', value: 'VALID' }] }, ['body.rules.0.value']);
    await bad({ name: 'x', rules: [{ id: 'Bad Id', description: 'd', fact: 'shoeSize', operator: 'about', value: 1 }] }, ['body.rules.0.id', 'body.rules.0.fact', 'body.rules.0.operator']);
    const twice = await bad({ name: 'x', rules: [strict.rules[0], strict.rules[1], { ...strict.rules[1], description: 'Again' }] }, ['body.rules.2.id']);
    expect(twice.errors).toHaveLength(1);
    await bad(strict, ['params.namespace'], 'Not_A_Namespace');
    expect(errorPaths(expectProblem(await read('Not_A_Namespace'), 400, 'ValidationError'))).toEqual(['params.namespace']);
    expect(await stored(seeded.acme.id, 'bad-rules')).toBeUndefined();
  });

  it('PUT /rulesets/{namespace} refuses text the database cannot store (NUL, control characters, half a character) naming the field, never a 500', async () => {
    const rule = strict.rules[1]!;
    const cases: [unknown, string, RegExp][] = [
      [{ name: 'Night\u0000shift', rules: [rule] }, 'body.name', /control characters/],
      [{ name: 'x', rules: [{ ...rule, description: 'Licence\u0000valid' }] }, 'body.rules.0.description', /control characters/],
      [{ name: 'x', rules: [{ ...rule, operator: 'equal', value: 'VALID\u0000' }] }, 'body.rules.0.value', /control characters/],
      [{ name: 'x', rules: [{ ...rule, value: ['VALID', 'EXPIRED\u0007'] }] }, 'body.rules.0.value.1', /control characters/],
      [{ name: 'x', rules: [{ ...rule, description: 'Licence \ud800valid' }] }, 'body.rules.0.description', /valid Unicode text/],
      [{ name: 'Fleet \udc00', rules: [rule] }, 'body.name', /valid Unicode text/],
      [{ name: 'x', rules: [{ ...rule, operator: 'equal', value: 'V'.repeat(101) }] }, 'body.rules.0.value', /100/],
    ];
    for (const [body, path, message] of cases) {
      const response = await t.app.inject({
        method: 'PUT', url: '/api/v1/rulesets/unstorable', headers: { host: ACME_HOST, 'content-type': 'application/json', ...bearer(tokens.manager) },
        payload: JSON.stringify(body), // JSON keeps the NUL and the lone surrogates as escapes
      });
      const problem = expectProblem(response, 400, 'ValidationError');
      expect(errorPaths(problem), JSON.stringify(body)).toEqual([path]);
      expect(problem.errors?.[0]?.message).toMatch(message);
    }
    expect(await stored(seeded.acme.id, 'unstorable')).toBeUndefined();
    // Text outside ASCII is fine, emoji (a surrogate pair) included.
    const accented = await save('unstorable', { name: 'Flotte été 🚚', rules: [{ ...rule, description: 'Führerschein gültig ✓' }] });
    expect(accented.statusCode, accented.body).toBe(200);
    expect((await read('unstorable')).json()).toMatchObject({ name: 'Flotte été 🚚', rules: [{ description: 'Führerschein gültig ✓' }] });
  });

  describe('a stored ruleset edited by hand into something invalid', () => {
    // What an operator's SQL might leave behind, and the problem paths it should be reported by.
    const broken: [string, { name?: string; rules: unknown }, string[]][] = [
      ['unknown-operator', { rules: [{ ...strict.rules[0], operator: 'about' }] }, ['rules.0.operator']],
      ['missing-years', { rules: [{ id: 'm', description: 'Moving', fact: 'movingViolations', operator: 'equal', value: 0 }] }, ['rules.0.years']],
      ['rules-object', { rules: { 0: strict.rules[0] } }, ['rules']],
      ['rules-json-null', { rules: null }, ['rules']],
      ['no-rules', { rules: [] }, ['rules']],
      ['twice-one-id', { rules: [strict.rules[0], { ...strict.rules[1], id: strict.rules[0]!.id }] }, ['rules.1.id']],
      ['empty-name', { name: ' ', rules: strict.rules }, ['name']],
    ];

    const breakRow = async (namespace: string, change: { name?: string; rules: unknown }) => {
      expect((await save(namespace, strict)).statusCode).toBe(200);
      // JSON null goes in as the jsonb value null: drizzle would send SQL NULL, which the column refuses.
      const rules = change.rules === null ? sql`'null'::jsonb` : (change.rules as unknown[]);
      await t.db.update(rulesets).set({ ...(change.name === undefined ? {} : { name: change.name }), rules })
        .where(and(eq(rulesets.companyId, seeded.acme.id), eq(rulesets.namespace, namespace)));
    };

    it('GET answers 409 InvalidRuleset naming the ruleset and what is wrong in it, to every role; PUT repairs it', async () => {
      for (const [namespace, change, paths] of broken) {
        await breakRow(namespace, change);
        for (const role of ['viewer', 'agent', 'manager'] as const) {
          const problem = expectProblem(await read(namespace, role), 409, 'InvalidRuleset');
          expect(errorPaths(problem), namespace).toEqual(paths);
          expect(problem.detail).toContain(`ruleset "${namespace}" is not valid`);
          expect(problem.detail).toContain(paths[0]);
          expect(problem.title).toBe('Ruleset Not Valid');
        }
        // Another company is not told about it: for Globex it does not exist.
        expectProblem(await read(namespace, 'globexAdmin'), 404, 'NotFound');
      }
      // Saving it again (the stored row is not read) makes it whole.
      const repaired = await save('unknown-operator', strict);
      expect(repaired.statusCode, repaired.body).toBe(200);
      expect((await read('unknown-operator')).json()).toMatchObject({ namespace: 'unknown-operator', ...strict, isDefault: false });
    });

    it('a broken "default" is not replaced by the seeded one: it is reported like any other', async () => {
      expect((await save('default', strict, 'admin')).statusCode).toBe(200);
      await t.db.update(rulesets).set({ rules: [{ id: 'broken' }] }).where(and(eq(rulesets.companyId, seeded.acme.id), eq(rulesets.namespace, 'default')));
      const problem = expectProblem(await read('default'), 409, 'InvalidRuleset');
      expect(errorPaths(problem)).toEqual(expect.arrayContaining(['rules.0.description', 'rules.0.fact', 'rules.0.operator', 'rules.0.value']));
      expect((await save('default', { name: 'Our default', rules: [strict.rules[0]] }, 'admin')).statusCode).toBe(200);
      expect((await read('default')).statusCode).toBe(200);
    });

    it('an order to be judged by it is refused with the same 409 (nothing is ordered), while other rulesets still take orders', async () => {
      await breakRow('broken-for-orders', { rules: [{ ...strict.rules[0], fact: 'shoeSize' }] });
      const place = (query: string) => t.app.inject({
        method: 'POST', url: `/api/v1/orders/create-mvr-order${query}`, headers: { host: ACME_HOST, ...bearer(tokens.agent) },
        payload: { driver: { firstName: 'Dana', lastName: 'Brokenrules', dateOfBirth: '1988-04-12', licenceNumber: 'D1234560', licenceState: 'CA' }, permissiblePurpose: 'WRITTEN_CONSENT' },
      });
      const problem = expectProblem(await place('?isAutoAdjudicated=true&ruleNamespace=broken-for-orders'), 409, 'InvalidRuleset');
      expect(problem.detail).toContain('"broken-for-orders"');
      expect(errorPaths(problem)).toEqual(['rules.0.fact']);
      expect(await t.db.select().from(orders).where(and(eq(orders.companyId, seeded.acme.id), eq(orders.subjectLabel, 'Dana Brokenrules (CA D1234560)')))).toEqual([]);
      expect((await place('?isAutoAdjudicated=true&ruleNamespace=strict-fleet')).statusCode).toBe(201);
    });

    it('an order placed before its ruleset broke is still fulfilled to an end, and its pages answer without a 5xx', async () => {
      expect((await save('breaks-later', strict)).statusCode).toBe(200);
      const placed = await t.app.inject({
        method: 'POST', url: '/api/v1/orders/create-mvr-order?isAutoAdjudicated=true&ruleNamespace=breaks-later', headers: { host: ACME_HOST, ...bearer(tokens.agent) },
        payload: { driver: { firstName: 'Lee', lastName: 'Laterbroken', dateOfBirth: '1988-04-12', licenceNumber: 'D7654320', licenceState: 'CA' }, permissiblePurpose: 'WRITTEN_CONSENT' },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = { id: placed.json().id as string, companyId: seeded.acme.id };
      await breakRow('breaks-later', { rules: [{ id: 'broken' }] });
      // The worker gets to the end of its attempts without throwing past the last one.
      await fulfilOrder(t.db, order);
      const [row] = await t.db.select().from(orders).where(and(eq(orders.companyId, order.companyId), eq(orders.id, order.id)));
      // docs/DECISIONS.md: Complete as Indeterminate, saying why, once the worker catches
      // InvalidRulesetError (orders.jobs.ts); until then the worker's generic Error after its retries.
      expect(row).toMatchObject({ status: 'Complete', outcome: 'Indeterminate', failureReason: null });
      expect(row!.adjudication).toMatchObject({ outcome: 'Indeterminate', rulesetNamespace: 'breaks-later', decidingRuleIds: [], results: [] });
      expect((row!.adjudication as { summary: string }).summary).toMatch(/^Not judged: the ruleset "breaks-later" is not valid \(rules\.0\.description/);
      const report = await get(t.app, `/api/v1/reports/${order.id}`, tokens.agent);
      expect(report.json()).toMatchObject({ outcome: 'Indeterminate' });
      for (const url of [`/api/v1/orders/${order.id}`, `/api/v1/reports/${order.id}`, '/api/v1/orders', '/api/v1/reports']) {
        expect((await get(t.app, url, tokens.agent)).statusCode, url).toBeLessThan(500);
      }
    });
  });
}, {}, { queue: true });
