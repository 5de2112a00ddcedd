// /api/v1/rulesets/{namespace}: a company's adjudication rules. Reading needs view Order, saving
// manage Order (Managers and Company Admins, not Agents or Viewers). Each company has its own.
import { beforeAll, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_RULESET } from '@clearlane/contract';
import { rulesets } from '../src/db/schema.ts';
import { ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, get, seedTwoCompanies, signInAs } from './helpers.ts';

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

  it('GET /rulesets/default answers the seeded default until the company saves its own, to every role', async () => {
    for (const role of ['viewer', 'agent', 'manager', 'admin'] as const) {
      const response = await read('default', role);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ...DEFAULT_RULESET, isDefault: true, updatedAt: null });
    }
  });

  it('PUT /rulesets/{namespace} saves a ruleset (Manager, Company Admin) and GET answers it', async () => {
    const response = await save('strict-fleet', strict);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ namespace: 'strict-fleet', ...strict, isDefault: false, updatedAt: expect.any(String) });
    expect((await read('strict-fleet', 'viewer')).json()).toEqual(response.json());
    expect(await stored(seeded.acme.id, 'strict-fleet')).toMatchObject({ updatedBy: seeded.users.manager.userId, name: strict.name });

    // Saving again replaces the rules; an admin may too.
    const replaced = await save('strict-fleet', { name: 'Stricter', rules: [strict.rules[0]] }, 'admin');
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await read('strict-fleet')).json()).toMatchObject({ name: 'Stricter', rules: [strict.rules[0]] });
    expect(await stored(seeded.acme.id, 'strict-fleet')).toMatchObject({ updatedBy: seeded.users.admin.userId });
  });

  it('PUT /rulesets/default replaces the seeded default for my company only', async () => {
    const response = await save('default', { name: 'Our default', rules: [strict.rules[0]] }, 'admin');
    expect(response.statusCode, response.body).toBe(200);
    expect((await read('default')).json()).toMatchObject({ name: 'Our default', isDefault: false });
    expect((await read('default', 'globexAdmin')).json()).toEqual({ ...DEFAULT_RULESET, isDefault: true, updatedAt: null });
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
});
