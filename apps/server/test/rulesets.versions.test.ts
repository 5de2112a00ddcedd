// Rulesets as a page (issue 13): every save is a version that is kept (who, when), orders record the
// version that judged them, and a draft is previewed against the company's MVRs completed in the
// last 90 days before it is saved. Another company's orders never appear in a preview.
import { beforeAll, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { orders, rulesetVersions } from '../src/db/schema.ts';
import { ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, fulfilOrder, get, seedTwoCompanies, signInAs } from './helpers.ts';

type Role = 'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin';

const noMoving = { id: 'no-moving-3y', description: 'No moving violation in 3 years', fact: 'movingViolations', years: 3, operator: 'equal', value: 0 };
const atMostTwo = { id: 'moving-3y', description: 'At most 2 moving violations in 3 years', fact: 'movingViolations', years: 3, operator: 'lessThanOrEqual', value: 2 };
const validLicence = { id: 'licence-valid', description: 'Licence is valid', fact: 'licenceStatus', operator: 'equal', value: 'VALID' };
const lenient = { name: 'Lenient fleet', rules: [atMostTwo, validLicence] };
const strict = { name: 'Strict fleet', rules: [noMoving, validLicence] };

describeEachDatabase('ruleset versions and preview', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    for (const key of Object.keys(seeded.users) as Role[]) {
      tokens[key] = (await signInAs(t.app, seeded.users[key].email, undefined, key === 'globexAdmin' ? GLOBEX_HOST : undefined)).idToken;
    }
  });

  const host = (role: Role) => (role === 'globexAdmin' ? GLOBEX_HOST : ACME_HOST);
  const send = (method: 'PUT' | 'POST', url: string, body: unknown, role: Role = 'manager') =>
    t.app.inject({ method, url, payload: body as InjectOptions['payload'], headers: { host: host(role), ...bearer(tokens[role]) } });
  const save = (namespace: string, body: unknown, role: Role = 'manager') => send('PUT', `/api/v1/rulesets/${namespace}`, body, role);
  const preview = (namespace: string, body: unknown, role: Role = 'manager') => send('POST', `/api/v1/rulesets/${namespace}/preview`, body, role);
  const ok = <T = Record<string, any>>(response: Awaited<ReturnType<typeof save>>, status = 200): T => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };

  /** A completed, rule-judged MVR: the sandbox answers by the licence's last digit (0 clean, 1 one moving violation, 3 a major one). */
  const judgedMvr = async (role: Role, lastName: string, digit: number, namespace?: string) => {
    const query = `?isAutoAdjudicated=true${namespace ? `&ruleNamespace=${namespace}` : ''}`;
    const order = ok(await send('POST', `/api/v1/orders/create-mvr-order${query}`, {
      driver: { firstName: 'Dana', lastName, dateOfBirth: '1988-04-12', licenceNumber: `D765432${digit}`, licenceState: 'CA' }, permissiblePurpose: 'WRITTEN_CONSENT',
    }, role), 201);
    const companyId = role === 'globexAdmin' ? seeded.globex.id : seeded.acme.id;
    await fulfilOrder(t.db, { id: order.id, companyId });
    return order.id as string;
  };
  const outcomeOf = async (id: string) => (await t.db.select({ outcome: orders.outcome, adjudication: orders.adjudication }).from(orders).where(eq(orders.id, id)))[0]!;

  it('each save is a new version, kept with who saved it and when; GET answers the latest; old versions stay readable', async () => {
    expect(ok(await save('versioned', lenient))).toMatchObject({ version: 1, name: lenient.name });
    expect(ok(await save('versioned', strict, 'admin'))).toMatchObject({ version: 2, name: strict.name });
    expect(ok(await get(t.app, '/api/v1/rulesets/versioned', tokens.viewer))).toMatchObject({ version: 2, rules: strict.rules });

    const versions = ok<{ version: number; name: string; ruleCount: number; savedAt: string; savedBy: { id: string; email: string } }[]>(
      await get(t.app, '/api/v1/rulesets/versioned/versions', tokens.viewer));
    expect(versions.map((v) => [v.version, v.name, v.ruleCount, v.savedBy.id])).toEqual([
      [2, strict.name, 2, seeded.users.admin.userId], [1, lenient.name, 2, seeded.users.manager.userId],
    ]);
    expect(versions[0]!.savedBy.email).toBe(seeded.users.admin.email);
    expect(Date.parse(versions[0]!.savedAt)).toBeGreaterThanOrEqual(Date.parse(versions[1]!.savedAt));

    expect(ok(await get(t.app, '/api/v1/rulesets/versioned/versions/1', tokens.agent))).toMatchObject({ namespace: 'versioned', version: 1, name: lenient.name, rules: lenient.rules });
    expectProblem(await get(t.app, '/api/v1/rulesets/versioned/versions/3', tokens.agent), 404, 'NotFound');
    expect(errorPaths(expectProblem(await get(t.app, '/api/v1/rulesets/versioned/versions/zero', tokens.agent), 400, 'ValidationError'))).toEqual(['params.version']);
    // The seeded default was never saved: no versions, not a 404; a namespace never saved: 404.
    expect(ok(await get(t.app, '/api/v1/rulesets/default/versions', tokens.agent))).toEqual([]);
    expectProblem(await get(t.app, '/api/v1/rulesets/never-saved/versions', tokens.agent), 404, 'NotFound');
    // Another company sees none of it, as if it did not exist.
    expectProblem(await get(t.app, '/api/v1/rulesets/versioned/versions', tokens.globexAdmin, GLOBEX_HOST), 404, 'NotFound');
    expectProblem(await get(t.app, '/api/v1/rulesets/versioned/versions/1', tokens.globexAdmin, GLOBEX_HOST), 404, 'NotFound');
    // A refused save makes no version.
    expectProblem(await save('versioned', strict, 'agent'), 403, 'Forbidden');
    expectProblem(await save('versioned', { name: 'x', rules: [] }), 400, 'ValidationError');
    const kept = await t.db.select().from(rulesetVersions).where(and(eq(rulesetVersions.companyId, seeded.acme.id), eq(rulesetVersions.namespace, 'versioned')));
    expect(kept.map((row) => row.version).sort()).toEqual([1, 2]);
  });

  it('an order records the version that judged it; saving again does not re-judge it', async () => {
    ok(await save('recorded', lenient));
    ok(await save('recorded', strict));
    const id = await judgedMvr('agent', 'Recorded', 1, 'recorded');
    expect(await outcomeOf(id)).toMatchObject({ outcome: 'Fail', adjudication: { rulesetNamespace: 'recorded', rulesetVersion: 2 } });
    ok(await save('recorded', lenient));
    expect(await outcomeOf(id)).toMatchObject({ outcome: 'Fail', adjudication: { rulesetVersion: 2 } });
    const detail = ok(await get(t.app, `/api/v1/orders/${id}`, tokens.viewer));
    expect(detail.adjudication).toMatchObject({ rulesetNamespace: 'recorded', rulesetVersion: 2 });
    // The seeded default judges as version 0.
    const seededId = await judgedMvr('agent', 'Seededjudge', 0);
    expect((await outcomeOf(seededId)).adjudication).toMatchObject({ rulesetNamespace: 'default', rulesetVersion: 0 });
  });

  it('preview re-judges my completed MVRs of the last 90 days judged by this ruleset, counts each change and lists the orders', async () => {
    ok(await save('fleet', lenient));
    const clean = await judgedMvr('agent', 'Cleanrecord', 0, 'fleet');
    const minorA = await judgedMvr('agent', 'Minorone', 1, 'fleet');
    const minorB = await judgedMvr('manager', 'Minortwo', 1, 'fleet');
    const major = await judgedMvr('agent', 'Majorone', 3, 'fleet');
    expect((await outcomeOf(minorA)).outcome).toBe('Pass');
    expect((await outcomeOf(major)).outcome).toBe('Pass');
    // Not in the window, not judged by this ruleset, not this company's: none of these is re-judged.
    const old = await judgedMvr('agent', 'Longago', 1, 'fleet');
    await t.db.update(orders).set({ completedAt: sql`now() - interval '91 days'` }).where(eq(orders.id, old));
    const otherRules = await judgedMvr('agent', 'Otherrules', 1);
    ok(await save('fleet', lenient, 'globexAdmin'));
    const theirs = await judgedMvr('globexAdmin', 'Theirsone', 1, 'fleet');

    const answer = ok<{ judged: number; changed: number; transitions: unknown[]; orders: { id: string; subjectLabel: string; from: string; to: string }[]; truncated: boolean; since: string }>(
      await preview('fleet', strict));
    // A major violation is a moving one too: three of the four would fail.
    expect(answer).toMatchObject({ judged: 4, changed: 3, truncated: false, transitions: [{ from: 'Pass', to: 'Fail', count: 3 }] });
    expect(answer.orders[0]).toMatchObject({ from: 'Pass', to: 'Fail', subjectLabel: expect.stringContaining('Dana') });
    // Newest first.
    expect(answer.orders.map((order) => order.id)).toEqual([major, minorB, minorA]);
    for (const excluded of [clean, old, otherRules, theirs]) expect(answer.orders.map((order) => order.id)).not.toContain(excluded);
    expect(Date.now() - Date.parse(answer.since)).toBeGreaterThanOrEqual(90 * 86_400_000 - 60_000);

    // The preview saved nothing, and judged nothing anew.
    expect(ok(await get(t.app, '/api/v1/rulesets/fleet', tokens.agent))).toMatchObject({ version: 1, name: lenient.name });
    expect((await outcomeOf(minorA)).outcome).toBe('Pass');

    // The same rules change nothing; rules failing the major violation move it one way, counted apart.
    expect(ok(await preview('fleet', lenient))).toMatchObject({ judged: 4, changed: 0, transitions: [], orders: [] });
    const noMajor = { name: 'No major', rules: [{ id: 'no-major', description: 'No major violation in 5 years', fact: 'majorViolations', years: 5, operator: 'equal', value: 0 }] };
    expect(ok(await preview('fleet', noMajor))).toMatchObject({ changed: 1, transitions: [{ from: 'Pass', to: 'Fail', count: 1 }], orders: [{ id: major }] });
    // Globex's preview of its own "fleet" sees its one order only.
    expect(ok(await preview('fleet', strict, 'globexAdmin'))).toMatchObject({ judged: 1, changed: 1, orders: [{ id: theirs }] });
    // The default ruleset's preview takes the orders naming no ruleset.
    const ofDefault = ok<{ orders: { id: string }[] }>(await preview('default', strict));
    expect(ofDefault.orders.map((order) => order.id)).toContain(otherRules);
    expect(ofDefault.orders.map((order) => order.id)).not.toContain(minorA);
    // A namespace nobody saved yet previews nothing rather than a 404: it is about to be created.
    expect(ok(await preview('brand-new', strict))).toMatchObject({ judged: 0, changed: 0, orders: [] });
  });

  it('preview: only who may save may preview; bad rules are a 400 naming the field', async () => {
    for (const role of ['agent', 'viewer'] as const) expectProblem(await preview('fleet', strict, role), 403, 'Forbidden');
    expectProblem(await t.app.inject({ method: 'POST', url: '/api/v1/rulesets/fleet/preview', payload: strict, headers: { host: ACME_HOST } }), 401);
    ok(await preview('fleet', strict, 'admin'));
    const bad = async (body: unknown, paths: string[]) => expect(errorPaths(expectProblem(await preview('fleet', body), 400, 'ValidationError'))).toEqual(expect.arrayContaining(paths));
    await bad({ name: 'x', rules: [] }, ['body.rules']);
    await bad({ name: 'x', rules: [{ ...noMoving, years: undefined }] }, ['body.rules.0.years']);
    await bad({ name: 'x', rules: [{ ...validLicence, operator: 'in' }] }, ['body.rules.0.value']);
    await bad({ name: 'x', rules: [noMoving, { ...validLicence, id: noMoving.id }] }, ['body.rules.1.id']);
    await bad({ name: '', rules: [noMoving] }, ['body.name']);
  });
}, {}, { queue: true });
