// /api/v1/claims (issue 11): filing and editing a loss notice against the company's claim form,
// attaching orders judged by a ruleset, publishing numbered, immutable snapshots, Updates, and the
// company's claim form versions. Every endpoint with its happy path, bad input (a 400 naming the
// field, nothing written), another company's admin (404, nothing changed), the roles and the plugin
// switched off. Orders are finished by running their fulfilment job directly, with the listener
// main.ts gives it (claims follow their orders), so no test waits for the queue's worker.
import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { and, count, eq, sql } from 'drizzle-orm';
import { KNOWN_PLUGINS } from '@clearlane/contract';
import { claimEvents, claims, claimSnapshots } from '../src/db/schema.ts';
import { claimsFollowOrders } from '../src/modules/claims/claims.jobs.ts';
import { reportSha256 } from '../src/modules/claims/claim-settle.ts';
import { clearClaimValidatorCache } from '../src/modules/claims/claim-validation.ts';
import { readPdf } from './pdf-reader.ts';
import { lossNotice, validVin, withWrongCheckDigit } from './claim-fixtures.ts';
import {
  ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, fulfilOrder, newCompany, newUser, seedTwoCompanies, signInAs,
} from './helpers.ts';

type Role = 'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin' | 'unplugged';

let nextLicence = 300_000;

describeEachDatabase('claims', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    await newCompany(t.db, 'noclaims', 'No Claims Co', { plugins: KNOWN_PLUGINS.filter((plugin) => plugin !== 'claims') });
    const unplugged = await newUser(t.db, { tenant: 'noclaims', role: 'Company Admin' });
    for (const key of Object.keys(seeded.users) as Role[]) {
      tokens[key] = (await signInAs(t.app, seeded.users[key as keyof typeof seeded.users].email, undefined, key === 'globexAdmin' ? GLOBEX_HOST : undefined)).idToken;
    }
    tokens.unplugged = (await signInAs(t.app, unplugged.email, undefined, 'noclaims.localhost:3000')).idToken;
  });

  const hostOf = (role: Role) => (role === 'globexAdmin' ? GLOBEX_HOST : role === 'unplugged' ? 'noclaims.localhost:3000' : ACME_HOST);
  const send = (method: InjectOptions['method'], url: string, role: Role, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: { host: hostOf(role), ...bearer(tokens[role]) } });
  const read = (url: string, role: Role = 'agent') => send('GET', url, role);
  const ok = (response: LightMyRequestResponse, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };

  const fileClaim = async (body: Record<string, unknown> = { formData: lossNotice() }, role: Role = 'agent') => ok(await send('POST', '/api/v1/claims', role, body), 201);
  const claimRow = async (id: string) => (await t.db.select().from(claims).where(eq(claims.id, id)))[0]!;
  const eventCount = async (id: string) => Number((await t.db.select({ value: count() }).from(claimEvents).where(eq(claimEvents.claimId, id)))[0]!.value);
  const claimCount = async () => Number((await t.db.select({ value: count() }).from(claims).where(eq(claims.companyId, seeded.acme.id)))[0]!.value);

  /** An MVR order of Acme (not auto-adjudicated: the claim judges it) for a licence ending in the sandbox digit. */
  const mvrOrder = async (digit: number, role: Role = 'agent') => ok(await send('POST', '/api/v1/orders/create-mvr-order', role, {
    driver: { firstName: 'Dana', lastName: 'Reyes', dateOfBirth: '1988-04-12', licenceNumber: `D${String(nextLicence++).padStart(6, '0')}${digit}`, licenceState: 'CA' },
    permissiblePurpose: 'INSURANCE',
  }), 201);
  const finish = (order: { id: string }, companyId = seeded.acme.id) => fulfilOrder(t.db, { id: order.id, companyId }, undefined, claimsFollowOrders());
  const attach = (claimId: string, orderId: string, body: Record<string, unknown> = {}, role: Role = 'agent') => send('POST', `/api/v1/claims/${claimId}/${orderId}`, role, body);

  /** A refused change: the problem, and the claim exactly as it was (row and events). */
  const refusedWithoutChange = async (claimId: string, request: () => Promise<LightMyRequestResponse>, status: number, paths: string[] = [], code?: string) => {
    const [before, eventsBefore] = [await claimRow(claimId), await eventCount(claimId)];
    const problem = expectProblem(await request(), status, code);
    expect(errorPaths(problem)).toEqual(expect.arrayContaining(paths));
    expect(await claimRow(claimId)).toEqual(before);
    expect(await eventCount(claimId)).toBe(eventsBefore);
    return problem;
  };

  describe('the claim form versions', () => {
    it('serves the built-in loss notice as version 1 of every company, and 404 for a version that does not exist', async () => {
      const current = ok(await read('/api/v1/claims/schemas/current', 'viewer'));
      expect(current).toMatchObject({ version: 1, builtIn: true });
      expect(current.schema.properties.vehicles.items.properties.type.enum).toEqual(['Truck', 'Trailer']);
      expect(current.uiSchema['ui:order'][0]).toBe('policy');
      expect(ok(await read('/api/v1/claims/schemas/1')).schema).toEqual(current.schema);
      expectProblem(await read('/api/v1/claims/schemas/99'), 404, 'NotFound');
      expectProblem(await read('/api/v1/claims/schemas/zero'), 400);
    });

    it('lets a Company Admin publish a new version; claims filed before keep theirs; Managers may not; another company is not affected', async () => {
      const before = await fileClaim();
      const custom = { type: 'object', additionalProperties: false, required: ['policy'], properties: { policy: { type: 'object', properties: { policyNumber: { type: 'string', maxLength: 40 } } }, notes: { type: 'string', maxLength: 200 } } };
      expectProblem(await send('POST', '/api/v1/claims/schemas', 'manager', { schema: custom }), 403, 'Forbidden');
      const published = ok(await send('POST', '/api/v1/claims/schemas', 'admin', { schema: custom, note: 'Short form for glass claims' }), 201);
      expect(published).toMatchObject({ version: 2, builtIn: false, note: 'Short form for glass claims', uiSchema: {} });
      expect(ok(await read('/api/v1/claims/schemas/current')).version).toBe(2);
      expect(ok(await read('/api/v1/claims/schemas')).map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([[2, true], [1, false]]);
      // New claims are entered against version 2; the old one is still checked against version 1.
      const short = await fileClaim({ formData: { notes: 'Cracked windscreen' } });
      expect(short.schemaVersion).toBe(2);
      expectProblem(await send('POST', '/api/v1/claims', 'agent', { formData: { vehicles: [] } }), 400, 'ValidationError');
      expect(ok(await send('PUT', `/api/v1/claims/${before.id}`, 'agent', { formData: lossNotice({ coverages: ['Liability'] }) })).schemaVersion).toBe(1);
      // Filing against the built-in form on purpose still works.
      expect((await fileClaim({ formData: lossNotice(), schemaVersion: 1 })).schemaVersion).toBe(1);
      // Globex still has the built-in form.
      expect(ok(await read('/api/v1/claims/schemas/current', 'globexAdmin')).version).toBe(1);
      expectProblem(await read('/api/v1/claims/schemas/2', 'globexAdmin'), 404);
      // Back to the loss notice for the rest of the suite.
      ok(await send('POST', '/api/v1/claims/schemas', 'admin', { schema: ok(await read('/api/v1/claims/schemas/1')).schema, uiSchema: ok(await read('/api/v1/claims/schemas/1')).uiSchema }), 201);
    });

    it('answers 409 InvalidClaimSchema, not a 500, when a stored version was edited outside Clearlane into a schema that cannot be used', async () => {
      const initech = await newCompany(t.db, 'initech', 'Initech');
      const admin = await newUser(t.db, { tenant: 'initech', role: 'Company Admin' });
      const token = (await signInAs(t.app, admin.email, undefined, 'initech.localhost:3000')).idToken;
      const headers = { host: 'initech.localhost:3000', ...bearer(token) };
      const filed = ok(await t.app.inject({ method: 'POST', url: '/api/v1/claims', headers, payload: { formData: {} } }), 201);
      await t.db.execute(sql`update claim_schemas set schema = '{"type": "object", "properties": {"a": {"type": "strin"}}}'::jsonb where company_id = ${initech.id}`);
      // Compiled validators are cached per process: forget them, as a restarted server would, to see the row as stored.
      clearClaimValidatorCache();
      expectProblem(await t.app.inject({ method: 'POST', url: '/api/v1/claims', headers, payload: { formData: {} } }), 409, 'InvalidClaimSchema');
      expect(Number((await t.db.select({ value: count() }).from(claims).where(eq(claims.companyId, initech.id)))[0]!.value)).toBe(1);
      // A claim filed before is still read; publishing it waits for a corrected version.
      const read = ok(await t.app.inject({ method: 'GET', url: `/api/v1/claims/${filed.id}`, headers }));
      expect(read.publishBlockers[0]).toMatchObject({ path: 'formData', message: expect.stringMatching(/cannot be used/) });
      expectProblem(await t.app.inject({ method: 'PUT', url: `/api/v1/claims/${filed.id}`, headers, payload: { formData: { a: 'x' } } }), 409, 'InvalidClaimSchema');
    });

    it('refuses a schema that is not a draft-07 object form, naming the part, and publishes nothing', async () => {
      const versions = ok(await read('/api/v1/claims/schemas')).length;
      const bad = expectProblem(await send('POST', '/api/v1/claims/schemas', 'admin', { schema: { type: 'array', $schema: 'https://json-schema.org/draft/2020-12/schema' } }), 400, 'ValidationError');
      expect(errorPaths(bad)).toEqual(['body.schema.$schema', 'body.schema.type', 'body.schema.properties']);
      expect(errorPaths(expectProblem(await send('POST', '/api/v1/claims/schemas', 'admin', { schema: { type: 'object', properties: { a: { type: 'strin' } } } }), 400))[0]).toMatch(/^body\.schema/);
      expect(errorPaths(expectProblem(await send('POST', '/api/v1/claims/schemas', 'admin', { schema: 'not an object' }), 400))).toEqual(['body.schema']);
      expect(ok(await read('/api/v1/claims/schemas')).length).toBe(versions);
    });
  });

  describe('filing and editing', () => {
    it('files a draft (incomplete is fine) as New, and a complete notice as Received, each with its CREATED event', async () => {
      const draft = await fileClaim({ formData: { policy: { policyNumber: 'NB-1' } } });
      expect(draft).toMatchObject({ kind: 'New', status: 'New', title: 'Policy NB-1', orderCount: 0, snapshotCount: 0, publishIfPossible: false });
      expect(draft.events.map((event: { type: string }) => event.type)).toEqual(['CREATED']);
      expect(draft.events[0]).toMatchObject({ actorId: seeded.users.agent.userId, actorName: 'Aggie Agent' });
      expect(errorPaths({ errors: draft.publishBlockers })).toEqual(expect.arrayContaining(['formData.policy.insurer', 'formData.loss', 'formData.vehicles', 'orders']));
      const complete = await fileClaim();
      expect(complete).toMatchObject({ status: 'Received', policyNumber: 'CA-88120-03', lossOccurredAt: '2026-11-20T14:30:00.000Z', title: 'Policy CA-88120-03 · loss 2026-11-20 · Lincoln, NE' });
      expect(complete.publishBlockers).toEqual([{ path: 'orders', message: expect.stringMatching(/attach at least one report/) }]);
    });

    it('refuses bad form data with a 400 naming each field, and writes nothing', async () => {
      const before = await claimCount();
      const wrongDigit = withWrongCheckDigit(validVin('100001'));
      const problem = expectProblem(await send('POST', '/api/v1/claims', 'agent', {
        formData: lossNotice({ vehicles: [{ type: 'Boat', vin: wrongDigit }], coverages: ['Cargo'], policy: { policyNumber: 'X', effectiveDate: '2026-05-01', expirationDate: '2026-01-01' } }),
      }), 400, 'ValidationError');
      expect(errorPaths(problem)).toEqual(expect.arrayContaining(['body.formData.vehicles.0.type', 'body.formData.vehicles.0.vin', 'body.formData.coverages.0', 'body.formData.policy.expirationDate']));
      expect(problem.errors!.find((error) => error.path === 'body.formData.vehicles.0.vin')!.message).toMatch(/check digit/);
      // The company's drivers only; another company's driver is not one of them.
      const globexDriver = ok(await send('POST', '/api/v1/person', 'globexAdmin', { firstName: 'Gil', lastName: 'Globex', dateOfBirth: '1980-01-01', licenceNumber: 'D5550001', licenceState: 'CA' }), 201);
      expect(errorPaths(expectProblem(await send('POST', '/api/v1/claims', 'agent', { formData: lossNotice({ drivers: [{ source: 'COMPANY_DRIVER', personId: globexDriver.id }] }) }), 400))).toEqual(['body.formData.drivers.0.personId']);
      expect(errorPaths(expectProblem(await send('POST', '/api/v1/claims', 'agent', { formData: {}, schemaVersion: 99 }), 400))).toEqual(['body.schemaVersion']);
      expect(errorPaths(expectProblem(await send('POST', '/api/v1/claims', 'agent', { formData: {}, adjudicationRuleset: 'no-such-rules' }), 400))).toEqual(['body.adjudicationRuleset']);
      expect(errorPaths(expectProblem(await send('POST', '/api/v1/claims', 'agent', { formData: { loss: { description: 'x'.repeat(5000) } } }), 400))).toEqual(['body.formData.loss.description']);
      expect(errorPaths(expectProblem(await send('POST', '/api/v1/claims', 'agent', { formData: [] }), 400))).toEqual(['body.formData']);
      expect(await claimCount()).toBe(before);
    });

    it('lets Agents and Managers file, not Viewers; asking to publish when possible needs the right to publish', async () => {
      const before = await claimCount();
      expectProblem(await send('POST', '/api/v1/claims', 'viewer', { formData: lossNotice() }), 403, 'Forbidden');
      expectProblem(await send('POST', '/api/v1/claims', 'agent', { formData: lossNotice(), publishIfPossible: true }), 403, 'Forbidden');
      expect(await claimCount()).toBe(before);
      const managed = await fileClaim({ formData: lossNotice(), publishIfPossible: true }, 'manager');
      expect(managed).toMatchObject({ publishIfPossible: true, status: 'Received' });
    });

    it('saves edits with an UPDATED event that says what changed; refuses bad data, Viewers and other companies without changing anything', async () => {
      const claim = await fileClaim();
      const edited = ok(await send('PUT', `/api/v1/claims/${claim.id}`, 'agent', { formData: lossNotice({ coverages: ['Liability', 'Motor_Truck_Cargo'] }) }));
      const updated = edited.events.find((event: { type: string }) => event.type === 'UPDATED');
      expect(updated.data).toMatchObject({ changeCount: 1, changes: [{ path: 'coverages.1', before: 'Physical_Damage', after: 'Motor_Truck_Cargo' }] });
      expect(edited.formData.coverages).toEqual(['Liability', 'Motor_Truck_Cargo']);
      // Saving the same data again is no change and no event.
      const events = edited.events.length;
      expect(ok(await send('PUT', `/api/v1/claims/${claim.id}`, 'agent', { formData: edited.formData })).events).toHaveLength(events);
      await refusedWithoutChange(claim.id, () => send('PUT', `/api/v1/claims/${claim.id}`, 'agent', { formData: { loss: { occurredAt: 'yesterday' } } }), 400, ['body.formData.loss.occurredAt']);
      await refusedWithoutChange(claim.id, () => send('PUT', `/api/v1/claims/${claim.id}`, 'viewer', { formData: lossNotice() }), 403, [], 'Forbidden');
      await refusedWithoutChange(claim.id, () => send('PUT', `/api/v1/claims/${claim.id}`, 'globexAdmin', { formData: lossNotice() }), 404, [], 'NotFound');
      expectProblem(await send('PUT', '/api/v1/claims/not-a-uuid', 'agent', { formData: {} }), 400);
    });

    it('reads a claim for every role of the company, and 404 for another company or an unknown id', async () => {
      const claim = await fileClaim();
      expect(ok(await read(`/api/v1/claims/${claim.id}`, 'viewer'))).toMatchObject({ id: claim.id, formData: lossNotice() });
      expectProblem(await read(`/api/v1/claims/${claim.id}`, 'globexAdmin'), 404, 'NotFound');
      expectProblem(await read('/api/v1/claims/0190d2a4-0000-7000-8000-000000000000'), 404, 'NotFound');
      expectProblem(await read('/api/v1/claims/not-a-uuid'), 400);
      expectProblem(await read(`/api/v1/claims/${claim.id}/snapshots/not-a-uuid`), 400);
      expectProblem(await read(`/api/v1/claims/${claim.id}/orders`, 'globexAdmin'), 404, 'NotFound');
      expectProblem(await read(`/api/v1/claims/${claim.id}/snapshots`, 'globexAdmin'), 404, 'NotFound');
    });
  });

  describe('the list', () => {
    it('pages, sorts and filters by status, kind, loss date and free text; another company sees none of it', async () => {
      const special = await fileClaim({ formData: lossNotice({ policy: { policyNumber: 'ZZ-LIST-1', insurer: 'Prairie Casualty', effectiveDate: '2025-01-01', expirationDate: '2026-01-01' }, loss: { ...lossNotice().loss, occurredAt: '2025-03-04T08:00:00Z', location: { city: 'Omaha', state: 'NE' } } }) });
      const list = ok(await read('/api/v1/claims?filter=prairie%20casualty', 'viewer'));
      expect(list.content.map((claim: { id: string }) => claim.id)).toEqual([special.id]);
      expect(list.page).toMatchObject({ number: 0, totalElements: 1, totalPages: 1 });
      await fileClaim();
      expect(ok(await read(`/api/v1/claims?filter=${validVin('100001').toLowerCase()}`)).page.totalElements).toBeGreaterThan(1);
      expect(ok(await read('/api/v1/claims?from=2025-03-04&to=2025-03-04')).content.map((claim: { id: string }) => claim.id)).toEqual([special.id]);
      expect(ok(await read('/api/v1/claims?status=Received&kind=New&size=100')).content.every((claim: { status: string; kind: string }) => claim.status === 'Received' && claim.kind === 'New')).toBe(true);
      const sorted = ok(await read('/api/v1/claims?sort=lossOccurredAt,asc&size=100')).content.map((claim: { lossOccurredAt: string | null }) => claim.lossOccurredAt).filter(Boolean);
      expect(sorted).toEqual([...sorted].sort());
      const paged = ok(await read('/api/v1/claims?size=1&page=1'));
      expect(paged.content).toHaveLength(1);
      expect(paged.page.totalPages).toBe(paged.page.totalElements);
      expect(ok(await read('/api/v1/claims', 'globexAdmin')).page.totalElements).toBe(0);
    });

    it('names the bad query parameter', async () => {
      expect(errorPaths(expectProblem(await read('/api/v1/claims?sort=formData'), 400))).toEqual(['query.sort']);
      expect(errorPaths(expectProblem(await read('/api/v1/claims?status=Done'), 400))).toEqual(['query.status']);
      expect(errorPaths(expectProblem(await read('/api/v1/claims?from=2026-02-30'), 400))).toEqual(['query.from']);
      expect(errorPaths(expectProblem(await read('/api/v1/claims?from=2026-03-02&to=2026-03-01'), 400))).toEqual(['query.to']);
    });
  });

  describe('orders, judgement and publication', () => {
    it('follows its orders: Processing while in flight, judged by the claim\'s ruleset when they finish, Complete, then published with a snapshot', async () => {
      const clean = await mvrOrder(0);
      const moving = await mvrOrder(2);
      const claim = await fileClaim();
      const attached = ok(await attach(claim.id, clean.id));
      expect(attached).toMatchObject({ status: 'Processing', orderCount: 1, statusReason: expect.stringContaining(clean.id) });
      expect(attached.orders[0]).toMatchObject({ orderId: clean.id, orderStatus: 'New', adjudicationRuleset: 'default', outcome: null, judgedAt: null });
      // A lenient ruleset of the company judges the second driver.
      ok(await send('PUT', '/api/v1/rulesets/lenient', 'manager', { name: 'Lenient', rules: [{ id: 'moving-3y', description: 'At most 5 moving violations in 3 years', fact: 'movingViolations', years: 3, operator: 'lessThanOrEqual', value: 5 }] }));
      ok(await attach(claim.id, moving.id, { adjudicationRuleset: 'lenient' }));
      expectProblem(await send('PATCH', `/api/v1/claims/${claim.id}/publish`, 'manager'), 409, 'ClaimNotPublishable');

      await finish(clean);
      await finish(moving);
      // The fulfilment's listener judged both and moved the claim on, without anyone reading it.
      expect(await claimRow(claim.id)).toMatchObject({ status: 'Complete', statusReason: null });
      const orders = ok(await read(`/api/v1/claims/${claim.id}/orders`, 'viewer'));
      expect(orders.map((order: { outcome: string }) => order.outcome)).toEqual(['Pass', 'Pass']);
      expect(orders[1]).toMatchObject({ adjudicationRuleset: 'lenient', rulesetVersion: '1', adjudication: { rulesetNamespace: 'lenient' } });
      expect(orders[0].rulesetVersion).toBe('0');

      // Re-attaching with the default ruleset judges it afresh: 3 moving violations fail moving-3y.
      const rejudged = ok(await attach(claim.id, moving.id, { adjudicationRuleset: null }));
      expect(rejudged.orders[1]).toMatchObject({ adjudicationRuleset: 'default', outcome: 'Fail', adjudication: { decidingRuleIds: ['moving-3y'] } });
      expect(rejudged.publishBlockers).toEqual([]);

      await refusedWithoutChange(claim.id, () => send('PATCH', `/api/v1/claims/${claim.id}/publish`, 'agent'), 403, [], 'Forbidden');
      await refusedWithoutChange(claim.id, () => send('PATCH', `/api/v1/claims/${claim.id}/publish`, 'viewer'), 403, [], 'Forbidden');
      await refusedWithoutChange(claim.id, () => send('PATCH', `/api/v1/claims/${claim.id}/publish`, 'globexAdmin'), 404, [], 'NotFound');
      const published = ok(await send('PATCH', `/api/v1/claims/${claim.id}/publish`, 'manager'));
      expect(published).toMatchObject({ status: 'Published', kind: 'New', snapshotCount: 1 });
      expect(published.events.map((event: { type: string }) => event.type)).toEqual(expect.arrayContaining(['CREATED', 'ORDER_ATTACHED', 'STATUS_CHANGED', 'ORDER_JUDGED', 'PUBLISHED']));
      const [summary] = ok(await read(`/api/v1/claims/${claim.id}/snapshots`, 'viewer'));
      expect(summary).toMatchObject({ number: 1, kind: 'New', schemaVersion: published.schemaVersion, publishedBy: seeded.users.manager.userId, publishedByName: 'Max Manager' });
      const snapshot = ok(await read(`/api/v1/claims/${claim.id}/snapshots/${summary.id}`, 'viewer'));
      const cleanRow = (await t.db.execute(sql`select result from orders where id = ${clean.id}`)) as unknown as { rows: { result: unknown }[] };
      expect(snapshot.orders[0]).toMatchObject({ orderId: clean.id, status: 'Complete', outcome: 'Pass', rulesetNamespace: 'default', reportSha256: reportSha256(cleanRow.rows[0]!.result) });
      expect(snapshot.orders[0].reportSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(snapshot.orders[1]).toMatchObject({ outcome: 'Fail', decidingRuleIds: ['moving-3y'] });
      expect(snapshot.changes).toMatchObject({ since: null, ordersAdded: [clean.id, moving.id] });
      expect(snapshot.formData).toEqual(lossNotice());

      // Published is published: a second publication needs a change first.
      const again = expectProblem(await send('PATCH', `/api/v1/claims/${claim.id}/publish`, 'manager'), 409, 'ClaimNotPublishable');
      expect(errorPaths(again)).toEqual(['status']);
    });

    it('an Update: editing a published claim reopens it, the next publication is snapshot 2 with the differences, and snapshot 1 never changes', async () => {
      const order = await mvrOrder(0);
      await finish(order);
      const claim = await fileClaim();
      ok(await attach(claim.id, order.id));
      const first = ok(await send('PATCH', `/api/v1/claims/${claim.id}/publish`, 'manager'));
      const [firstSnapshot] = ok(await read(`/api/v1/claims/${claim.id}/snapshots`));
      const frozen = ok(await read(`/api/v1/claims/${claim.id}/snapshots/${firstSnapshot.id}`));
      expect(first.status).toBe('Published');

      const supplement = lossNotice({ witnesses: [{ name: 'Pat Lee', statement: 'The trailer slid on black ice.' }] });
      const reopened = ok(await send('PUT', `/api/v1/claims/${claim.id}`, 'agent', { formData: supplement }));
      expect(reopened).toMatchObject({ kind: 'Update', status: 'Complete', snapshotCount: 1 });
      expect(reopened.events.map((event: { type: string }) => event.type)).toContain('UPDATE_STARTED');
      const second = ok(await send('PATCH', `/api/v1/claims/${claim.id}/publish`, 'manager'));
      expect(second).toMatchObject({ status: 'Published', kind: 'Update', snapshotCount: 2 });
      const summaries = ok(await read(`/api/v1/claims/${claim.id}/snapshots`));
      expect(summaries.map((s: { number: number; kind: string; changeCount: number }) => [s.number, s.kind, s.changeCount])).toEqual([[1, 'New', 1], [2, 'Update', 1]]);
      const secondSnapshot = ok(await read(`/api/v1/claims/${claim.id}/snapshots/${summaries[1].id}`));
      expect(secondSnapshot.changes).toEqual({
        since: 1, schemaVersion: null, ordersAdded: [], ordersRemoved: [], outcomesChanged: [],
        formData: [{ path: 'witnesses', before: null, after: [{ name: 'Pat Lee', statement: 'The trailer slid on black ice.' }] }],
      });
      // The snapshot as a document: what changed, the reports with their fingerprints, the notice by its titles.
      const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/claims/${claim.id}/snapshots/${summaries[1].id}`, headers: { host: ACME_HOST, ...bearer(tokens.viewer), accept: 'application/pdf' } });
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="claim-${claim.id}-snapshot-2.pdf"`);
      const { text } = readPdf(pdf.rawPayload);
      for (const expected of ['Claim snapshot 2', 'Changes since snapshot 1', 'Witnesses', 'Pat Lee', 'Max Manager', 'Our vehicles › 1 › VIN', secondSnapshot.orders[0].reportSha256.slice(0, 16)]) {
        expect(text).toContain(expected);
      }
      expectProblem(await t.app.inject({ method: 'GET', url: `/api/v1/claims/${claim.id}/snapshots/${summaries[1].id}`, headers: { host: ACME_HOST, ...bearer(tokens.viewer), accept: 'text/csv' } }), 406, 'NotAcceptable');
      expectProblem(await t.app.inject({ method: 'GET', url: `/api/v1/claims/${claim.id}/snapshots/${summaries[1].id}`, headers: { host: GLOBEX_HOST, ...bearer(tokens.globexAdmin), accept: 'application/pdf' } }), 404);
      // Snapshot 1 is as it was, and the database refuses to change it, whoever asks.
      expect(ok(await read(`/api/v1/claims/${claim.id}/snapshots/${firstSnapshot.id}`))).toEqual(frozen);
      await expect(t.db.update(claimSnapshots).set({ publishedByName: 'Someone else' }).where(eq(claimSnapshots.id, firstSnapshot.id))).rejects.toThrow();
      expect(ok(await read(`/api/v1/claims/${claim.id}/snapshots/${firstSnapshot.id}`))).toEqual(frozen);
      // Another company's admin sees no snapshot; an unknown snapshot is 404.
      expectProblem(await read(`/api/v1/claims/${claim.id}/snapshots/${firstSnapshot.id}`, 'globexAdmin'), 404);
      expectProblem(await read(`/api/v1/claims/${claim.id}/snapshots/0190d2a4-0000-7000-8000-000000000000`), 404);
    });

    it('publishIfPossible publishes as soon as the orders finish, on behalf of whoever asked', async () => {
      const order = await mvrOrder(1);
      const claim = await fileClaim();
      const asked = ok(await attach(claim.id, order.id, { publishIfPossible: true }, 'manager'));
      expect(asked).toMatchObject({ status: 'Processing', publishIfPossible: true });
      await finish(order);
      expect(await claimRow(claim.id)).toMatchObject({ status: 'Published', snapshotCount: 1, publishIfPossible: false });
      const [snapshot] = ok(await read(`/api/v1/claims/${claim.id}/snapshots`));
      expect(snapshot).toMatchObject({ number: 1, publishedBy: seeded.users.manager.userId, publishedByName: 'Max Manager (publish when possible)' });
    });

    it('an order that ends in Error makes the claim Error naming it; detaching it with publishIfPossible publishes', async () => {
      const good = await mvrOrder(0);
      const broken = await mvrOrder(8);
      const claim = await fileClaim();
      ok(await attach(claim.id, good.id));
      ok(await attach(claim.id, broken.id));
      await finish(good);
      await finish(broken);
      const errored = ok(await read(`/api/v1/claims/${claim.id}`));
      expect(errored).toMatchObject({ status: 'Error', statusReason: expect.stringContaining(broken.id) });
      const blocked = expectProblem(await send('PATCH', `/api/v1/claims/${claim.id}/publish`, 'manager'), 409, 'ClaimNotPublishable');
      expect(errorPaths(blocked)).toEqual([`orders.${broken.id}`]);
      await refusedWithoutChange(claim.id, () => send('DELETE', `/api/v1/claims/${claim.id}/${broken.id}`, 'viewer'), 403, [], 'Forbidden');
      // An Agent may detach, but not ask to publish.
      await refusedWithoutChange(claim.id, () => send('DELETE', `/api/v1/claims/${claim.id}/${broken.id}`, 'agent', { publishIfPossible: true }), 403, [], 'Forbidden');
      const published = ok(await send('DELETE', `/api/v1/claims/${claim.id}/${broken.id}`, 'manager', { publishIfPossible: true }));
      expect(published).toMatchObject({ status: 'Published', orderCount: 1 });
      expect(published.events.map((event: { type: string }) => event.type)).toEqual(expect.arrayContaining(['ORDER_DETACHED', 'PUBLISH_REQUESTED', 'PUBLISHED']));
    });

    it('refuses attaching another company\'s order, an unknown ruleset, Viewers and outsiders, without changing the claim', async () => {
      const claim = await fileClaim();
      const ours = await mvrOrder(0);
      const theirs = ok(await send('POST', '/api/v1/orders/vehicle/order', 'globexAdmin', { vin: validVin('300003') }), 201);
      await refusedWithoutChange(claim.id, () => attach(claim.id, theirs.id), 404, [], 'NotFound');
      await refusedWithoutChange(claim.id, () => attach(claim.id, ours.id, { adjudicationRuleset: 'no-such-rules' }), 400, ['body.adjudicationRuleset']);
      await refusedWithoutChange(claim.id, () => attach(claim.id, ours.id, { adjudicationRuleset: 'Bad Name' }), 400, ['body.adjudicationRuleset']);
      await refusedWithoutChange(claim.id, () => attach(claim.id, ours.id, {}, 'viewer'), 403, [], 'Forbidden');
      await refusedWithoutChange(claim.id, () => attach(claim.id, ours.id, {}, 'globexAdmin'), 404, [], 'NotFound');
      await refusedWithoutChange(claim.id, () => attach(claim.id, ours.id, { publishIfPossible: true }), 403, [], 'Forbidden');
      await refusedWithoutChange(claim.id, () => send('DELETE', `/api/v1/claims/${claim.id}/${ours.id}`, 'agent'), 404, [], 'NotFound');
      expectProblem(await attach(claim.id, 'nope'), 400);
      // A VIN report attaches too: it is not an MVR, so the claim keeps its own outcome.
      const vinOrder = ok(await send('POST', '/api/v1/orders/vehicle/order', 'agent', { vin: validVin('400000') }), 201);
      ok(await attach(claim.id, vinOrder.id));
      await finish(vinOrder);
      const [judged] = ok(await read(`/api/v1/claims/${claim.id}/orders`));
      expect(judged).toMatchObject({ type: 'VIN_REPORT', orderStatus: 'Complete', adjudication: null, judgedAt: expect.any(String) });
      // Detaching without a body works, and another company's admin cannot detach.
      await refusedWithoutChange(claim.id, () => send('DELETE', `/api/v1/claims/${claim.id}/${vinOrder.id}`, 'globexAdmin'), 404, [], 'NotFound');
      expect(ok(await send('DELETE', `/api/v1/claims/${claim.id}/${vinOrder.id}`, 'agent'))).toMatchObject({ orderCount: 0, status: 'Received' });
    });
  });

  it('refuses every claims route with 403 PluginNotEnabled when the company lacks the plugin, and writes nothing', async () => {
    const id = '0190d2a4-0000-7000-8000-000000000000';
    const routes: [InjectOptions['method'], string, unknown?][] = [
      ['GET', '/api/v1/claims'], ['POST', '/api/v1/claims', { formData: {} }], ['GET', `/api/v1/claims/${id}`], ['PUT', `/api/v1/claims/${id}`, { formData: {} }],
      ['PATCH', `/api/v1/claims/${id}/publish`], ['GET', `/api/v1/claims/${id}/orders`], ['POST', `/api/v1/claims/${id}/${id}`, {}], ['DELETE', `/api/v1/claims/${id}/${id}`],
      ['GET', `/api/v1/claims/${id}/snapshots`], ['GET', `/api/v1/claims/${id}/snapshots/${id}`], ['GET', '/api/v1/claims/schemas'], ['GET', '/api/v1/claims/schemas/current'],
      ['GET', '/api/v1/claims/schemas/1'], ['POST', '/api/v1/claims/schemas', { schema: { type: 'object', properties: { a: {} } } }],
    ];
    for (const [method, url, body] of routes) {
      const problem = expectProblem(await send(method, url, 'unplugged', body), 403, 'PluginNotEnabled');
      expect(problem).toMatchObject({ plugin: 'claims' });
    }
    const written = await t.db.execute(sql`select count(*)::int as n from claims c join companies co on co.id = c.company_id where co.tenant_identifier = 'noclaims'`);
    // Attaching and detaching orders need the orders plugin as well.
    await t.db.execute(sql`update companies set plugins = array['claims'] where tenant_identifier = 'noclaims'`);
    for (const method of ['POST', 'DELETE'] as const) {
      expect(expectProblem(await send(method, `/api/v1/claims/${id}/${id}`, 'unplugged', method === 'POST' ? {} : undefined), 403, 'PluginNotEnabled')).toMatchObject({ plugin: 'orders' });
    }
    expectProblem(await send('GET', `/api/v1/claims/${id}`, 'unplugged'), 404, 'NotFound');
    expect((written as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/claims', headers: { host: ACME_HOST } }), 401);
  });

  it('keeps every claim row of Acme under Acme', async () => {
    const rows = await t.db.select({ value: count() }).from(claims).where(and(eq(claims.companyId, seeded.globex.id)));
    expect(Number(rows[0]!.value)).toBe(0);
  });
}, {}, { queue: true });
