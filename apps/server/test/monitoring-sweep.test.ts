// The monitoring sweep (modules/monitoring/sweep.ts) against a real database with the sandbox
// provider: one alert per change, nothing twice, nothing for a driver removed from monitoring,
// enrolments activated when their state confirms, and the expiry reminders.
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { beforeAll, expect, it } from 'vitest';
import { runCommand, type CliContext } from '../src/cli/commands.ts';
import type { Database } from '../src/db/client.ts';
import { driverAlerts, monitoringEnrolments, personEvents, persons } from '../src/db/schema.ts';
import { MONITORING_RECHECK_JOB, type Queue } from '../src/jobs/queue.ts';
import { MonitoringSweep, reminderThreshold } from '../src/modules/monitoring/sweep.ts';
import type { MonitoringChangesRequest, MonitoringProvider } from '../src/providers/monitoring/monitoring-provider.ts';
import { sandboxMonitoringProvider } from '../src/providers/monitoring/sandbox-monitoring-provider.ts';
import { describeEachDatabase, newCompany } from './helpers.ts';

const DAY = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

interface Driver {
  id: string;
  companyId: string;
}

async function newDriver(db: Database, companyId: string, licenceNumber: string, licenceState = 'TX', dates: { licence?: string; medical?: string } = {}): Promise<Driver> {
  const id = uuidv7();
  await db.insert(persons).values({
    id, companyId, firstName: 'Sweep', lastName: `Driver ${licenceNumber}`, dateOfBirth: '1980-01-15', licenceNumber, licenceState,
    licenceExpiresOn: dates.licence ?? null, medicalCertificateExpiresOn: dates.medical ?? null,
  });
  return { id, companyId };
}

async function enrol(db: Database, driver: Driver, enrolledAt: Date, monitoringType = 'MvrMonitoring') {
  await db.insert(monitoringEnrolments).values({ companyId: driver.companyId, personId: driver.id, monitoringType, status: 'PENDING', enrolledAt });
}

const alertsOf = (db: Database, driver: Driver) =>
  db.select().from(driverAlerts).where(and(eq(driverAlerts.companyId, driver.companyId), eq(driverAlerts.personId, driver.id)));
const eventsOf = (db: Database, driver: Driver, type: string) =>
  db.select().from(personEvents).where(and(eq(personEvents.companyId, driver.companyId), eq(personEvents.personId, driver.id), eq(personEvents.type, type)));
const enrolmentOf = async (db: Database, driver: Driver) =>
  (await db.select().from(monitoringEnrolments).where(and(eq(monitoringEnrolments.companyId, driver.companyId), eq(monitoringEnrolments.personId, driver.id))))[0];
async function recheckJobsOf(db: Database, alertIds: string[]) {
  const result = await db.execute(sql`select data from pgboss.job where name = ${MONITORING_RECHECK_JOB}`);
  return (result as unknown as { rows: { data: { alertId: string; companyId: string } }[] }).rows.map((row) => row.data).filter((data) => alertIds.includes(data.alertId));
}

describeEachDatabase('monitoring sweep', (t) => {
  let acmeId: string;
  let initechId: string;
  let sweeper: MonitoringSweep;
  // Batches of 3, so that every test walks several batches and crosses companies inside one.
  const sweep = (asOf = new Date()) => sweeper.sweep(asOf);

  beforeAll(async () => {
    acmeId = (await newCompany(t.db, 'acme', 'Acme Logistics')).id;
    initechId = (await newCompany(t.db, 'initech', 'Initech', { plugins: ['orders'] })).id;
    sweeper = new MonitoringSweep(t.db, sandboxMonitoringProvider(t.db), () => t.queue, () => {}, 3);
  });

  it('raises each change of the sandbox table once, with its severity, title, change and event, and a recheck for MVR changes', async () => {
    const enrolledAt = new Date(Date.now() - DAY);
    const drivers = new Map<string, Driver>();
    for (const digit of '0123456789') {
      const driver = await newDriver(t.db, acmeId, `4821357${digit}`);
      await enrol(t.db, driver, enrolledAt);
      drivers.set(digit, driver);
    }
    const counts = await sweep();
    expect(counts).toMatchObject({ activated: 10, changes: 5, alertsRaised: 5, rechecksQueued: 5, failedBatches: 0 });
    // 7: the state is not reporting; 8: the provider failed once. Both are asked again next sweep.
    expect(counts.missed).toBe(2);

    const expected: Record<string, { changeKind: string; severity: string; title: string; values: unknown[] }> = {
      '2': { changeKind: 'NEW_VIOLATION', severity: 'MEDIUM', title: 'New conviction: Speeding 11-15 mph over limit', values: [{ label: 'Moving violations in 3 years', before: '2', after: '3' }, { label: 'Points', before: '6', after: '9' }] },
      '3': { changeKind: 'MAJOR_CONVICTION', severity: 'HIGH', title: 'Major conviction: Driving under the influence of alcohol', values: [{ label: 'Major violations in 5 years', before: '0', after: '1' }, { label: 'Points', before: '0', after: '8' }] },
      '4': { changeKind: 'SUSPENSION', severity: 'HIGH', title: 'Licence suspended: Accumulated points', values: [{ label: 'Licence status', before: 'VALID', after: 'SUSPENDED' }] },
      '5': { changeKind: 'LICENCE_EXPIRED', severity: 'MEDIUM', title: expect.stringMatching(/^Licence expired on \d{4}-\d{2}-\d{2}$/) as unknown as string, values: expect.arrayContaining([{ label: 'Licence status', before: 'VALID', after: 'EXPIRED' }]) as unknown as unknown[] },
      '6': { changeKind: 'NEW_ACCIDENT', severity: 'MEDIUM', title: 'New accident: two-vehicle collision, at fault', values: expect.any(Array) as unknown as unknown[] },
    };
    const raisedIds: string[] = [];
    for (const [digit, driver] of drivers) {
      const alerts = await alertsOf(t.db, driver);
      expect((await enrolmentOf(t.db, driver))!.status).toBe('ACTIVE');
      expect(await eventsOf(t.db, driver, 'MONITORING_ACTIVE')).toHaveLength(1);
      if (!expected[digit]) {
        expect(alerts, `digit ${digit} is quiet`).toEqual([]);
        continue;
      }
      expect(alerts, `digit ${digit}`).toHaveLength(1);
      const [alert] = alerts;
      expect(alert).toMatchObject({ type: 'MVR_MONITORING_ALERT', changeKind: expected[digit]!.changeKind, severity: expected[digit]!.severity, title: expected[digit]!.title, acknowledgedAt: null });
      expect(alert!.change).toMatchObject({ values: expected[digit]!.values, providerChangeId: alert!.dedupeKey });
      expect(alert!.dedupeKey).toMatch(/^SBX-MON-/);
      const [event] = await eventsOf(t.db, driver, 'ALERT_RAISED');
      expect(event).toMatchObject({ message: alert!.title, actorId: null, data: { alertId: alert!.id, alertType: 'MVR_MONITORING_ALERT' } });
      raisedIds.push(alert!.id);
    }
    const violation = (await alertsOf(t.db, drivers.get('2')!))[0]!.change as { violation: unknown; dmvAction: unknown };
    expect(violation.violation).toMatchObject({ code: 'S93', category: 'MOVING', points: 3 });
    expect(((await alertsOf(t.db, drivers.get('4')!))[0]!.change as { dmvAction: unknown }).dmvAction).toMatchObject({ type: 'SUSPENSION' });
    const jobs = await recheckJobsOf(t.db, raisedIds);
    expect(jobs.map((job) => job.alertId).sort()).toEqual([...raisedIds].sort());
    expect(jobs.every((job) => job.companyId === acmeId)).toBe(true);

    // Repeated: nothing new; digit 8 is answered this time (quiet), digit 7 still not reporting.
    const again = await sweep();
    expect(again).toMatchObject({ activated: 0, changes: 0, alertsRaised: 0, rechecksQueued: 0, missed: 1 });
    for (const driver of drivers.values()) expect((await alertsOf(t.db, driver)).length).toBeLessThanOrEqual(1);
    expect((await enrolmentOf(t.db, drivers.get('8')!))!.lastSweptAt).not.toBeNull();
    expect((await enrolmentOf(t.db, drivers.get('7')!))!.lastSweptAt).toBeNull();
    expect(await recheckJobsOf(t.db, raisedIds)).toHaveLength(5);
    await t.db.delete(monitoringEnrolments).where(eq(monitoringEnrolments.companyId, acmeId));
  });

  it('a change the provider reports again (its window not marked swept) raises nothing twice', async () => {
    const driver = await newDriver(t.db, acmeId, 'R1000003');
    await enrol(t.db, driver, new Date(Date.now() - DAY));
    await sweep();
    // As if the sweep had died after writing the alert but its window had not moved on.
    await t.db.update(monitoringEnrolments).set({ lastSweptAt: null }).where(eq(monitoringEnrolments.personId, driver.id));
    const again = await sweep();
    expect(again.changes).toBe(1);
    expect(again.alertsRaised).toBe(0);
    expect(await alertsOf(t.db, driver)).toHaveLength(1);
    expect(await eventsOf(t.db, driver, 'ALERT_RAISED')).toHaveLength(1);
    await t.db.delete(monitoringEnrolments).where(eq(monitoringEnrolments.companyId, acmeId));
  });

  it('a driver removed from monitoring raises nothing, even when removed while the provider is being asked', async () => {
    const removedBefore = await newDriver(t.db, acmeId, 'X1000002');
    await enrol(t.db, removedBefore, new Date(Date.now() - DAY));
    await t.db.delete(monitoringEnrolments).where(eq(monitoringEnrolments.personId, removedBefore.id));

    const removedDuring = await newDriver(t.db, acmeId, 'X1000004');
    await enrol(t.db, removedDuring, new Date(Date.now() - DAY));
    const sandbox = sandboxMonitoringProvider(t.db);
    const removingProvider: MonitoringProvider = {
      name: 'removing',
      changesSince: async (request: MonitoringChangesRequest) => {
        const answer = await sandbox.changesSince(request);
        await t.db.delete(monitoringEnrolments).where(eq(monitoringEnrolments.personId, removedDuring.id));
        return answer;
      },
    };
    const counts = await new MonitoringSweep(t.db, removingProvider, () => t.queue).sweep(new Date());
    expect(counts.changes).toBe(1); // the provider still reported the change
    expect(counts.alertsRaised).toBe(0);
    expect(await alertsOf(t.db, removedBefore)).toEqual([]);
    expect(await alertsOf(t.db, removedDuring)).toEqual([]);
    expect(await eventsOf(t.db, removedDuring, 'ALERT_RAISED')).toEqual([]);
  });

  it('a pending enrolment becomes active when its state confirms it, and its change comes at the first sweep after', async () => {
    const now = new Date();
    const california = await newDriver(t.db, acmeId, 'C2000002', 'CA'); // CA confirms in 3 days
    await enrol(t.db, california, now);
    const early = await sweep(new Date(now.getTime() + 2 * DAY));
    expect(early.activated).toBe(0);
    expect((await enrolmentOf(t.db, california))!.status).toBe('PENDING');
    expect(await alertsOf(t.db, california)).toEqual([]);
    expect(await eventsOf(t.db, california, 'MONITORING_ACTIVE')).toEqual([]);

    const confirmed = await sweep(new Date(now.getTime() + 3 * DAY + 60_000));
    expect(confirmed.activated).toBe(1);
    const enrolment = await enrolmentOf(t.db, california);
    expect(enrolment).toMatchObject({ status: 'ACTIVE' });
    expect(enrolment!.activeSince!.getTime()).toBe(now.getTime() + 3 * DAY);
    expect(await eventsOf(t.db, california, 'MONITORING_ACTIVE')).toHaveLength(1);
    expect(await alertsOf(t.db, california)).toMatchObject([{ changeKind: 'NEW_VIOLATION' }]);
    await t.db.delete(monitoringEnrolments).where(eq(monitoringEnrolments.companyId, acmeId));
  });

  it('states that report licence status only raise no convictions; person monitoring raises a person record change without a recheck', async () => {
    const pennsylvaniaViolation = await newDriver(t.db, acmeId, 'P3000002', 'PA');
    const pennsylvaniaSuspension = await newDriver(t.db, acmeId, 'P3000004', 'PA');
    const person = await newDriver(t.db, acmeId, 'P3000006');
    const longAgo = new Date(Date.now() - 10 * DAY);
    await enrol(t.db, pennsylvaniaViolation, longAgo);
    await enrol(t.db, pennsylvaniaSuspension, longAgo);
    await enrol(t.db, person, longAgo, 'PersonMonitoring');
    const counts = await sweep();
    expect(counts).toMatchObject({ activated: 3, alertsRaised: 2, rechecksQueued: 1 });
    expect(await alertsOf(t.db, pennsylvaniaViolation)).toEqual([]);
    expect(await alertsOf(t.db, pennsylvaniaSuspension)).toMatchObject([{ changeKind: 'SUSPENSION', severity: 'HIGH' }]);
    const [personAlert] = await alertsOf(t.db, person);
    expect(personAlert).toMatchObject({ type: 'PERSON_MONITORING_ALERT', changeKind: 'PERSON_RECORD_CHANGE', severity: 'MEDIUM' });
    expect(await recheckJobsOf(t.db, [personAlert!.id])).toEqual([]);
    await t.db.delete(monitoringEnrolments).where(eq(monitoringEnrolments.companyId, acmeId));
  });

  it('a company without the monitoring plugin is not swept', async () => {
    const driver = await newDriver(t.db, initechId, 'I4000003', 'TX', { licence: isoDay(new Date(Date.now() + 10 * DAY)) });
    await enrol(t.db, driver, new Date(Date.now() - DAY));
    await sweep();
    expect((await enrolmentOf(t.db, driver))!.status).toBe('PENDING');
    expect(await alertsOf(t.db, driver)).toEqual([]);
  });

  it('reminds of licences and medical certificates expiring in 90, 60 and 30 days or expired, once each, for every driver', async () => {
    const now = new Date();
    const today = Date.parse(isoDay(now));
    const in45Days = isoDay(new Date(today + 45 * DAY));
    const expired = isoDay(new Date(today - 3 * DAY));
    const later = isoDay(new Date(today + 200 * DAY));
    // Not enrolled: reminders come from the company's own dates.
    const driver = await newDriver(t.db, acmeId, 'E5000000', 'TX', { licence: in45Days, medical: expired });
    const farOff = await newDriver(t.db, acmeId, 'E5000001', 'TX', { licence: later, medical: later });

    const first = await sweep(now);
    expect(first.remindersRaised).toBe(2);
    const alerts = await alertsOf(t.db, driver);
    expect(alerts.map((a) => a.dedupeKey).sort()).toEqual([`licence-expiry:${in45Days}:60`, `medical-certificate-expiry:${expired}:expired`]);
    expect(alerts.find((a) => a.type === 'LICENCE_EXPIRY_REMINDER')).toMatchObject({ changeKind: 'LICENCE_EXPIRING', severity: 'LOW', title: `Licence expires in 45 days (${in45Days})` });
    expect(alerts.find((a) => a.type === 'MEDICAL_CERTIFICATE_REMINDER')).toMatchObject({ changeKind: 'MEDICAL_CERTIFICATE_EXPIRED', severity: 'MEDIUM', title: `Medical certificate expired on ${expired}` });
    expect(await eventsOf(t.db, driver, 'ALERT_RAISED')).toHaveLength(2);
    expect(await alertsOf(t.db, farOff)).toEqual([]);

    expect((await sweep(now)).remindersRaised).toBe(0);
    // Three weeks on, the licence is 24 days away: the 30-day reminder, more urgent.
    const threeWeeksOn = await sweep(new Date(now.getTime() + 21 * DAY));
    expect(threeWeeksOn.remindersRaised).toBe(1);
    expect((await alertsOf(t.db, driver)).find((a) => a.dedupeKey === `licence-expiry:${in45Days}:30`)).toMatchObject({ severity: 'MEDIUM', title: `Licence expires in 24 days (${in45Days})` });
    // A renewed licence (a new date) is reminded of afresh, when its time comes.
    await t.db.update(persons).set({ licenceExpiresOn: isoDay(new Date(today + 80 * DAY)) }).where(eq(persons.id, driver.id));
    expect((await sweep(now)).remindersRaised).toBe(1);
  });

  it('reminderThreshold: the nearest threshold reached', () => {
    expect([120, 91, 90, 61, 60, 31, 30, 0, -1].map(reminderThreshold)).toEqual([null, null, 90, 90, 60, 60, 30, 30, 'expired']);
  });

  it('npm run cli -- monitoring sweep runs one sweep and prints its counts', async () => {
    const driver = await newDriver(t.db, acmeId, 'K6000002');
    await enrol(t.db, driver, new Date(Date.now() - DAY));
    const lines: string[] = [];
    const ctx: CliContext = { db: t.db, config: t.config, messenger: t.messenger, out: (line) => lines.push(line), openQueue: async () => t.queue as Queue };
    await runCommand(ctx, ['monitoring', 'sweep']);
    expect(lines.join('\n')).toMatch(/^Monitoring sweep: \d+ enrolments \(1 activated, .*1 alerts raised, 1 rechecks queued/);
    expect(await alertsOf(t.db, driver)).toHaveLength(1);
  });
}, {}, { queue: true });
