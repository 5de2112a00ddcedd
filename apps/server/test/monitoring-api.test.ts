// Driver monitoring API (issue 9): enrolment (one driver and many), a driver's history, the
// company's alerts, one alert, acknowledging it, and annual reviews. Each endpoint with its happy
// path, bad input (a 400 naming the field, nothing written), another company's admin (404, nothing
// changed), the roles, and the plugin switched off. Alerts and orders are inserted directly
// (monitoring-factories.ts): raising alerts is the sweep's job, completing orders fulfilment's.
import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import { KNOWN_PLUGINS } from '@clearlane/contract';
import { annualReviews, driverAlerts, monitoringEnrolments, personEvents, persons } from '../src/db/schema.ts';
import { todayUtc } from '../src/modules/monitoring/annual-reviews.service.ts';
import {
  ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, expectOk, expectRefused, newCompany, newUser, seedTwoCompanies, signInAs,
} from './helpers.ts';
import { insertAlert, insertOrder, rule } from './monitoring-factories.ts';

type Role = 'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin' | 'unplugged';
const UNPLUGGED_HOST = 'nomon.localhost:3000';
const UNKNOWN_ID = '0190c3a4-0000-7000-8000-000000000000';

let nextLicence = 1_000_000;
/** California confirms enrolments after 3 days (PENDING); Texas at once (ACTIVE). */
const driver = (state: 'CA' | 'TX', lastName = 'Reyes') => ({
  firstName: 'Dana', lastName, dateOfBirth: '1988-04-12', licenceState: state,
  licenceNumber: state === 'CA' ? `D${nextLicence++}` : `1${nextLicence++}`,
});

describeEachDatabase('driver monitoring API', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  let unpluggedCompanyId: string;
  const tokens = {} as Record<Role, string>;
  const hostOf = (role: Role) => (role === 'globexAdmin' ? GLOBEX_HOST : role === 'unplugged' ? UNPLUGGED_HOST : ACME_HOST);

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    const unplugged = await newCompany(t.db, 'nomon', 'No Monitoring Co', { plugins: KNOWN_PLUGINS.filter((plugin) => plugin !== 'monitoring') });
    unpluggedCompanyId = unplugged.id;
    const unpluggedAdmin = await newUser(t.db, { tenant: 'nomon', role: 'Company Admin' });
    const users = { ...seeded.users, unplugged: unpluggedAdmin };
    for (const key of Object.keys(users) as Role[]) tokens[key] = (await signInAs(t.app, users[key].email, undefined, hostOf(key))).idToken;
  });

  const send = (method: InjectOptions['method'], url: string, role: Role, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: { host: hostOf(role), ...bearer(tokens[role]) } });
  const read = (url: string, role: Role = 'viewer') => send('GET', url, role);
  const ok = expectOk;
  const refused = expectRefused;

  const newPerson = async (state: 'CA' | 'TX' = 'TX', role: Role = 'manager', lastName?: string) => ok(await send('POST', '/api/v1/person', role, driver(state, lastName)), 201);
  const changeMonitoring = (personId: string, action: 'ADD' | 'REMOVE', role: Role = 'manager', monitoringType = 'MvrMonitoring') =>
    send('PATCH', `/api/v1/person/${personId}/monitoring`, role, { monitoringType, action });
  const changeMany = (personIds: string[], action: 'ADD' | 'REMOVE', role: Role = 'manager', monitoringType = 'MvrMonitoring') =>
    send('PATCH', '/api/v1/person/monitoring', role, { personIds, monitoringType, action });

  const enrolmentsOf = (personId: string) => t.db.select().from(monitoringEnrolments).where(eq(monitoringEnrolments.personId, personId));
  const eventsOf = async (personId: string) =>
    (await t.db.select().from(personEvents).where(eq(personEvents.personId, personId))).map((event) => event.type).sort();
  const typesOf = async (personId: string) => (await t.db.select({ types: persons.monitoringTypes }).from(persons).where(eq(persons.id, personId)))[0]!.types;
  const alertRow = async (id: string) => (await t.db.select().from(driverAlerts).where(eq(driverAlerts.id, id)))[0]!;
  const reviewCount = async (personId: string) =>
    Number((await t.db.select({ value: count() }).from(annualReviews).where(eq(annualReviews.personId, personId)))[0]!.value);
  const acme = () => seeded.acme.id;

  // --- PATCH /person/{id}/monitoring ---

  describe('PATCH /person/{id}/monitoring', () => {
    it('enrols a driver (ACTIVE at once where the state confirms at once), answers the driver, and records who did it', async () => {
      const person = await newPerson('TX');
      const answer = ok(await changeMonitoring(person.id, 'ADD'));
      expect(answer).toMatchObject({ id: person.id, monitoringTypes: ['MvrMonitoring'] });
      const [row] = await enrolmentsOf(person.id);
      expect(row).toMatchObject({ companyId: acme(), monitoringType: 'MvrMonitoring', status: 'ACTIVE', enrolledBy: seeded.users.manager.userId });
      expect(row!.activeSince).toBeInstanceOf(Date);
      const events = ok(await read(`/api/v1/person/${person.id}/events`));
      expect(events.content).toEqual([expect.objectContaining({
        type: 'MONITORING_ADDED', actorId: seeded.users.manager.userId, actorName: 'Max Manager',
        data: { monitoringType: 'MvrMonitoring', status: 'ACTIVE' }, message: 'Enrolled in MVR monitoring by Max Manager',
      })]);
    });

    it('enrols a California driver as PENDING until the state confirms', async () => {
      const person = await newPerson('CA');
      ok(await changeMonitoring(person.id, 'ADD'));
      expect(await enrolmentsOf(person.id)).toEqual([expect.objectContaining({ status: 'PENDING', activeSince: null })]);
      expect((await t.db.select().from(personEvents).where(eq(personEvents.personId, person.id)))[0]!.message).toMatch(/pending the state's confirmation/);
    });

    it('is idempotent: adding twice is one enrolment and one event; removing deletes it once', async () => {
      const person = await newPerson('TX');
      ok(await changeMonitoring(person.id, 'ADD'));
      expect(ok(await changeMonitoring(person.id, 'ADD')).monitoringTypes).toEqual(['MvrMonitoring']);
      ok(await changeMonitoring(person.id, 'ADD', 'admin', 'PersonMonitoring'));
      expect(await enrolmentsOf(person.id)).toHaveLength(2);
      expect(await eventsOf(person.id)).toEqual(['MONITORING_ADDED', 'MONITORING_ADDED']);
      expect(ok(await changeMonitoring(person.id, 'REMOVE')).monitoringTypes).toEqual(['PersonMonitoring']);
      expect(ok(await changeMonitoring(person.id, 'REMOVE')).monitoringTypes).toEqual(['PersonMonitoring']);
      expect((await enrolmentsOf(person.id)).map((row) => row.monitoringType)).toEqual(['PersonMonitoring']);
      expect(await eventsOf(person.id)).toEqual(['MONITORING_ADDED', 'MONITORING_ADDED', 'MONITORING_REMOVED']);
    });

    it('enrols once when two Managers add the same driver at the same moment', async () => {
      const person = await newPerson('TX');
      const answers = await Promise.all([changeMonitoring(person.id, 'ADD'), changeMonitoring(person.id, 'ADD', 'admin')]);
      for (const answer of answers) expect(ok(answer).monitoringTypes).toEqual(['MvrMonitoring']);
      expect(await enrolmentsOf(person.id)).toHaveLength(1);
      expect(await eventsOf(person.id)).toEqual(['MONITORING_ADDED']);
    });

    it('refuses bad input naming the field, and changes nothing', async () => {
      const person = await newPerson('TX');
      refused(await send('PATCH', `/api/v1/person/${person.id}/monitoring`, 'manager', { monitoringType: 'Satellite', action: 'ADD' }), 400, ['body.monitoringType'], 'ValidationError');
      refused(await send('PATCH', `/api/v1/person/${person.id}/monitoring`, 'manager', { monitoringType: 'MvrMonitoring' }), 400, ['body.action']);
      refused(await send('PATCH', '/api/v1/person/not-a-uuid/monitoring', 'manager', { monitoringType: 'MvrMonitoring', action: 'ADD' }), 400, ['params.id']);
      expect(await enrolmentsOf(person.id)).toEqual([]);
    });

    it('answers 404 for another company\'s driver or an unknown one, and changes nothing', async () => {
      const person = await newPerson('TX');
      refused(await changeMonitoring(person.id, 'ADD', 'globexAdmin'), 404, [], 'NotFound');
      refused(await changeMonitoring(UNKNOWN_ID, 'ADD'), 404);
      expect(await enrolmentsOf(person.id)).toEqual([]);
      expect(await typesOf(person.id)).toEqual([]);
    });

    it('lets Managers and Company Admins enrol; Agents and Viewers are refused', async () => {
      const person = await newPerson('TX');
      for (const role of ['agent', 'viewer'] as const) refused(await changeMonitoring(person.id, 'ADD', role), 403, [], 'Forbidden');
      expect(await enrolmentsOf(person.id)).toEqual([]);
      ok(await changeMonitoring(person.id, 'ADD', 'admin'));
    });
  });

  // --- PATCH /person/monitoring (bulk) ---

  describe('PATCH /person/monitoring', () => {
    it('enrols many drivers at once, counting those already enrolled as unchanged', async () => {
      const people = [await newPerson('TX'), await newPerson('CA'), await newPerson('TX')];
      ok(await changeMonitoring(people[0].id, 'ADD'));
      const ids = people.map((person) => person.id);
      expect(ok(await changeMany([...ids, ids[1]!], 'ADD'))).toEqual({ changed: 2, unchanged: 1 });
      for (const id of ids) {
        expect(await typesOf(id)).toEqual(['MvrMonitoring']);
        expect(await eventsOf(id)).toEqual(['MONITORING_ADDED']);
      }
      expect((await enrolmentsOf(ids[1]!))[0]!.status).toBe('PENDING');
      expect(ok(await changeMany(ids, 'REMOVE'))).toEqual({ changed: 3, unchanged: 0 });
      for (const id of ids) expect(await typesOf(id)).toEqual([]);
      expect(ok(await changeMany(ids, 'REMOVE'))).toEqual({ changed: 0, unchanged: 3 });
    });

    it('enrols each driver once when two bulk changes of the same drivers arrive at the same moment, in any order', async () => {
      const ids = [(await newPerson('TX')).id, (await newPerson('CA')).id, (await newPerson('TX')).id];
      const answers = (await Promise.all([changeMany(ids, 'ADD'), changeMany([...ids].reverse(), 'ADD', 'admin')])).map((answer) => ok(answer));
      expect(answers[0].changed + answers[1].changed).toBe(3);
      for (const id of ids) expect(await eventsOf(id)).toEqual(['MONITORING_ADDED']);
    });

    it('enrols 1,000 drivers in one call', async () => {
      const values = Array.from({ length: 1000 }, () => ({ ...driver('TX'), id: crypto.randomUUID(), companyId: acme() }));
      await t.db.insert(persons).values(values);
      expect(ok(await changeMany(values.map((value) => value.id), 'ADD'))).toEqual({ changed: 1000, unchanged: 0 });
      const [enrolled] = await t.db.select({ value: count() }).from(monitoringEnrolments)
        .where(and(eq(monitoringEnrolments.companyId, acme()), eq(monitoringEnrolments.monitoringType, 'MvrMonitoring')));
      expect(Number(enrolled!.value)).toBeGreaterThanOrEqual(1000);
    });

    it('refuses the whole call when an id is not a driver of my company, naming each such id, and changes nothing', async () => {
      const mine = await newPerson('TX');
      const theirs = await newPerson('TX', 'globexAdmin');
      const problem = refused(await changeMany([mine.id, theirs.id, UNKNOWN_ID], 'ADD'), 400, ['body.personIds.1', 'body.personIds.2'], 'ValidationError');
      expect(problem.errors).toEqual([
        { path: 'body.personIds.1', message: `is not a driver of your company (${theirs.id})` },
        { path: 'body.personIds.2', message: `is not a driver of your company (${UNKNOWN_ID})` },
      ]);
      expect(await enrolmentsOf(mine.id)).toEqual([]);
      expect(await eventsOf(mine.id)).toEqual([]);
      expect(await enrolmentsOf(theirs.id)).toEqual([]);
    });

    it('refuses bad input naming the field', async () => {
      refused(await changeMany([], 'ADD'), 400, ['body.personIds']);
      refused(await changeMany(['nope'], 'ADD'), 400, ['body.personIds.0']);
      refused(await send('PATCH', '/api/v1/person/monitoring', 'manager', { personIds: [UNKNOWN_ID], monitoringType: 'MvrMonitoring', action: 'TOGGLE' }), 400, ['body.action']);
    });

    it('lets Managers and Company Admins change many; Agents and Viewers are refused', async () => {
      const person = await newPerson('TX');
      for (const role of ['agent', 'viewer'] as const) refused(await changeMany([person.id], 'ADD', role), 403, [], 'Forbidden');
      expect(await enrolmentsOf(person.id)).toEqual([]);
      expect(ok(await changeMany([person.id], 'ADD', 'admin'))).toEqual({ changed: 1, unchanged: 0 });
    });
  });

  // --- GET /person/{id}/events ---

  describe('GET /person/{id}/events', () => {
    it('pages the driver\'s history newest first, for every role', async () => {
      const person = await newPerson('TX');
      ok(await changeMonitoring(person.id, 'ADD'));
      ok(await changeMonitoring(person.id, 'REMOVE', 'admin'));
      for (const role of ['admin', 'manager', 'agent', 'viewer'] as const) {
        const page = ok(await read(`/api/v1/person/${person.id}/events`, role));
        expect(page.content.map((event: { type: string; actorName: string }) => [event.type, event.actorName])).toEqual([
          ['MONITORING_REMOVED', 'Ada Admin'], ['MONITORING_ADDED', 'Max Manager'],
        ]);
      }
      const first = ok(await read(`/api/v1/person/${person.id}/events?size=1`));
      expect(first.page).toEqual({ number: 0, size: 1, totalElements: 2, totalPages: 2 });
      expect(first.content[0].type).toBe('MONITORING_REMOVED');
    });

    it('refuses bad input, and answers 404 for another company\'s driver', async () => {
      const person = await newPerson('TX');
      refused(await read(`/api/v1/person/${person.id}/events?size=0`), 400, ['query.size']);
      refused(await read('/api/v1/person/nope/events'), 400, ['params.id']);
      refused(await read(`/api/v1/person/${person.id}/events`, 'globexAdmin'), 404);
      refused(await read(`/api/v1/person/${UNKNOWN_ID}/events`), 404);
    });
  });

  // --- GET /company/me/alerts/drivers ---

  describe('GET /company/me/alerts/drivers', () => {
    let alice: { id: string };
    let bob: { id: string };
    const ids = {} as Record<'low' | 'high' | 'medium' | 'acked' | 'reminder', string>;
    const list = async (query = '', role: Role = 'viewer') => ok(await read(`/api/v1/company/me/alerts/drivers${query}`, role));
    const idsOf = (page: { content: { id: string }[] }) => page.content.map((alert) => alert.id);

    beforeAll(async () => {
      const company = await newCompany(t.db, 'alertco', 'Alert Co');
      const viewer = await newUser(t.db, { tenant: 'alertco', role: 'Viewer' });
      const manager = await newUser(t.db, { tenant: 'alertco', role: 'Manager', firstName: 'Mona', lastName: 'Lisa' });
      alertCoViewer = (await signInAs(t.app, viewer.email, undefined, ALERT_CO_HOST)).idToken;
      const managerToken = (await signInAs(t.app, manager.email, undefined, ALERT_CO_HOST)).idToken;
      const create = async (lastName: string) =>
        ok(await t.app.inject({ method: 'POST', url: '/api/v1/person', payload: driver('TX', lastName), headers: { host: ALERT_CO_HOST, ...bearer(managerToken) } }), 201);
      alice = await create('Adams');
      bob = await create('Baker');
      const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));
      const base = { companyId: company.id };
      ids.low = await insertAlert(t.db, { ...base, personId: alice.id, severity: 'LOW', type: 'LICENCE_EXPIRY_REMINDER', changeKind: 'LICENCE_EXPIRING', createdAt: day(1) });
      ids.high = await insertAlert(t.db, { ...base, personId: bob.id, severity: 'HIGH', changeKind: 'SUSPENSION', createdAt: day(2) });
      ids.medium = await insertAlert(t.db, { ...base, personId: alice.id, severity: 'MEDIUM', createdAt: day(3) });
      ids.acked = await insertAlert(t.db, { ...base, personId: bob.id, severity: 'MEDIUM', createdAt: day(4), acknowledgedAt: day(5), acknowledgedBy: manager.userId });
      ids.reminder = await insertAlert(t.db, { ...base, personId: bob.id, severity: 'LOW', type: 'MEDICAL_CERTIFICATE_REMINDER', changeKind: 'MEDICAL_CERTIFICATE_EXPIRING', createdAt: day(6) });
    });
    // A company of its own, so that the list holds exactly these alerts.
    const ALERT_CO_HOST = 'alertco.localhost:3000';
    let alertCoViewer: string;
    const readAlertCo = async (query: string) =>
      ok(await t.app.inject({ method: 'GET', url: `/api/v1/company/me/alerts/drivers${query}`, headers: { host: ALERT_CO_HOST, ...bearer(alertCoViewer) } }));

    it('lists the company\'s alerts newest first, with the driver\'s name and who acknowledged', async () => {
      const page = await readAlertCo('');
      expect(idsOf(page)).toEqual([ids.reminder, ids.acked, ids.medium, ids.high, ids.low]);
      expect(page.page).toEqual({ number: 0, size: 20, totalElements: 5, totalPages: 1 });
      expect(page.content[1]).toMatchObject({
        personId: bob.id, personName: 'Dana Baker', type: 'MVR_MONITORING_ALERT', severity: 'MEDIUM', acknowledgedByName: 'Mona Lisa',
        acknowledgedAt: '2026-11-05T12:00:00.000Z', escalatedAfterDays: 0,
      });
      expect(page.content[0]).toMatchObject({ acknowledgedAt: null, acknowledgedBy: null, acknowledgedByName: null });
    });

    it('sorts by severity (HIGH > MEDIUM > LOW), by driver and by acknowledgement', async () => {
      expect(idsOf(await readAlertCo('?sort=severity,desc'))).toEqual([ids.high, ids.acked, ids.medium, ids.reminder, ids.low]);
      expect(idsOf(await readAlertCo('?sort=severity,asc&sort=createdAt,asc'))).toEqual([ids.low, ids.reminder, ids.medium, ids.acked, ids.high]);
      expect(idsOf(await readAlertCo('?sort=personName,asc&sort=createdAt,asc'))).toEqual([ids.low, ids.medium, ids.high, ids.acked, ids.reminder]);
      expect(idsOf(await readAlertCo('?sort=acknowledgedAt,desc'))[0]).toBe(ids.acked);
    });

    it('filters by acknowledgement, type, severity, driver and date range', async () => {
      expect(idsOf(await readAlertCo('?acknowledged=true'))).toEqual([ids.acked]);
      expect(idsOf(await readAlertCo('?acknowledged=false'))).toEqual([ids.reminder, ids.medium, ids.high, ids.low]);
      expect(idsOf(await readAlertCo('?type=MVR_MONITORING_ALERT'))).toEqual([ids.acked, ids.medium, ids.high]);
      expect(idsOf(await readAlertCo('?severity=LOW'))).toEqual([ids.reminder, ids.low]);
      expect(idsOf(await readAlertCo(`?personId=${alice.id}`))).toEqual([ids.medium, ids.low]);
      expect(idsOf(await readAlertCo('?from=2026-11-02&to=2026-11-03'))).toEqual([ids.medium, ids.high]);
      expect(idsOf(await readAlertCo('?size=2&page=1'))).toEqual([ids.medium, ids.high]);
    });

    it('refuses bad input naming the field', async () => {
      refused(await read('/api/v1/company/me/alerts/drivers?sort=title'), 400, ['query.sort']);
      refused(await read('/api/v1/company/me/alerts/drivers?severity=URGENT'), 400, ['query.severity']);
      refused(await read('/api/v1/company/me/alerts/drivers?acknowledged=maybe'), 400, ['query.acknowledged']);
      refused(await read('/api/v1/company/me/alerts/drivers?from=2026-11-05&to=2026-11-01'), 400, ['query.to']);
      refused(await read('/api/v1/company/me/alerts/drivers?from=2026-02-30'), 400, ['query.from']);
    });

    it('shows another company none of these alerts', async () => {
      const page = await list('', 'globexAdmin');
      expect(idsOf(page)).not.toEqual(expect.arrayContaining([ids.high]));
      expect(idsOf(await list(`?personId=${alice.id}`, 'globexAdmin'))).toEqual([]);
    });
  });

  // --- GET /person/{id}/alert/{alertId} and /person/{id}/mvr/monitoring/alert/{alertId} ---

  describe('GET one alert', () => {
    it('answers the alert with its change; the MVR path answers MVR monitoring alerts only', async () => {
      const person = await newPerson('TX');
      const alertId = await insertAlert(t.db, { companyId: acme(), personId: person.id, severity: 'HIGH', changeKind: 'SUSPENSION', title: 'Licence suspended' });
      const reminderId = await insertAlert(t.db, { companyId: acme(), personId: person.id, type: 'LICENCE_EXPIRY_REMINDER', changeKind: 'LICENCE_EXPIRING', severity: 'LOW' });
      for (const path of [`/api/v1/person/${person.id}/alert/${alertId}`, `/api/v1/person/${person.id}/mvr/monitoring/alert/${alertId}`]) {
        for (const role of ['admin', 'manager', 'agent', 'viewer'] as const) {
          const alert = ok(await read(path, role));
          expect(alert).toMatchObject({
            id: alertId, personId: person.id, personName: 'Dana Reyes', title: 'Licence suspended', severity: 'HIGH', changeKind: 'SUSPENSION',
            acknowledgedAt: null, acknowledgementNote: null, recheck: null, annualReviewId: null,
            change: { summary: expect.any(String), values: [{ label: 'Moving violations (3 years)', before: '0', after: '1' }], violation: expect.objectContaining({ code: 'S15' }) },
          });
        }
      }
      expect(ok(await read(`/api/v1/person/${person.id}/alert/${reminderId}`)).type).toBe('LICENCE_EXPIRY_REMINDER');
      refused(await read(`/api/v1/person/${person.id}/mvr/monitoring/alert/${reminderId}`), 404);
    });

    it('answers 404 for another driver\'s or company\'s alert, and 400 for a bad id', async () => {
      const person = await newPerson('TX');
      const other = await newPerson('TX');
      const alertId = await insertAlert(t.db, { companyId: acme(), personId: person.id });
      refused(await read(`/api/v1/person/${other.id}/alert/${alertId}`), 404);
      refused(await read(`/api/v1/person/${person.id}/alert/${alertId}`, 'globexAdmin'), 404);
      refused(await read(`/api/v1/person/${person.id}/mvr/monitoring/alert/${alertId}`, 'globexAdmin'), 404);
      refused(await read(`/api/v1/person/${person.id}/alert/${UNKNOWN_ID}`), 404);
      refused(await read(`/api/v1/person/${person.id}/alert/nope`), 400, ['params.alertId']);
    });

    it('shows the fresh MVR\'s judgement: the outcome before and after, and the rules that fail now and why', async () => {
      const person = await newPerson('TX');
      const at = (n: number) => new Date(Date.UTC(2026, 9, n));
      await insertOrder(t.db, {
        companyId: acme(), personId: person.id, outcome: 'Pass', createdAt: at(1),
        results: [rule('no-major-5y', true, 0, 'No major violation in the last 5 years'), rule('moving-3y', true, 1), rule('licence-valid', false, 'EXPIRED')],
      });
      const fresh = await insertOrder(t.db, {
        companyId: acme(), personId: person.id, outcome: 'Fail', createdAt: at(20),
        results: [rule('no-major-5y', false, 1, 'No major violation in the last 5 years'), rule('moving-3y', true, 2), rule('licence-valid', false, 'SUSPENDED'), rule('new-rule', false, 4)],
      });
      const alertId = await insertAlert(t.db, { companyId: acme(), personId: person.id, recheckOrderId: fresh, outcomeBefore: 'Pass' });
      expect(ok(await read(`/api/v1/person/${person.id}/alert/${alertId}`)).recheck).toEqual({
        orderId: fresh, orderStatus: 'Complete', outcomeBefore: 'Pass', outcomeAfter: 'Fail',
        newlyFailingRules: [
          { ruleId: 'no-major-5y', description: 'No major violation in the last 5 years', reason: 'was 0, now 1' },
          { ruleId: 'new-rule', description: 'Rule new-rule', reason: 'the record shows 4' },
        ],
      });
      const pending = await insertOrder(t.db, { companyId: acme(), personId: person.id, status: 'Ordered', createdAt: at(21) });
      const waiting = await insertAlert(t.db, { companyId: acme(), personId: person.id, recheckOrderId: pending, outcomeBefore: 'Pass' });
      expect(ok(await read(`/api/v1/person/${person.id}/alert/${waiting}`)).recheck).toEqual({
        orderId: pending, orderStatus: 'Ordered', outcomeBefore: 'Pass', outcomeAfter: null, newlyFailingRules: [],
      });
    });
  });

  // --- PATCH /person/{id}/alert/{alertId}/acknowledge ---

  describe('PATCH /person/{id}/alert/{alertId}/acknowledge', () => {
    const acknowledge = (personId: string, alertId: string, body: unknown = {}, role: Role = 'manager') =>
      send('PATCH', `/api/v1/person/${personId}/alert/${alertId}/acknowledge`, role, body);

    it('records who acknowledged, when and why; a second acknowledgement keeps the first', async () => {
      const person = await newPerson('TX');
      const alertId = await insertAlert(t.db, { companyId: acme(), personId: person.id, title: 'New moving violation' });
      const first = ok(await acknowledge(person.id, alertId, { note: '  Spoke with the driver; training booked.  ' }));
      expect(first).toMatchObject({
        id: alertId, acknowledgedBy: seeded.users.manager.userId, acknowledgedByName: 'Max Manager',
        acknowledgementNote: 'Spoke with the driver; training booked.', annualReviewId: null,
      });
      expect(Date.parse(first.acknowledgedAt)).not.toBeNaN();
      const second = ok(await acknowledge(person.id, alertId, { note: 'Another note' }, 'admin'));
      expect(second).toEqual(first);
      expect(await eventsOf(person.id)).toEqual(['ALERT_ACKNOWLEDGED']);
      const [event] = ok(await read(`/api/v1/person/${person.id}/events`)).content;
      expect(event).toMatchObject({ message: 'Alert "New moving violation" acknowledged by Max Manager', data: { alertId, note: 'Spoke with the driver; training booked.' } });
      // Without a note, the acknowledgement has none.
      const other = await insertAlert(t.db, { companyId: acme(), personId: person.id });
      expect(ok(await acknowledge(person.id, other)).acknowledgementNote).toBeNull();
    });

    it('keeps one acknowledgement when two arrive at the same moment', async () => {
      const person = await newPerson('TX');
      const alertId = await insertAlert(t.db, { companyId: acme(), personId: person.id });
      const [one, two] = (await Promise.all([acknowledge(person.id, alertId, { note: 'one' }), acknowledge(person.id, alertId, { note: 'two' }, 'admin')])).map((answer) => ok(answer));
      expect(one).toEqual(two);
      expect(await eventsOf(person.id)).toEqual(['ALERT_ACKNOWLEDGED']);
    });

    it('records the annual review with it, against the alert\'s fresh MVR when complete, else the latest MVR', async () => {
      const person = await newPerson('TX');
      const recheck = await insertOrder(t.db, { companyId: acme(), personId: person.id, outcome: 'Fail', createdAt: new Date(Date.UTC(2026, 9, 1)) });
      const latest = await insertOrder(t.db, { companyId: acme(), personId: person.id, outcome: 'Pass', createdAt: new Date(Date.UTC(2026, 9, 2)) });
      const withRecheck = await insertAlert(t.db, { companyId: acme(), personId: person.id, recheckOrderId: recheck });
      const answer = ok(await acknowledge(person.id, withRecheck, { note: 'Reviewed the new MVR', annualReview: { decision: 'NOT_QUALIFIED' } }));
      const [review] = ok(await read(`/api/v1/person/${person.id}/annual-reviews`));
      expect(answer.annualReviewId).toBe(review.id);
      expect(review).toMatchObject({
        orderId: recheck, alertId: withRecheck, decision: 'NOT_QUALIFIED', note: 'Reviewed the new MVR', reviewerId: seeded.users.manager.userId,
        reviewerName: 'Max Manager', reviewedOn: todayUtc(),
      });
      const plain = await insertAlert(t.db, { companyId: acme(), personId: person.id, title: 'Suspended' });
      ok(await acknowledge(person.id, plain, { annualReview: { decision: 'QUALIFIED' } }));
      const [newest] = ok(await read(`/api/v1/person/${person.id}/annual-reviews`));
      expect(newest).toMatchObject({ orderId: latest, alertId: plain, decision: 'QUALIFIED', note: 'Reviewed on acknowledging the alert "Suspended".' });
      expect(await eventsOf(person.id)).toEqual(['ALERT_ACKNOWLEDGED', 'ALERT_ACKNOWLEDGED', 'ANNUAL_REVIEW_RECORDED', 'ANNUAL_REVIEW_RECORDED']);
    });

    it('answers 409 when there is no MVR to review, and acknowledges nothing', async () => {
      const person = await newPerson('TX');
      await insertOrder(t.db, { companyId: acme(), personId: person.id, status: 'Ordered' });
      const alertId = await insertAlert(t.db, { companyId: acme(), personId: person.id });
      const problem = refused(await acknowledge(person.id, alertId, { annualReview: { decision: 'QUALIFIED' } }), 409, ['body.annualReview'], 'NoMvrToReview');
      expect(problem.detail).toMatch(/no complete MVR/);
      expect(await alertRow(alertId)).toMatchObject({ acknowledgedAt: null, acknowledgedBy: null });
      expect(await reviewCount(person.id)).toBe(0);
      expect(await eventsOf(person.id)).toEqual([]);
    });

    it('refuses bad input naming the field, and acknowledges nothing', async () => {
      const person = await newPerson('TX');
      const alertId = await insertAlert(t.db, { companyId: acme(), personId: person.id });
      refused(await acknowledge(person.id, alertId, { note: 'x'.repeat(2001) }), 400, ['body.note']);
      refused(await acknowledge(person.id, alertId, { annualReview: { decision: 'MAYBE' } }), 400, ['body.annualReview.decision']);
      refused(await acknowledge(person.id, 'nope'), 400, ['params.alertId']);
      expect((await alertRow(alertId)).acknowledgedAt).toBeNull();
    });

    it('answers 404 for another company\'s or driver\'s alert, and changes nothing', async () => {
      const person = await newPerson('TX');
      const other = await newPerson('TX');
      const alertId = await insertAlert(t.db, { companyId: acme(), personId: person.id });
      refused(await acknowledge(person.id, alertId, {}, 'globexAdmin'), 404);
      refused(await acknowledge(other.id, alertId), 404);
      refused(await acknowledge(person.id, UNKNOWN_ID), 404);
      expect((await alertRow(alertId)).acknowledgedAt).toBeNull();
    });

    it('lets Managers and Company Admins acknowledge; Agents and Viewers are refused', async () => {
      const person = await newPerson('TX');
      const alertId = await insertAlert(t.db, { companyId: acme(), personId: person.id });
      for (const role of ['agent', 'viewer'] as const) refused(await acknowledge(person.id, alertId, { note: 'mine' }, role), 403, [], 'Forbidden');
      expect((await alertRow(alertId)).acknowledgedAt).toBeNull();
      expect(ok(await acknowledge(person.id, alertId, {}, 'admin')).acknowledgedByName).toBe('Ada Admin');
    });
  });

  // --- POST and GET /person/{id}/annual-reviews ---

  describe('annual reviews', () => {
    const record = (personId: string, body: Record<string, unknown>, role: Role = 'manager') => send('POST', `/api/v1/person/${personId}/annual-reviews`, role, body);

    it('records a review against a complete MVR of the driver (today by default), and lists them newest first', async () => {
      const person = await newPerson('TX');
      const older = await insertOrder(t.db, { companyId: acme(), personId: person.id, type: 'MVR', outcome: null });
      const newer = await insertOrder(t.db, { companyId: acme(), personId: person.id, outcome: 'Pass' });
      const first = ok(await record(person.id, { orderId: older, reviewedOn: '2025-11-01', note: 'Clean record', decision: 'QUALIFIED' }), 201);
      expect(first).toMatchObject({
        personId: person.id, orderId: older, reviewerId: seeded.users.manager.userId, reviewerName: 'Max Manager', reviewedOn: '2025-11-01',
        note: 'Clean record', decision: 'QUALIFIED', alertId: null,
      });
      const second = ok(await record(person.id, { orderId: newer, note: 'Still clean', decision: 'QUALIFIED' }, 'admin'), 201);
      expect(second.reviewedOn).toBe(todayUtc());
      for (const role of ['admin', 'manager', 'agent', 'viewer'] as const) {
        expect(ok(await read(`/api/v1/person/${person.id}/annual-reviews`, role)).map((review: { id: string }) => review.id)).toEqual([second.id, first.id]);
      }
      const events = ok(await read(`/api/v1/person/${person.id}/events`)).content;
      expect(events.map((event: { type: string; message: string }) => [event.type, event.message])).toEqual([
        ['ANNUAL_REVIEW_RECORDED', 'Annual review recorded by Ada Admin: qualified'],
        ['ANNUAL_REVIEW_RECORDED', 'Annual review recorded by Max Manager: qualified'],
      ]);
    });

    it('refuses bad input naming the field, and records nothing', async () => {
      const person = await newPerson('TX');
      const other = await newPerson('TX');
      const complete = await insertOrder(t.db, { companyId: acme(), personId: person.id });
      const ordered = await insertOrder(t.db, { companyId: acme(), personId: person.id, status: 'Ordered' });
      const vin = await insertOrder(t.db, { companyId: acme(), personId: person.id, type: 'VIN_REPORT' });
      const othersMvr = await insertOrder(t.db, { companyId: acme(), personId: other.id });
      const body = { note: 'Reviewed', decision: 'QUALIFIED' };
      for (const orderId of [ordered, vin, othersMvr, UNKNOWN_ID]) {
        const problem = refused(await record(person.id, { ...body, orderId }), 400, ['body.orderId']);
        expect(problem.errors).toEqual([{ path: 'body.orderId', message: 'is not a complete MVR order of this driver' }]);
      }
      refused(await record(person.id, { ...body, orderId: complete, reviewedOn: '2999-01-01' }), 400, ['body.reviewedOn']);
      refused(await record(person.id, { ...body, orderId: complete, reviewedOn: '2026-02-30' }), 400, ['body.reviewedOn']);
      refused(await record(person.id, { orderId: complete, decision: 'QUALIFIED', note: '  ' }), 400, ['body.note']);
      refused(await record(person.id, { ...body, orderId: complete, decision: 'FINE' }), 400, ['body.decision']);
      refused(await record(person.id, { ...body, orderId: 'nope' }), 400, ['body.orderId']);
      expect(await reviewCount(person.id)).toBe(0);
    });

    it('answers 404 for another company\'s driver, and records nothing', async () => {
      const person = await newPerson('TX');
      const order = await insertOrder(t.db, { companyId: acme(), personId: person.id });
      refused(await record(person.id, { orderId: order, note: 'Mine now', decision: 'QUALIFIED' }, 'globexAdmin'), 404);
      refused(await read(`/api/v1/person/${person.id}/annual-reviews`, 'globexAdmin'), 404);
      refused(await read(`/api/v1/person/${UNKNOWN_ID}/annual-reviews`), 404);
      expect(await reviewCount(person.id)).toBe(0);
    });

    it('lets Managers and Company Admins record; Agents and Viewers are refused', async () => {
      const person = await newPerson('TX');
      const order = await insertOrder(t.db, { companyId: acme(), personId: person.id });
      for (const role of ['agent', 'viewer'] as const) refused(await record(person.id, { orderId: order, note: 'x', decision: 'QUALIFIED' }, role), 403, [], 'Forbidden');
      expect(await reviewCount(person.id)).toBe(0);
    });
  });

  // --- the plugin ---

  it('refuses every monitoring route with 403 PluginNotEnabled when the company lacks the plugin, and writes nothing', async () => {
    const person = await newPerson('TX', 'unplugged');
    const order = await insertOrder(t.db, { companyId: unpluggedCompanyId, personId: person.id });
    const alertId = await insertAlert(t.db, { companyId: unpluggedCompanyId, personId: person.id });
    const calls: [InjectOptions['method'], string, unknown?][] = [
      ['PATCH', `/api/v1/person/${person.id}/monitoring`, { monitoringType: 'MvrMonitoring', action: 'ADD' }],
      ['PATCH', '/api/v1/person/monitoring', { personIds: [person.id], monitoringType: 'MvrMonitoring', action: 'ADD' }],
      ['GET', `/api/v1/person/${person.id}/events`],
      ['GET', '/api/v1/company/me/alerts/drivers'],
      ['GET', `/api/v1/person/${person.id}/alert/${alertId}`],
      ['GET', `/api/v1/person/${person.id}/mvr/monitoring/alert/${alertId}`],
      ['PATCH', `/api/v1/person/${person.id}/alert/${alertId}/acknowledge`, { note: 'x' }],
      ['POST', `/api/v1/person/${person.id}/annual-reviews`, { orderId: order, note: 'x', decision: 'QUALIFIED' }],
      ['GET', `/api/v1/person/${person.id}/annual-reviews`],
    ];
    for (const [method, url, body] of calls) {
      const problem = refused(await send(method, url, 'unplugged', body), 403, [], 'PluginNotEnabled');
      expect(problem.detail).toMatch(/Monitoring is not enabled for No Monitoring Co/);
    }
    expect(await enrolmentsOf(person.id)).toEqual([]);
    expect((await alertRow(alertId)).acknowledgedAt).toBeNull();
    expect(await reviewCount(person.id)).toBe(0);
  });
});
