// The fulfilment worker (modules/orders/orders.jobs.ts) as a state machine: every transition is an
// event; auto-adjudicated MVRs end with an outcome and the rules that decided it; transient provider
// errors are retried and end in Error on the last attempt, permanent ones in Failed at once; a job
// run twice never orders twice nor moves a finished order back; the slow answer waits through an
// injected sleep. Placing an order: the order, its CREATED event and its job commit together. And
// the demo drivers and businesses produce the outcomes README promises.
import { beforeAll, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { count, eq, sql } from 'drizzle-orm';
import { buildAbility, vinCheckDigit, type MvrRecord, type Permission } from '@clearlane/contract';
import { businesses, companies, orderEvents, orders, persons } from '../src/db/schema.ts';
import { DEMO_BUSINESSES, DEMO_PASSWORD, seedDemoData } from '../src/seed/demo.ts';
import type { Queue } from '../src/jobs/queue.ts';
import type { Principal } from '../src/access/principal.ts';
import { permissionsOfRole } from '../src/access/principal.ts';
import { failureMessage, OrderFulfilment } from '../src/modules/orders/orders.jobs.ts';
import { OrdersService } from '../src/modules/orders/orders.service.ts';
import { DatabaseLedger } from '../src/providers/ledger.ts';
import { ProviderError } from '../src/providers/provider-error.ts';
import { sandboxProviders, type ReportProviders } from '../src/providers/report-providers.ts';
import { bearer, describeEachDatabase, FULFIL_ATTEMPTS, fulfilOrder, jobsOfOrder, seedTwoCompanies, signInAs } from './helpers.ts';

const PURPOSE = 'WRITTEN_CONSENT';
let nextLicence = 200_000;
const caLicence = (digit: number) => `D${String(nextLicence++).padStart(6, '0')}${digit}`;
const vinEnding = (digit: number) => {
  const draft = `1FUJGLDR0CS00000${digit}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
};

describeEachDatabase('order fulfilment', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  let token: string;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    token = (await signInAs(t.app, seeded.users.agent.email)).idToken;
  });

  const call = async (method: InjectOptions['method'], url: string, payload?: unknown) => {
    const response = await t.app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: { host: 'acme.localhost:3000', ...bearer(token) } });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const placeMvr = (digit: number, autoAdjudicated = true) =>
    call('POST', `/api/v1/orders/create-mvr-order${autoAdjudicated ? '?isAutoAdjudicated=true' : ''}`, {
      driver: { firstName: 'Dana', lastName: 'Reyes', dateOfBirth: '1988-04-12', licenceNumber: caLicence(digit), licenceState: 'CA' }, permissiblePurpose: PURPOSE,
    });
  const job = (order: { id: string }) => ({ orderId: order.id, companyId: seeded.acme.id });
  const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const eventsOf = async (id: string) => t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.createdAt, orderEvents.id);
  const transitions = async (id: string) => (await eventsOf(id)).map((e) => [e.type, e.fromStatus, e.toStatus]);
  const mvrLedger = () => new DatabaseLedger(t.db, 'sandbox-mvr');
  const noWait = () => sandboxProviders(t.db, { sleep: async () => {} });

  // First, while the queue holds only this job: the worker polls, and a backlog would only slow it.
  it('the pg-boss worker takes the job written with the order and completes it', async () => {
    const order = await placeMvr(0);
    const queue = t.queue!;
    await new OrderFulfilment(t.db, noWait()).registerWorker(queue, t.kind);
    try {
      // Wait for the worker (it polls); the test's own timeout bounds this, nothing is timed.
      while ((await rowOf(order.id)).status !== 'Complete') await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await queue.offWork('fulfil-order');
    }
    expect(await rowOf(order.id)).toMatchObject({ status: 'Complete', outcome: 'Pass', attempts: 1 });
  });

  it('moves an order New → Ordered → Received → Complete, each step an event, and adjudicates it: Pass', async () => {
    const order = await placeMvr(0);
    const fulfilment = new OrderFulfilment(t.db, noWait());
    await fulfilment.fulfil(job(order), { number: 1, isLast: false });

    expect(await transitions(order.id)).toEqual([
      ['CREATED', null, 'New'], ['ORDERED', 'New', 'Ordered'], ['RECEIVED', 'Ordered', 'Received'],
      ['ADJUDICATED', null, null], ['COMPLETED', 'Received', 'Complete'],
    ]);
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ status: 'Complete', processingStatus: 'Complete', outcome: 'Pass', attempts: 1, failureReason: null });
    expect(row.completedAt).toBeInstanceOf(Date);
    expect((row.result as unknown as MvrRecord).result).toBe('RECORD_FOUND');
    expect(row.adjudication).toMatchObject({ outcome: 'Pass', rulesetNamespace: 'default', rulesetVersion: 0, decidingRuleIds: [] });
    expect((row.adjudication as { results: { passed: boolean }[] }).results.map((r) => r.passed)).toEqual([true, true, true]);
    expect(await mvrLedger().calls(order.id)).toBe(1);
  });

  it('Fail outcomes keep the rules that decided them', async () => {
    const expected: Record<number, string[]> = { 2: ['moving-3y'], 3: ['no-major-5y'], 4: ['no-major-5y', 'licence-valid'], 5: ['licence-valid'] };
    for (const [digit, ruleIds] of Object.entries(expected)) {
      const order = await placeMvr(Number(digit));
      await fulfilOrder(t.db, { id: order.id, companyId: seeded.acme.id });
      const row = await rowOf(order.id);
      expect(row.outcome, `licence ending ${digit}`).toBe('Fail');
      expect([...(row.adjudication as { decidingRuleIds: string[] }).decidingRuleIds].sort()).toEqual([...ruleIds].sort());
      const adjudicated = (await eventsOf(order.id)).find((e) => e.type === 'ADJUDICATED');
      expect(adjudicated?.data).toEqual({ outcome: 'Fail', rulesetNamespace: 'default', rulesetVersion: 0, decidingRuleIds: row.adjudication!.decidingRuleIds });
    }
  });

  it('no record found ends NoResults and state not fulfilled NotFulfilled, with rules or without', async () => {
    for (const autoAdjudicated of [true, false]) {
      const none = await placeMvr(6, autoAdjudicated);
      await fulfilOrder(t.db, { id: none.id, companyId: seeded.acme.id });
      expect(await rowOf(none.id), `adjudicated: ${autoAdjudicated}`).toMatchObject({ status: 'Complete', outcome: 'NoResults' });
      const closed = await placeMvr(7, autoAdjudicated);
      await fulfilOrder(t.db, { id: closed.id, companyId: seeded.acme.id });
      expect(await rowOf(closed.id)).toMatchObject({ status: 'Complete', outcome: 'NotFulfilled' });
      expect((await eventsOf(closed.id)).at(-1)?.message).toBe('Outcome: Not fulfilled');
    }
    // Without rules a record that was found has no outcome: nobody judged it.
    const plain = await placeMvr(3, false);
    await fulfilOrder(t.db, { id: plain.id, companyId: seeded.acme.id });
    expect(await rowOf(plain.id)).toMatchObject({ status: 'Complete', outcome: null, adjudication: null });
    expect((await eventsOf(plain.id)).map((e) => e.type)).not.toContain('ADJUDICATED');
  });

  it('adjudicates by the ruleset the company saved under the order\'s namespace', async () => {
    const manager = (await signInAs(t.app, seeded.users.manager.email)).idToken;
    const saved = await t.app.inject({
      method: 'PUT', url: '/api/v1/rulesets/zero-tolerance', headers: { host: 'acme.localhost:3000', ...bearer(manager) },
      payload: { name: 'Zero tolerance', rules: [{ id: 'no-moving-3y', description: 'No moving violation in 3 years', fact: 'movingViolations', years: 3, operator: 'equal', value: 0 }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const order = await call('POST', '/api/v1/orders/create-mvr-order?isAutoAdjudicated=true&ruleNamespace=zero-tolerance', {
      driver: { firstName: 'Dana', lastName: 'Reyes', dateOfBirth: '1988-04-12', licenceNumber: caLicence(1), licenceState: 'CA' }, permissiblePurpose: PURPOSE,
    });
    await fulfilOrder(t.db, { id: order.id, companyId: seeded.acme.id });
    // Digit 1 passes the default rules but has a moving violation: these rules fail it.
    // It records the version that judged it (the first save is version 1).
    expect((await rowOf(order.id)).adjudication).toMatchObject({ outcome: 'Fail', rulesetNamespace: 'zero-tolerance', rulesetVersion: 1, decidingRuleIds: ['no-moving-3y'] });
  });

  it('an order whose answer arrived but cannot be completed is retried, then ends in Error rather than waiting in Received', async () => {
    const order = await call('POST', '/api/v1/orders/create-mvr-order?isAutoAdjudicated=true', {
      driver: { firstName: 'Dana', lastName: 'Reyes', dateOfBirth: '1988-04-12', licenceNumber: caLicence(0), licenceState: 'CA' }, permissiblePurpose: PURPOSE,
    });
    // The database refuses to complete this one order (as a full disk or a lost connection would).
    await t.db.execute(sql.raw(`CREATE FUNCTION refuse_completion() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.status = 'Complete' AND NEW.id = '${order.id}' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`));
    await t.db.execute(sql.raw(`CREATE TRIGGER orders_refuse_completion BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION refuse_completion()`));
    try {
      const logged: string[] = [];
      const fulfilment = new OrderFulfilment(t.db, noWait(), (message) => logged.push(message));
      await expect(fulfilment.fulfil(job(order), { number: 1, isLast: false })).rejects.toThrow();
      expect(await rowOf(order.id)).toMatchObject({ status: 'Received', outcome: null });
      await fulfilment.fulfil(job(order), { number: 2, isLast: true });
      const row = await rowOf(order.id);
      expect(row).toMatchObject({ status: 'Error', processingStatus: 'Failed', outcome: null });
      expect(row.failureReason).toMatch(/^The report arrived but could not be completed/);
      expect(row.failureReason).not.toMatch(/disk full/i);
      expect((await transitions(order.id)).at(-1)).toEqual(['ERROR', 'Received', 'Error']);
      expect(logged).toEqual([`order ${order.id}: could not be completed`]);
      // The provider was asked once: the answer was kept across the retry.
      expect(await mvrLedger().calls(order.id)).toBe(1);
    } finally {
      await t.db.execute(sql.raw(`DROP TRIGGER orders_refuse_completion ON orders`));
      await t.db.execute(sql.raw(`DROP FUNCTION refuse_completion()`));
    }
  });

  it('a batch settles each order on its own: a failing order fails alone, and each company\'s orders complete in their company', async () => {
    const [clean, minor, erroring, refused] = [await placeMvr(0), await placeMvr(1), await placeMvr(8), await placeMvr(2)];
    const globexToken = (await signInAs(t.app, seeded.users.globexAdmin.email, undefined, 'globex.localhost:3000')).idToken;
    const placed = await t.app.inject({
      method: 'POST', url: '/api/v1/orders/create-mvr-order', headers: { host: 'globex.localhost:3000', ...bearer(globexToken) },
      payload: { driver: { firstName: 'Gil', lastName: 'Globex', dateOfBirth: '1988-04-12', licenceNumber: caLicence(0), licenceState: 'CA' }, permissiblePurpose: PURPOSE },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const globexOrder = placed.json() as { id: string };
    await t.db.execute(sql.raw(`CREATE FUNCTION refuse_completion() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.status = 'Complete' AND NEW.id = '${refused.id}' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`));
    await t.db.execute(sql.raw(`CREATE TRIGGER orders_refuse_completion BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION refuse_completion()`));
    try {
      const first = { number: 1, isLast: false };
      const outcomes = await new OrderFulfilment(t.db, noWait()).fulfilMany([
        { job: job(clean), attempt: first }, { job: job(minor), attempt: first }, { job: job(erroring), attempt: first },
        { job: job(refused), attempt: first }, { job: { orderId: globexOrder.id, companyId: seeded.globex.id }, attempt: first },
      ]);
      expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, false, false, true]);
      expect((outcomes[2] as { error: unknown }).error).toBeInstanceOf(ProviderError);
      const refusal = (outcomes[3] as { error: Error }).error;
      expect(String(refusal.cause ?? refusal)).toMatch(/disk full/);
      // pg-boss keeps the database's reason, not the statement with the batch's names in it.
      expect(failureMessage(refusal)).toBe('disk full');
    } finally {
      await t.db.execute(sql.raw(`DROP TRIGGER orders_refuse_completion ON orders`));
      await t.db.execute(sql.raw(`DROP FUNCTION refuse_completion()`));
    }
    const statuses = await Promise.all([clean, minor, erroring, refused, globexOrder].map(async (order) => (await rowOf(order.id)).status));
    expect(statuses).toEqual(['Complete', 'Complete', 'Ordered', 'Received', 'Complete']);
    expect((await rowOf(globexOrder.id)).companyId).toBe(seeded.globex.id);
    // Each order's timeline is its own: one ORDERED, and RECEIVED/COMPLETED only where it got there.
    expect(await transitions(clean.id)).toEqual([['CREATED', null, 'New'], ['ORDERED', 'New', 'Ordered'], ['RECEIVED', 'Ordered', 'Received'], ['ADJUDICATED', null, null], ['COMPLETED', 'Received', 'Complete']]);
    expect(await transitions(refused.id)).toEqual([['CREATED', null, 'New'], ['ORDERED', 'New', 'Ordered'], ['RECEIVED', 'Ordered', 'Received']]);
  });

  it('the provider ledger counts calls made together (written in one statement), a key asked twice among them included', async () => {
    const ledger = new DatabaseLedger(t.db, 'sandbox-test');
    const [a, b] = [`ledger-a-${nextLicence++}`, `ledger-b-${nextLicence++}`];
    expect(await ledger.record(a)).toBe(1);
    expect(await Promise.all([ledger.record(a), ledger.record(b), ledger.record(a)])).toEqual([2, 1, 3]);
    expect([await ledger.calls(a), await ledger.calls(b)]).toEqual([3, 1]);
  });

  it('a transient provider error is retried, each failed attempt an event, and ends in Error with the reason on the last', async () => {
    const order = await placeMvr(8);
    const fulfilment = new OrderFulfilment(t.db, noWait());
    for (let number = 1; number < FULFIL_ATTEMPTS; number++) {
      // pg-boss retries a job whose handler throws: the worker must throw while attempts remain.
      await expect(fulfilment.fulfil(job(order), { number, isLast: false })).rejects.toBeInstanceOf(ProviderError);
      expect(await rowOf(order.id)).toMatchObject({ status: 'Ordered', processingStatus: 'Processing', attempts: number, failureReason: null });
    }
    await fulfilment.fulfil(job(order), { number: FULFIL_ATTEMPTS, isLast: true });
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ status: 'Error', processingStatus: 'Failed', outcome: null, attempts: FULFIL_ATTEMPTS });
    expect(row.failureReason).toBe(`The provider did not answer after ${FULFIL_ATTEMPTS} attempts: The CA DMV gateway provider did not answer (sandbox provider error).`);
    const events = await eventsOf(order.id);
    expect(events.map((e) => e.type)).toEqual(['CREATED', 'ORDERED', ...Array(FULFIL_ATTEMPTS - 1).fill('PROVIDER_ERROR'), 'ERROR']);
    expect(events[2]).toMatchObject({ message: expect.stringContaining('Attempt 1 failed'), data: { attempt: 1, code: 'GATEWAY_TIMEOUT' } });
    expect(events.at(-1)).toMatchObject({ fromStatus: 'Ordered', toStatus: 'Error', message: row.failureReason });
    // The provider never answered, so nothing was billed.
    expect(await mvrLedger().calls(order.id)).toBe(0);
  });

  it('a permanent provider refusal ends the order in Failed at once, with the reason', async () => {
    const refusing: ReportProviders = {
      ...noWait(),
      vehicle: { name: 'refusing', fetchReport: async () => { throw new ProviderError('The VIN is not in the manufacturer\'s records.', false, 'VIN_UNKNOWN'); } },
    };
    const order = await call('POST', '/api/v1/orders/vehicle/order', { vin: vinEnding(0) });
    await new OrderFulfilment(t.db, refusing).fulfil(job(order), { number: 1, isLast: false });
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ status: 'Failed', processingStatus: 'Failed', failureReason: 'The VIN is not in the manufacturer\'s records.', attempts: 1 });
    expect(await transitions(order.id)).toEqual([['CREATED', null, 'New'], ['ORDERED', 'New', 'Ordered'], ['FAILED', 'Ordered', 'Failed']]);
  });

  it('an unexpected error (not a provider\'s) is retried like a transient one and logged', async () => {
    const logged: string[] = [];
    const broken: ReportProviders = { ...noWait(), businessRisk: { name: 'broken', assess: async () => { throw new TypeError('socket hang up'); } } };
    const business = await call('POST', '/api/v1/businesses', { name: 'Broken Haul', ein: '12-3456700', state: 'TX' });
    const order = await call('POST', '/api/v1/orders/bra/order', { businessId: business.id });
    const fulfilment = new OrderFulfilment(t.db, broken, (message) => logged.push(message));
    await expect(fulfilment.fulfil(job(order), { number: 1, isLast: false })).rejects.toThrow('socket hang up');
    await fulfilment.fulfil(job(order), { number: 2, isLast: true });
    expect(await rowOf(order.id)).toMatchObject({ status: 'Error', failureReason: 'The provider did not answer after 2 attempts: socket hang up' });
    expect(logged).toEqual([`order ${order.id}: unexpected error while fulfilling`, `order ${order.id}: unexpected error while fulfilling`]);
  });

  it('a retry after a crash asks the provider again with the same key, but never makes a second order or moves a finished one back', async () => {
    const order = await placeMvr(0);
    // The process dies after the provider answered and before the answer was stored.
    const sandbox = noWait();
    const crashing: ReportProviders = {
      ...sandbox,
      mvr: { name: 'crashing', fetchRecord: async (request) => { await sandbox.mvr.fetchRecord(request); throw new Error('process killed'); } },
    };
    await expect(new OrderFulfilment(t.db, crashing).fulfil(job(order), { number: 1, isLast: false })).rejects.toThrow('process killed');
    expect(await rowOf(order.id)).toMatchObject({ status: 'Ordered' });

    const ordersBefore = Number((await t.db.select({ value: count() }).from(orders))[0]!.value);
    const fulfilment = new OrderFulfilment(t.db, sandbox);
    await fulfilment.fulfil(job(order), { number: 2, isLast: false });
    expect(await rowOf(order.id)).toMatchObject({ status: 'Complete', outcome: 'Pass', attempts: 2 });
    // Both calls carried the order id: a real provider answers the second from its ledger.
    expect(await mvrLedger().calls(order.id)).toBe(2);

    // The job runs once more (pg-boss delivered it twice): nothing moves, nothing is asked.
    const events = await eventsOf(order.id);
    const finished = await rowOf(order.id);
    await fulfilment.fulfil(job(order), { number: 3, isLast: true });
    expect(await rowOf(order.id)).toEqual(finished);
    expect(await eventsOf(order.id)).toEqual(events);
    expect(await mvrLedger().calls(order.id)).toBe(2);
    expect(Number((await t.db.select({ value: count() }).from(orders))[0]!.value)).toBe(ordersBefore);
    expect(events.filter((e) => e.type === 'ORDERED')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'COMPLETED')).toHaveLength(1);
  });

  it('a finished order in Error or Failed stays there when its job runs again', async () => {
    const order = await placeMvr(8);
    await fulfilOrder(t.db, { id: order.id, companyId: seeded.acme.id });
    const finished = await rowOf(order.id);
    expect(finished.status).toBe('Error');
    // Even a provider that would now answer cannot revive it.
    await new OrderFulfilment(t.db, noWait()).fulfil(job(order), { number: 1, isLast: false });
    expect(await rowOf(order.id)).toEqual(finished);
  });

  it('the same job run twice at once completes the order once', async () => {
    const order = await placeMvr(1);
    const providers = noWait();
    await Promise.all([
      new OrderFulfilment(t.db, providers).fulfil(job(order), { number: 1, isLast: false }),
      new OrderFulfilment(t.db, providers).fulfil(job(order), { number: 1, isLast: false }),
    ]);
    const types = (await eventsOf(order.id)).map((e) => e.type);
    expect(types.filter((type) => type === 'COMPLETED')).toHaveLength(1);
    expect(types.filter((type) => type === 'RECEIVED')).toHaveLength(1);
    expect(await rowOf(order.id)).toMatchObject({ status: 'Complete', outcome: 'Pass' });
  });

  it('a slow answer waits through the injected sleep (no real waiting) and then completes', async () => {
    const order = await placeMvr(9);
    const { sleeps } = await fulfilOrder(t.db, { id: order.id, companyId: seeded.acme.id });
    expect(sleeps).toEqual([4_000]);
    expect(await rowOf(order.id)).toMatchObject({ status: 'Complete', outcome: 'Pass' });
  });

  it('fulfils vehicle, person risk and business risk orders; "not found" answers end NoResults', async () => {
    const vin = await call('POST', '/api/v1/orders/vehicle/order', { vin: vinEnding(6) });
    const person = await call('POST', '/api/v1/orders/irr/order', { person: { firstName: 'Lee', lastName: 'Park', dateOfBirth: '1979-01-16', state: 'WA' } });
    const business = await call('POST', '/api/v1/businesses', { name: 'Ghost Freight', ein: '12-3456706', state: 'TX' });
    const bra = await call('POST', '/api/v1/orders/bra/order', { businessId: business.id });
    const found = await call('POST', '/api/v1/orders/vehicle/order', { vin: vinEnding(2) });
    for (const order of [vin, person, bra, found]) await fulfilOrder(t.db, { id: order.id, companyId: seeded.acme.id });
    for (const order of [vin, person, bra]) {
      expect(await rowOf(order.id), order.type).toMatchObject({ status: 'Complete', outcome: 'NoResults' });
      expect((await transitions(order.id)).map(([type]) => type)).toEqual(['CREATED', 'ORDERED', 'RECEIVED', 'COMPLETED']);
    }
    expect(await rowOf(found.id)).toMatchObject({ status: 'Complete', outcome: null });
    expect(((await rowOf(found.id)).result as { titles: { brand: string }[] }).titles.map((title) => title.brand)).toContain('SALVAGE');
  });

  // --- placing: one transaction ---

  const principalOf = async (): Promise<Principal> => {
    const permissions = (await permissionsOfRole(t.db, 'Agent')) as Permission[];
    return {
      userId: seeded.users.agent.userId, email: seeded.users.agent.email, firstName: 'Aggie', lastName: 'Agent', companyId: seeded.acme.id,
      companyName: 'Acme Logistics', tenantIdentifier: 'acme', plugins: ['orders'], role: 'Agent', permissions, groups: ['Agent'], sessionId: 'test', ability: buildAbility(permissions, seeded.acme.id),
    };
  };
  const ordersWithVin = async (vin: string) => t.db.select().from(orders).where(eq(orders.subjectLabel, `VIN ${vin}`));

  it('placing an order writes the order, its CREATED event and its job together', async () => {
    const service = new OrdersService(t.db, () => t.queue);
    const vin = vinEnding(3);
    const order = await service.createVehicleOrder(await principalOf(), { vin });
    expect(await ordersWithVin(vin)).toHaveLength(1);
    expect((await eventsOf(order.id)).map((e) => e.type)).toEqual(['CREATED']);
    expect(await jobsOfOrder(t.db, order.id)).toHaveLength(1);
  });

  it('when the job cannot be written, neither the order nor its event exists', async () => {
    const failingQueue = { send: async () => { throw new Error('queue is down'); } } as unknown as Queue;
    const service = new OrdersService(t.db, () => failingQueue);
    const vin = vinEnding(4);
    await expect(service.createVehicleOrder(await principalOf(), { vin, tags: ['rolled-back'] })).rejects.toThrow('queue is down');
    expect(await ordersWithVin(vin)).toEqual([]);
  });

  it('when the transaction fails after the job was written, the job is gone with the order', async () => {
    let sentOrderId: string | undefined;
    const queue = t.queue!;
    // Writes the job with the transaction, then fails: the commit never happens.
    const failingAfterSend = {
      send: async (name: string, data: { orderId: string }, options: object) => {
        sentOrderId = data.orderId;
        await queue.send(name, data, options);
        throw new Error('connection lost before commit');
      },
    } as unknown as Queue;
    const service = new OrdersService(t.db, () => failingAfterSend);
    const vin = vinEnding(5);
    await expect(service.createVehicleOrder(await principalOf(), { vin })).rejects.toThrow('connection lost before commit');
    expect(sentOrderId).toBeDefined();
    expect(await ordersWithVin(vin)).toEqual([]);
    expect(await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, sentOrderId!))).toEqual([]);
    expect(await jobsOfOrder(t.db, sentOrderId!)).toEqual([]);
  });

  it('without a running queue an order is refused with 503 and nothing is written', async () => {
    const service = new OrdersService(t.db, () => undefined);
    const vin = vinEnding(7);
    await expect(service.createVehicleOrder(await principalOf(), { vin })).rejects.toMatchObject({ status: 503, code: 'QueueUnavailable' });
    expect(await ordersWithVin(vin)).toEqual([]);
  });
}, {}, { queue: true });

// The demo company (npm start): a driver for every MVR scenario and businesses for several risk
// answers, so that a newcomer can order every outcome at once. README's table is what this checks.
describeEachDatabase('demo drivers and businesses', (t) => {
  const host = 'acme.localhost:3000';
  let token: string;
  let acmeId: string;

  beforeAll(async () => {
    expect(await seedDemoData(t.db)).toBe(true);
    token = (await signInAs(t.app, 'agent@acme.test', DEMO_PASSWORD, host)).idToken;
    acmeId = (await t.db.select().from(companies).where(eq(companies.tenantIdentifier, 'acme')))[0]!.id;
  });

  const call = async (method: InjectOptions['method'], url: string, payload?: unknown) => {
    const response = await t.app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: { host, ...bearer(token) } });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };

  it('Acme has a driver for every sandbox MVR scenario (one from Texas) and each ends as README says', async () => {
    const drivers = (await call('GET', '/api/v1/person/company/me?size=100')).content as { id: string; licenceNumber: string; licenceState: string }[];
    expect(drivers).toHaveLength(10);
    expect(drivers.map((driver) => driver.licenceNumber.at(-1)).sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(drivers.filter((driver) => driver.licenceState === 'TX')).toHaveLength(1);

    const expected: Record<string, [status: string, outcome: string | null]> = {
      0: ['Complete', 'Pass'], 1: ['Complete', 'Pass'], 2: ['Complete', 'Fail'], 3: ['Complete', 'Fail'], 4: ['Complete', 'Fail'],
      5: ['Complete', 'Fail'], 6: ['Complete', 'NoResults'], 7: ['Complete', 'NotFulfilled'], 8: ['Error', null], 9: ['Complete', 'Pass'],
    };
    for (const driver of drivers) {
      const order = await call('POST', `/api/v1/person/${driver.id}/order/mvr`, { isAutoAdjudicated: true, permissiblePurpose: 'CDL_EMPLOYER_VERIFICATION' });
      await fulfilOrder(t.db, { id: order.id, companyId: acmeId });
      const done = await call('GET', `/api/v1/orders/${order.id}`);
      expect([done.status, done.outcome], `${driver.licenceState} ${driver.licenceNumber}`).toEqual(expected[driver.licenceNumber.at(-1)!]);
    }
  });

  it('Acme\'s businesses give different business risk answers', async () => {
    const list = (await call('GET', '/api/v1/businesses?size=100')).content as { id: string; ein: string }[];
    expect(list).toHaveLength(DEMO_BUSINESSES.length);
    const levels: string[] = [];
    for (const business of list) {
      const order = await call('POST', '/api/v1/orders/bra/order', { businessId: business.id });
      await fulfilOrder(t.db, { id: order.id, companyId: acmeId });
      const done = await call('GET', `/api/v1/orders/${order.id}`);
      expect(done.status).toBe('Complete');
      levels.push(done.outcome === 'NoResults' ? 'not found' : (await call('GET', `/api/v1/orders/${order.id}/bra/report`)).riskLevel);
    }
    expect(levels.sort()).toEqual(['HIGH', 'LOW', 'SEVERE', 'not found']);
  });

  it('seeding again adds nothing', async () => {
    const before = [(await t.db.select({ value: count() }).from(persons))[0]!.value, (await t.db.select({ value: count() }).from(businesses))[0]!.value];
    expect(await seedDemoData(t.db)).toBe(false);
    expect([(await t.db.select({ value: count() }).from(persons))[0]!.value, (await t.db.select({ value: count() }).from(businesses))[0]!.value]).toEqual(before);
  });
}, {}, { queue: true });
