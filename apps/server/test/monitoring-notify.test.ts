// Driver monitoring's notifications (issue 9): GET|PUT /company/me/monitoring-settings (happy path,
// bad input, another company, roles, plugin off); the recheck job that orders a fresh MVR on a new
// conviction or DMV action when the setting is on (once, however often the job runs) and whose
// order the fulfilment pipeline judges; escalation of unacknowledged alerts at 7, 14 and 30 days,
// once each; the daily digest, once per company and day. Mails land in the outbox (no SMTP): to
// the company's enabled Company Admins and Managers only, with links to each alert.
// Jobs are run directly (as orders.test.ts runs fulfilment), so no test waits for pg-boss.
import { beforeAll, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { KNOWN_PLUGINS } from '@clearlane/contract';
import { driverAlerts, monitoringDigests, monitoringSettings, orders, outbox, personEvents } from '../src/db/schema.ts';
import { inTransaction, MONITORING_DIGEST_JOB, MONITORING_ESCALATE_JOB, MONITORING_RECHECK_JOB } from '../src/jobs/queue.ts';
import { MonitoringDigest } from '../src/modules/monitoring/digest.job.ts';
import { MonitoringEscalation } from '../src/modules/monitoring/escalation.job.ts';
import { prepareMonitoringNotifyQueues, registerMonitoringNotifyWorkers } from '../src/modules/monitoring/notify-workers.ts';
import { MonitoringRecheck } from '../src/modules/monitoring/recheck.job.ts';
import { MonitoringSweep } from '../src/modules/monitoring/sweep.ts';
import { sandboxMonitoringProvider } from '../src/providers/monitoring/sandbox-monitoring-provider.ts';
import { updateMembership } from '../src/modules/users/users.repository.ts';
import {
  ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, fulfilOrder, jobsOfOrder, newCompany, newUser, seedTwoCompanies, signInAs,
} from './helpers.ts';

type Role = 'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin' | 'plainAdmin';
const DAY_MS = 86_400_000;
const SETTINGS = '/api/v1/company/me/monitoring-settings';
const PLAIN_HOST = 'plain.localhost:3000';

let nextLicence = 300_000;
const caLicence = (digit: number) => `D${String(nextLicence++).padStart(6, '0')}${digit}`;

describeEachDatabase('monitoring notifications', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  let plainCompanyId: string;
  const tokens = {} as Record<Role, string>;
  const mailed = {} as Record<'globexManager' | 'disabledManager' | 'disabledUser' | 'plainManager', string>;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    // A company without the monitoring plugin: refused by the routes, never mailed about alerts.
    plainCompanyId = (await newCompany(t.db, 'plain', 'Plain Co', { plugins: KNOWN_PLUGINS.filter((plugin) => plugin !== 'monitoring') })).id;
    const plainAdmin = await newUser(t.db, { tenant: 'plain', role: 'Company Admin' });
    mailed.plainManager = (await newUser(t.db, { tenant: 'plain', role: 'Manager' })).email;
    mailed.globexManager = (await newUser(t.db, { tenant: 'globex', role: 'Manager', firstName: 'Gina' })).email;
    const disabled = await newUser(t.db, { tenant: 'acme', role: 'Manager', firstName: 'Dora' });
    await updateMembership(t.db, seeded.acme.id, disabled.userId, { disabledAt: new Date() });
    mailed.disabledManager = disabled.email;
    mailed.disabledUser = (await newUser(t.db, { tenant: 'acme', role: 'Company Admin', status: 'DISABLED' })).email;
    for (const key of ['admin', 'manager', 'agent', 'viewer', 'globexAdmin'] as const) {
      tokens[key] = (await signInAs(t.app, seeded.users[key].email, undefined, key === 'globexAdmin' ? GLOBEX_HOST : undefined)).idToken;
    }
    tokens.plainAdmin = (await signInAs(t.app, plainAdmin.email, undefined, PLAIN_HOST)).idToken;
    await prepareMonitoringNotifyQueues(t.queue!);
  });

  const hostOf = (role: Role) => (role === 'globexAdmin' ? GLOBEX_HOST : role === 'plainAdmin' ? PLAIN_HOST : ACME_HOST);
  const send = (method: InjectOptions['method'], url: string, role: Role, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: { host: hostOf(role), ...bearer(tokens[role]) } });
  const ok = async (response: Awaited<ReturnType<typeof send>>, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  const settingsRow = async (companyId: string) => (await t.db.select().from(monitoringSettings).where(eq(monitoringSettings.companyId, companyId)))[0];

  const newDriver = async (digit: number, role: Role = 'agent', firstName = 'Dana') =>
    ok(await send('POST', '/api/v1/person', role, { firstName, lastName: 'Reyes', dateOfBirth: '1988-04-12', licenceNumber: caLicence(digit), licenceState: 'CA' }), 201);

  interface AlertInput {
    changeKind?: string;
    severity?: string;
    title?: string;
    createdAt?: Date;
    acknowledged?: boolean;
  }
  const insertAlert = async (companyId: string, personId: string, input: AlertInput = {}) => {
    const id = uuidv7();
    const createdAt = input.createdAt ?? new Date();
    await t.db.insert(driverAlerts).values({
      id, companyId, personId, type: 'MVR_MONITORING_ALERT', changeKind: input.changeKind ?? 'NEW_VIOLATION', severity: input.severity ?? 'MEDIUM',
      title: input.title ?? 'New moving violation', dedupeKey: `test:${id}`, createdAt,
      change: { summary: 'test', values: [], violation: null, dmvAction: null, providerChangeId: id, detectedAt: createdAt.toISOString() },
      ...(input.acknowledged ? { acknowledgedAt: createdAt, acknowledgedBy: seeded.users.manager.userId } : {}),
    });
    return id;
  };
  const alertRow = async (id: string) => (await t.db.select().from(driverAlerts).where(eq(driverAlerts.id, id)))[0]!;
  const eventsOf = async (personId: string, type: string) =>
    t.db.select().from(personEvents).where(and(eq(personEvents.personId, personId), eq(personEvents.type, type))).orderBy(asc(personEvents.createdAt));
  const ordersOf = async (personId: string) => t.db.select().from(orders).where(eq(orders.personId, personId)).orderBy(asc(orders.createdAt));
  const mailsTo = async (email: string) => t.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(asc(outbox.createdAt), asc(outbox.id));
  const outboxSize = async () => Number((await t.db.select({ value: count() }).from(outbox))[0]!.value);
  const link = (host: string, personId: string, alertId: string) => `http://${host}/drivers/${personId}/alerts/${alertId}`;

  // --- GET|PUT /company/me/monitoring-settings ---

  it('GET monitoring-settings answers the defaults before anything is saved, to every role', async () => {
    for (const role of ['admin', 'manager', 'agent', 'viewer'] as const) {
      expect(await ok(await send('GET', SETTINGS, role)), role).toEqual({ reorderMvrOnChange: false, ruleNamespace: null });
    }
  });

  it('PUT monitoring-settings saves them for a Manager and a Company Admin; GET answers what was saved', async () => {
    expect(await ok(await send('PUT', SETTINGS, 'manager', { reorderMvrOnChange: true, ruleNamespace: null }))).toEqual({ reorderMvrOnChange: true, ruleNamespace: null });
    expect(await settingsRow(seeded.acme.id)).toMatchObject({ reorderMvrOnChange: true, ruleNamespace: null, updatedBy: seeded.users.manager.userId });
    // "default" always exists; a ruleset the company saved may be named too.
    expect(await ok(await send('PUT', SETTINGS, 'admin', { reorderMvrOnChange: false, ruleNamespace: 'default' }))).toEqual({ reorderMvrOnChange: false, ruleNamespace: 'default' });
    await ok(await send('PUT', '/api/v1/rulesets/zero-tolerance', 'manager', {
      name: 'Zero tolerance', rules: [{ id: 'no-moving-3y', description: 'No moving violation in 3 years', fact: 'movingViolations', years: 3, operator: 'equal', value: 0 }],
    }));
    expect(await ok(await send('PUT', SETTINGS, 'manager', { reorderMvrOnChange: true, ruleNamespace: ' zero-tolerance ' }))).toEqual({ reorderMvrOnChange: true, ruleNamespace: 'zero-tolerance' });
    expect(await ok(await send('GET', SETTINGS, 'viewer'))).toEqual({ reorderMvrOnChange: true, ruleNamespace: 'zero-tolerance' });
  });

  it('PUT monitoring-settings refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const before = await settingsRow(seeded.acme.id);
    const refused = async (payload: unknown, paths: string[]) => {
      const problem = expectProblem(await send('PUT', SETTINGS, 'manager', payload), 400);
      expect(errorPaths(problem)).toEqual(expect.arrayContaining(paths));
      return problem;
    };
    const unknown = await refused({ reorderMvrOnChange: true, ruleNamespace: 'nobody-has-this' }, ['body.ruleNamespace']);
    expect(unknown.errors![0]!.message).toContain('nobody-has-this');
    await refused({ reorderMvrOnChange: 'yes', ruleNamespace: null }, ['body.reorderMvrOnChange']);
    await refused({ ruleNamespace: null }, ['body.reorderMvrOnChange']);
    await refused({ reorderMvrOnChange: true, ruleNamespace: '' }, ['body.ruleNamespace']);
    await refused({ reorderMvrOnChange: true, ruleNamespace: 'x'.repeat(65) }, ['body.ruleNamespace']);
    expect(await settingsRow(seeded.acme.id)).toEqual(before);
  });

  it('PUT monitoring-settings is refused to Agents and Viewers (403), and changes nothing', async () => {
    const before = await settingsRow(seeded.acme.id);
    for (const role of ['agent', 'viewer'] as const) {
      expectProblem(await send('PUT', SETTINGS, role, { reorderMvrOnChange: false, ruleNamespace: null }), 403, 'Forbidden');
    }
    expect(await settingsRow(seeded.acme.id)).toEqual(before);
  });

  it('another company reads and writes only its own settings, and cannot name my rulesets', async () => {
    expect(await ok(await send('GET', SETTINGS, 'globexAdmin'))).toEqual({ reorderMvrOnChange: false, ruleNamespace: null });
    const problem = expectProblem(await send('PUT', SETTINGS, 'globexAdmin', { reorderMvrOnChange: true, ruleNamespace: 'zero-tolerance' }), 400);
    expect(errorPaths(problem)).toEqual(['body.ruleNamespace']);
    expect(await settingsRow(seeded.globex.id)).toBeUndefined();
    await ok(await send('PUT', SETTINGS, 'globexAdmin', { reorderMvrOnChange: false, ruleNamespace: null }));
    expect(await ok(await send('GET', SETTINGS, 'viewer'))).toEqual({ reorderMvrOnChange: true, ruleNamespace: 'zero-tolerance' });
  });

  it('without the monitoring plugin both are 403 PluginNotEnabled and nothing is written; without a token 401', async () => {
    expectProblem(await send('GET', SETTINGS, 'plainAdmin'), 403, 'PluginNotEnabled');
    expectProblem(await send('PUT', SETTINGS, 'plainAdmin', { reorderMvrOnChange: true, ruleNamespace: null }), 403, 'PluginNotEnabled');
    expect(await settingsRow(plainCompanyId)).toBeUndefined();
    expectProblem(await t.app.inject({ method: 'GET', url: SETTINGS, headers: { host: ACME_HOST } }), 401);
  });

  it('PUT monitoring-settings refuses ordering fresh MVRs in a company without the orders plugin, naming the field', async () => {
    await newCompany(t.db, 'noorders', 'No Orders Co', { plugins: KNOWN_PLUGINS.filter((plugin) => plugin !== 'orders') });
    const admin = await newUser(t.db, { tenant: 'noorders', role: 'Company Admin' });
    const host = 'noorders.localhost:3000';
    const token = (await signInAs(t.app, admin.email, undefined, host)).idToken;
    const put = (payload: unknown) => t.app.inject({ method: 'PUT', url: SETTINGS, payload: payload as InjectOptions['payload'], headers: { host, ...bearer(token) } });
    const problem = expectProblem(await put({ reorderMvrOnChange: true, ruleNamespace: null }), 400);
    expect(errorPaths(problem)).toEqual(['body.reorderMvrOnChange']);
    expect(await settingsRow(admin.companyId)).toBeUndefined();
    expect((await put({ reorderMvrOnChange: false, ruleNamespace: null })).statusCode).toBe(200);
  });

  // --- the recheck job ---

  it('the recheck orders nothing while the company\'s setting is off', async () => {
    await ok(await send('PUT', SETTINGS, 'globexAdmin', { reorderMvrOnChange: false, ruleNamespace: null }));
    const driver = await newDriver(2, 'globexAdmin');
    const alertId = await insertAlert(seeded.globex.id, driver.id, { changeKind: 'SUSPENSION', severity: 'HIGH' });
    expect(await new MonitoringRecheck(t.db, t.queue).recheck({ companyId: seeded.globex.id, alertId })).toBeUndefined();
    expect(await ordersOf(driver.id)).toEqual([]);
    expect(await alertRow(alertId)).toMatchObject({ recheckOrderId: null, outcomeBefore: null });
    expect(await eventsOf(driver.id, 'MVR_REORDERED')).toEqual([]);
  });

  it('with the setting on, a new conviction orders one fresh MVR judged by the company\'s ruleset; a retried job orders no second one', async () => {
    // Acme's setting (above): on, judged by "zero-tolerance". The driver's earlier MVR passed the default rules.
    const driver = await newDriver(1);
    const earlier = await ok(await send('POST', `/api/v1/person/${driver.id}/order/mvr`, 'agent', { permissiblePurpose: 'INSURANCE', isAutoAdjudicated: true }), 201);
    await fulfilOrder(t.db, { id: earlier.id, companyId: seeded.acme.id });
    const alertId = await insertAlert(seeded.acme.id, driver.id, { changeKind: 'NEW_VIOLATION', title: 'New moving violation: speeding' });

    const recheck = new MonitoringRecheck(t.db, t.queue);
    const job = { companyId: seeded.acme.id, alertId };
    // Two runs at once (a job redelivered while the first still runs): one order between them.
    const placedBy = (await Promise.all([recheck.recheck(job), new MonitoringRecheck(t.db, t.queue).recheck(job)])).filter(Boolean);
    expect(placedBy).toHaveLength(1);
    const orderId = placedBy[0];
    // A retry finds the order placed.
    expect(await recheck.recheck(job)).toBeUndefined();

    const placed = (await ordersOf(driver.id)).filter((order) => order.id !== earlier.id);
    expect(placed.map((order) => order.id)).toEqual([orderId]);
    expect(placed[0]).toMatchObject({
      type: 'MVR_WITH_ADJUDICATION', status: 'New', isAutoAdjudicated: true, ruleNamespace: 'zero-tolerance', orderedBy: null,
      permissiblePurpose: 'INSURANCE', companyId: seeded.acme.id,
    });
    expect(await jobsOfOrder(t.db, orderId!)).toEqual([{ data: { orderId, companyId: seeded.acme.id } }]);
    expect(await alertRow(alertId)).toMatchObject({ recheckOrderId: orderId, outcomeBefore: 'Pass' });
    const events = await eventsOf(driver.id, 'MVR_REORDERED');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: null, companyId: seeded.acme.id, data: { alertId, orderId, ruleNamespace: 'zero-tolerance', outcomeBefore: 'Pass' } });

    // The fulfilment pipeline completes and judges it: the new violation fails the company's rules.
    await fulfilOrder(t.db, { id: orderId!, companyId: seeded.acme.id });
    const [done] = await t.db.select().from(orders).where(eq(orders.id, orderId!));
    expect(done).toMatchObject({ status: 'Complete', outcome: 'Fail' });
    expect(done!.adjudication).toMatchObject({ outcome: 'Fail', rulesetNamespace: 'zero-tolerance', decidingRuleIds: ['no-moving-3y'] });
    // The order says who placed it: nobody, automatically.
    const detail = await ok(await send('GET', `/api/v1/orders/${orderId}`, 'viewer'));
    expect(JSON.stringify(detail)).toContain('Ordered automatically: monitoring alert');
  });

  it('the recheck orders nothing for changes that are not a conviction or DMV action, nor for an unknown alert', async () => {
    const driver = await newDriver(0);
    const recheck = new MonitoringRecheck(t.db, t.queue);
    for (const changeKind of ['LICENCE_EXPIRING', 'MEDICAL_CERTIFICATE_EXPIRED', 'NEW_ACCIDENT']) {
      const alertId = await insertAlert(seeded.acme.id, driver.id, { changeKind, severity: 'LOW' });
      expect(await recheck.recheck({ companyId: seeded.acme.id, alertId }), changeKind).toBeUndefined();
    }
    expect(await recheck.recheck({ companyId: seeded.acme.id, alertId: uuidv7() })).toBeUndefined();
    // Another company's alert id under my company finds nothing.
    const theirs = await insertAlert(seeded.globex.id, (await newDriver(3, 'globexAdmin')).id, { changeKind: 'SUSPENSION' });
    expect(await recheck.recheck({ companyId: seeded.acme.id, alertId: theirs })).toBeUndefined();
    expect(await ordersOf(driver.id)).toEqual([]);
    expect((await alertRow(theirs)).recheckOrderId).toBeNull();
  });

  it('a sweep can send the recheck job inside its transaction (the queue exists and is cached)', async () => {
    const alert = { companyId: seeded.acme.id, alertId: uuidv7() };
    await t.db.transaction(async (tx) => {
      await t.queue!.send(MONITORING_RECHECK_JOB, alert, { db: inTransaction(tx) });
    });
    const rows = await t.db.execute(sql`select data from pgboss.job where name = ${MONITORING_RECHECK_JOB}`);
    expect((rows as unknown as { rows: { data: unknown }[] }).rows.map((row) => row.data)).toContainEqual(alert);
  });

  // --- escalation ---

  it('escalates unacknowledged alerts at 7, 14 and 30 days, once each, mailing each company\'s enabled Company Admins and Managers', async () => {
    // The earlier tests' alerts are settled, so each run below escalates this test's alerts only.
    await t.db.update(driverAlerts).set({ acknowledgedAt: new Date() }).where(isNull(driverAlerts.acknowledgedAt));
    const now = new Date();
    const ago = (days: number, from = now) => new Date(from.getTime() - days * DAY_MS - 60_000);
    const driver = await newDriver(2, 'agent', 'Eve');
    const a = await insertAlert(seeded.acme.id, driver.id, { createdAt: ago(7), severity: 'MEDIUM', title: 'Alert A' });
    const b = await insertAlert(seeded.acme.id, driver.id, { createdAt: ago(14), severity: 'HIGH', title: 'Alert B' });
    const c = await insertAlert(seeded.acme.id, driver.id, { createdAt: ago(30), severity: 'LOW', title: 'Alert C' });
    const acknowledged = await insertAlert(seeded.acme.id, driver.id, { createdAt: ago(8), acknowledged: true });
    const young = await insertAlert(seeded.acme.id, driver.id, { createdAt: ago(3), title: 'Alert young' });
    const globexDriver = await newDriver(3, 'globexAdmin');
    const g = await insertAlert(seeded.globex.id, globexDriver.id, { createdAt: ago(9), title: 'Alert G' });
    const plainDriver = await newDriver(4, 'plainAdmin');
    const plainAlert = await insertAlert(plainCompanyId, plainDriver.id, { createdAt: ago(9) });

    const escalation = new MonitoringEscalation(t.db, t.messenger, t.config);
    const sizeBefore = await outboxSize();
    expect(await escalation.run(now)).toEqual({ escalated: 4, mails: 4 });
    const levels = async () => Object.fromEntries(await Promise.all(Object.entries({ a, b, c, acknowledged, young, g, plainAlert }).map(async ([name, id]) => [name, (await alertRow(id)).escalatedAfterDays])));
    expect(await levels()).toEqual({ a: 7, b: 14, c: 30, acknowledged: 0, young: 0, g: 7, plainAlert: 0 });

    // Acme's Company Admin and Manager each got one mail listing its three, most severe first, with links.
    for (const user of [seeded.users.admin, seeded.users.manager]) {
      const mails = await mailsTo(user.email);
      expect(mails, user.email).toHaveLength(1);
      expect(mails[0]).toMatchObject({ channel: 'EMAIL', status: 'HELD', subject: 'Acme Logistics: 3 driver alerts still not acknowledged' });
      const body = mails[0]!.body;
      for (const id of [a, b, c]) expect(body).toContain(link(ACME_HOST, driver.id, id));
      expect(body.indexOf('Alert B')).toBeLessThan(body.indexOf('Alert A'));
      expect(body.indexOf('Alert A')).toBeLessThan(body.indexOf('Alert C'));
      for (const id of [acknowledged, young, g]) expect(body).not.toContain(id);
    }
    // Globex's admin and manager got theirs, about Globex's alert only.
    for (const email of [seeded.users.globexAdmin.email, mailed.globexManager]) {
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain(link(GLOBEX_HOST, globexDriver.id, g));
      expect(mails[0]!.body).not.toContain(a);
    }
    // Agents, Viewers, disabled users and a company without the plugin: nothing.
    for (const email of [seeded.users.agent.email, seeded.users.viewer.email, mailed.disabledManager, mailed.disabledUser, mailed.plainManager]) {
      expect(await mailsTo(email), email).toEqual([]);
    }
    expect(await outboxSize()).toBe(sizeBefore + 4);
    expect((await eventsOf(driver.id, 'ALERT_ESCALATED')).map((event) => event.data)).toEqual(expect.arrayContaining([
      { alertId: a, escalatedAfterDays: 7 }, { alertId: b, escalatedAfterDays: 14 }, { alertId: c, escalatedAfterDays: 30 },
    ]));

    // Running again changes nothing and mails nobody.
    expect(await escalation.run(now)).toEqual({ escalated: 0, mails: 0 });
    expect(await outboxSize()).toBe(sizeBefore + 4);

    // A week later: A reaches 14 and the young one 7; B and C stay where they are.
    const weekLater = new Date(now.getTime() + 7 * DAY_MS);
    expect(await escalation.run(weekLater)).toMatchObject({ escalated: 3 });
    expect(await levels()).toMatchObject({ a: 14, b: 14, c: 30, young: 7, g: 14 });
    const second = (await mailsTo(seeded.users.manager.email))[1]!;
    expect(second.subject).toBe('Acme Logistics: 2 driver alerts still not acknowledged');
    expect(second.body).toContain(link(ACME_HOST, driver.id, a));
    expect(second.body).not.toContain(b);
    expect(await escalation.run(weekLater)).toEqual({ escalated: 0, mails: 0 });

    // 30 days on: A and B reach 30, the young one 14.
    const monthLater = new Date(now.getTime() + 23 * DAY_MS);
    await escalation.run(monthLater);
    await escalation.run(monthLater);
    expect(await levels()).toMatchObject({ a: 30, b: 30, c: 30, young: 14, acknowledged: 0 });
    const escalations = (await eventsOf(driver.id, 'ALERT_ESCALATED')).map((event) => event.data as { alertId: string; escalatedAfterDays: number });
    const levelsOf = (id: string) => escalations.filter((event) => event.alertId === id).map((event) => event.escalatedAfterDays);
    expect(levelsOf(a)).toEqual([7, 14, 30]);
    expect(levelsOf(b)).toEqual([14, 30]);
    expect(levelsOf(c)).toEqual([30]);
    expect(levelsOf(young)).toEqual([7, 14]);
    expect(await mailsTo(seeded.users.manager.email)).toHaveLength(3);
    expect(await mailsTo(mailed.disabledManager)).toEqual([]);
    // Settle these alerts so later tests' runs see none of them.
    await t.db.update(driverAlerts).set({ acknowledgedAt: new Date() }).where(inArray(driverAlerts.id, [a, b, c, young, g]));
  });

  // --- the daily digest ---

  it('sends each company\'s Company Admins and Managers one digest of the day\'s alerts, once per day', async () => {
    const day = (time: string) => new Date(`2030-01-01T${time}Z`);
    const driver = await newDriver(5, 'agent', 'Finn');
    const high = await insertAlert(seeded.acme.id, driver.id, { createdAt: day('08:00:00'), severity: 'HIGH', title: 'Licence suspended' });
    const low = await insertAlert(seeded.acme.id, driver.id, { createdAt: day('23:59:59'), severity: 'LOW', title: 'Licence expires in 90 days', acknowledged: true });
    const nextDay = await insertAlert(seeded.acme.id, driver.id, { createdAt: new Date('2030-01-02T00:00:00Z'), title: 'Next day' });
    const before = await insertAlert(seeded.acme.id, driver.id, { createdAt: new Date('2029-12-31T23:59:59Z'), title: 'Day before' });
    const globexDriver = await newDriver(5, 'globexAdmin');
    const theirs = await insertAlert(seeded.globex.id, globexDriver.id, { createdAt: day('12:00:00'), title: 'Globex alert' });
    await insertAlert(plainCompanyId, (await newDriver(5, 'plainAdmin')).id, { createdAt: day('12:00:00') });

    const digest = new MonitoringDigest(t.db, t.messenger, t.config);
    const counts = async () => Object.fromEntries(await Promise.all(
      [seeded.users.admin.email, seeded.users.manager.email, seeded.users.agent.email, seeded.users.globexAdmin.email, mailed.globexManager, mailed.disabledManager, mailed.disabledUser, mailed.plainManager]
        .map(async (email) => [email, (await mailsTo(email)).filter((mail) => mail.subject.includes('new driver alert')).length]),
    ));
    const expected = {
      [seeded.users.admin.email]: 1, [seeded.users.manager.email]: 1, [seeded.users.agent.email]: 0, [seeded.users.globexAdmin.email]: 1,
      [mailed.globexManager]: 1, [mailed.disabledManager]: 0, [mailed.disabledUser]: 0, [mailed.plainManager]: 0,
    };

    expect(await digest.run(new Date('2030-01-02T06:00:00Z'))).toEqual({ digestDate: '2030-01-01', digests: 2, mails: 4 });
    expect(await counts()).toEqual(expected);
    const mail = (await mailsTo(seeded.users.manager.email)).at(-1)!;
    expect(mail.subject).toBe('Acme Logistics: 2 new driver alerts on 2030-01-01');
    expect(mail.body).toContain('1 HIGH, 1 LOW');
    expect(mail.body).toContain(link(ACME_HOST, driver.id, high));
    expect(mail.body).toContain(link(ACME_HOST, driver.id, low));
    for (const id of [nextDay, before, theirs]) expect(mail.body).not.toContain(id);
    const globexMail = (await mailsTo(mailed.globexManager)).at(-1)!;
    expect(globexMail.subject).toBe('Globex Insurance: 1 new driver alert on 2030-01-01');
    expect(globexMail.body).toContain(link(GLOBEX_HOST, globexDriver.id, theirs));
    expect(globexMail.body).not.toContain(high);

    // Again that day, and later the same day: recorded already, nothing more is sent.
    expect(await digest.run(new Date('2030-01-02T06:00:00Z'))).toEqual({ digestDate: '2030-01-01', digests: 0, mails: 0 });
    expect(await digest.run(new Date('2030-01-02T23:00:00Z'))).toMatchObject({ digests: 0, mails: 0 });
    expect(await counts()).toEqual(expected);
    const ledger = await t.db.select().from(monitoringDigests).where(eq(monitoringDigests.digestDate, '2030-01-01'));
    expect(ledger.map((row) => [row.companyId, row.alertCount]).sort()).toEqual([[seeded.acme.id, 2], [seeded.globex.id, 1]].sort());

    // A day without alerts sends nothing and records nothing.
    expect(await digest.run(new Date('2030-01-06T06:00:00Z'))).toEqual({ digestDate: '2030-01-05', digests: 0, mails: 0 });
    expect(await t.db.select().from(monitoringDigests).where(eq(monitoringDigests.digestDate, '2030-01-05'))).toEqual([]);
  });

  // --- the workers main.ts registers ---

  it('the pg-boss workers take the recheck and escalation jobs (as main.ts registers them)', async () => {
    await ok(await send('PUT', SETTINGS, 'manager', { reorderMvrOnChange: true, ruleNamespace: null }));
    const driver = await newDriver(3, 'agent', 'Gil');
    const alertId = await insertAlert(seeded.acme.id, driver.id, { changeKind: 'MAJOR_CONVICTION', severity: 'HIGH', createdAt: new Date(Date.now() - 8 * DAY_MS) });
    const queue = t.queue!;
    await registerMonitoringNotifyWorkers(queue, { db: t.db, messenger: t.messenger, config: t.config });
    try {
      await queue.send(MONITORING_RECHECK_JOB, { companyId: seeded.acme.id, alertId });
      await queue.send(MONITORING_ESCALATE_JOB, {});
      // Wait for the workers (they poll); the test's own timeout bounds this, nothing is timed.
      const done = async () => {
        const row = await alertRow(alertId);
        return row.recheckOrderId !== null && row.escalatedAfterDays === 7;
      };
      while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      for (const name of [MONITORING_RECHECK_JOB, MONITORING_ESCALATE_JOB, MONITORING_DIGEST_JOB]) await queue.offWork(name);
    }
    expect((await ordersOf(driver.id)).map((order) => order.id)).toEqual([(await alertRow(alertId)).recheckOrderId]);
    expect((await mailsTo(seeded.users.manager.email)).at(-1)!.body).toContain(link(ACME_HOST, driver.id, alertId));
  });

  // --- with the sweep (mon-engine) and the alert's page (mon-alerts) ---

  it('a change the sweep finds orders the fresh MVR; once judged, the alert shows the outcome and the rule that now fails', async () => {
    await ok(await send('PUT', SETTINGS, 'manager', { reorderMvrOnChange: true, ruleNamespace: 'zero-tolerance' }));
    // A Texas licence ending in 2: the sandbox reports a new conviction at the first sweep.
    const driver = await ok(await send('POST', '/api/v1/person', 'agent', {
      firstName: 'Hana', lastName: 'Ortiz', dateOfBirth: '1985-06-01', licenceNumber: `9${String(nextLicence++).padStart(6, '0')}2`, licenceState: 'TX',
    }), 201);
    await ok(await send('PATCH', `/api/v1/person/${driver.id}/monitoring`, 'manager', { monitoringType: 'MvrMonitoring', action: 'ADD' }));
    await new MonitoringSweep(t.db, sandboxMonitoringProvider(t.db), () => t.queue, () => {}).sweep(new Date(Date.now() + 60_000));
    const [alert] = await t.db.select().from(driverAlerts).where(eq(driverAlerts.personId, driver.id));
    expect(alert).toMatchObject({ changeKind: 'NEW_VIOLATION', recheckOrderId: null });
    const sent = await t.db.execute(sql`select data from pgboss.job where name = ${MONITORING_RECHECK_JOB} and data->>'alertId' = ${alert!.id}`);
    const [job] = (sent as unknown as { rows: { data: { companyId: string; alertId: string } }[] }).rows;
    expect(job!.data).toEqual({ companyId: seeded.acme.id, alertId: alert!.id });

    const orderId = await new MonitoringRecheck(t.db, t.queue).recheck(job!.data);
    const detailUrl = `/api/v1/person/${driver.id}/alert/${alert!.id}`;
    expect((await ok(await send('GET', detailUrl, 'viewer'))).recheck).toMatchObject({ orderId, orderStatus: 'New', outcomeBefore: null, outcomeAfter: null });
    await fulfilOrder(t.db, { id: orderId!, companyId: seeded.acme.id });
    const { recheck } = await ok(await send('GET', detailUrl, 'viewer'));
    expect(recheck).toMatchObject({ orderId, orderStatus: 'Complete', outcomeAfter: 'Fail' });
    expect(recheck.newlyFailingRules.map((rule: { ruleId: string }) => rule.ruleId)).toEqual(['no-moving-3y']);
  });
}, {}, { queue: true });
