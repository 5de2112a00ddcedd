// The monitoring sweep (issue 9): walks every enrolled driver of every company with the monitoring
// plugin in keyset batches, activates the enrolments their state has confirmed, asks the monitoring
// provider what changed for the active ones, and writes one alert per change; then raises the
// licence and medical certificate reminders of every driver of those companies.
//
// Crash safety: a batch's writes for a company are one transaction — activations, alerts (keyed by
// the provider's change id, ON CONFLICT DO NOTHING), their events, their recheck jobs and the
// enrolments' `last_swept_at`. A sweep killed anywhere leaves each batch written wholly or not at
// all; the next sweep asks again from each enrolment's `last_swept_at`, gets the same change ids
// for what it had not written, and finds written ones already there. So every change is one alert,
// one ALERT_RAISED event and one recheck job, however many sweeps run, crash or overlap.
import {
  EXPIRY_REMINDER_DAYS, monitoringCoverageOf, severityOf, type AlertChangeKind, type AlertType, type UsStateCode,
} from '@clearlane/contract';
import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import type { Database } from '../../db/client.ts';
import { runAsCompany, runOutsideCompany } from '../../db/tenant-scope.ts';
import { inTransaction, MONITORING_RECHECK_JOB, type Queue } from '../../jobs/queue.ts';
import type { MonitoredDriver, MonitoringChangesAnswer, MonitoringProvider, MonitoringType } from '../../providers/monitoring/monitoring-provider.ts';
import { DAY_MS, isoDate } from '../../providers/sandbox-shared.ts';
import * as repo from './sweep.repository.ts';

/** Enrolments read, asked and written per batch (bench/monitoring-sweep.ts measured the choice). */
export const SWEEP_BATCH_SIZE = 1_000;

export interface RecheckJob {
  companyId: string;
  alertId: string;
}

export interface SweepCounts {
  /** Enrolments walked (of companies with the monitoring plugin). */
  enrolments: number;
  activated: number;
  /** Active enrolments the provider answered for. */
  answered: number;
  /** Asked again next sweep: the provider failed, or the state is not reporting. */
  missed: number;
  changes: number;
  /** Alerts this sweep raised from changes (a change raised before, or of a driver removed meanwhile, raises none). */
  alertsRaised: number;
  rechecksQueued: number;
  remindersRaised: number;
  /** Batches whose provider call or write failed as a whole: asked again next sweep. */
  failedBatches: number;
  milliseconds: number;
}

const emptyCounts = (): SweepCounts => ({
  enrolments: 0, activated: 0, answered: 0, missed: 0, changes: 0, alertsRaised: 0, rechecksQueued: 0, remindersRaised: 0, failedBatches: 0, milliseconds: 0,
});

const MONITORING_LABELS: Record<string, string> = { MvrMonitoring: 'MVR monitoring', PersonMonitoring: 'Person monitoring' };
const subjectKeyOf = (e: repo.EnrolmentKey) => `${e.companyId}/${e.personId}/${e.monitoringType}`;

/** Lets requests run between batches: PGlite answers on this thread with promises already settled. */
const letOthersRun = () => nextTurnOfEventLoop();

export class MonitoringSweep {
  constructor(
    private readonly db: Database,
    private readonly provider: MonitoringProvider,
    private readonly queue: () => Queue | undefined,
    private readonly log: (message: string, error?: unknown) => void = () => {},
    private readonly batchSize = SWEEP_BATCH_SIZE,
  ) {}

  /** One whole sweep as of `asOf` (its start). */
  async sweep(asOf: Date = new Date()): Promise<SweepCounts> {
    const started = performance.now();
    const counts = emptyCounts();
    let after: repo.EnrolmentKey | null = null;
    for (;;) {
      const cursor: repo.EnrolmentKey | null = after;
      const batch: repo.EnrolmentToSweep[] = await runOutsideCompany(() => repo.enrolmentsAfter(this.db, cursor, this.batchSize));
      if (batch.length === 0) break;
      counts.enrolments += batch.length;
      await this.sweepBatch(batch, asOf, counts);
      after = batch.at(-1)!;
      await letOthersRun();
      if (batch.length < this.batchSize) break;
    }
    counts.remindersRaised = await this.raiseReminders(asOf);
    counts.milliseconds = Math.round(performance.now() - started);
    return counts;
  }

  private async sweepBatch(batch: repo.EnrolmentToSweep[], asOf: Date, counts: SweepCounts): Promise<void> {
    // Pending enrolments the state has confirmed by now become active, from the day it confirmed.
    const activations = new Map<string, Date>();
    const drivers: MonitoredDriver[] = [];
    for (const enrolment of batch) {
      let activeSince = enrolment.activeSince;
      if (enrolment.status === 'PENDING') {
        const confirmedAt = new Date(enrolment.enrolledAt.getTime() + monitoringCoverageOf(enrolment.licenceState as UsStateCode).enrolmentDays * DAY_MS);
        if (confirmedAt > asOf) continue;
        activeSince = confirmedAt;
        activations.set(subjectKeyOf(enrolment), confirmedAt);
      }
      if (!activeSince) continue;
      drivers.push({
        subjectKey: subjectKeyOf(enrolment), personId: enrolment.personId, monitoringType: enrolment.monitoringType as MonitoringType,
        licenceNumber: enrolment.licenceNumber, licenceState: enrolment.licenceState as UsStateCode, firstName: enrolment.firstName,
        lastName: enrolment.lastName, dateOfBirth: enrolment.dateOfBirth, activeSince, since: enrolment.lastSweptAt,
      });
    }

    // The provider is asked outside any transaction: a slow answer holds no locks.
    let answer: MonitoringChangesAnswer;
    try {
      answer = drivers.length > 0 ? await this.provider.changesSince({ drivers, asOf }) : { changes: [], missed: [] };
    } catch (error) {
      this.log('monitoring sweep: the provider failed for a whole batch; it is asked again next sweep', error);
      counts.failedBatches += 1;
      answer = { changes: [], missed: drivers.map((driver) => ({ subjectKey: driver.subjectKey, reason: 'TRANSIENT' as const, message: 'batch failed' })) };
    }
    const missed = new Set(answer.missed.map((miss) => miss.subjectKey));
    counts.missed += missed.size;
    counts.changes += answer.changes.length;

    const byCompany = new Map<string, repo.EnrolmentToSweep[]>();
    for (const enrolment of batch) byCompany.set(enrolment.companyId, [...(byCompany.get(enrolment.companyId) ?? []), enrolment]);
    const enrolmentOf = new Map(batch.map((enrolment) => [subjectKeyOf(enrolment), enrolment]));
    for (const [companyId, enrolments] of byCompany) {
      const keys = new Set(enrolments.map(subjectKeyOf));
      const write: CompanyWrite = {
        companyId, asOf,
        activations: enrolments.flatMap((e) => (activations.has(subjectKeyOf(e)) ? [{ personId: e.personId, monitoringType: e.monitoringType, activeSince: activations.get(subjectKeyOf(e))!, state: e.licenceState }] : [])),
        answered: drivers.filter((d) => keys.has(d.subjectKey) && !missed.has(d.subjectKey)).map((d) => ({ personId: d.personId, monitoringType: d.monitoringType })),
        alerts: answer.changes.filter((change) => keys.has(change.subjectKey)).map((change) => {
          const enrolment = enrolmentOf.get(change.subjectKey)!;
          return {
            personId: enrolment.personId, monitoringType: enrolment.monitoringType,
            type: enrolment.monitoringType === 'MvrMonitoring' ? 'MVR_MONITORING_ALERT' : 'PERSON_MONITORING_ALERT',
            changeKind: change.kind, severity: severityOf(change.kind), title: change.title, dedupeKey: change.providerChangeId,
            change: { ...change.change, providerChangeId: change.providerChangeId, detectedAt: asOf.toISOString() },
          };
        }),
      };
      try {
        const written = await runAsCompany(companyId, () => this.db.transaction((tx) => this.writeCompanyBatch(tx as unknown as Database, write)));
        counts.activated += written.activated;
        counts.alertsRaised += written.alertsRaised;
        counts.rechecksQueued += written.rechecksQueued;
        counts.answered += write.answered.length;
      } catch (error) {
        // Nothing of it was written: the next sweep asks again from where these enrolments were.
        this.log(`monitoring sweep: writing a batch of company ${companyId} failed; it is swept again next time`, error);
        counts.failedBatches += 1;
      }
    }
  }

  /** One company's part of a batch, in one transaction: all of it is written, or none. */
  private async writeCompanyBatch(tx: Database, write: CompanyWrite) {
    const { companyId, asOf } = write;
    const activated = await repo.activateEnrolments(tx, companyId, write.activations);
    const stateOf = new Map(write.activations.map((a) => [`${a.personId}/${a.monitoringType}`, a.state]));
    await repo.insertPersonEvents(tx, activated.map((a) => ({
      companyId, personId: a.personId, type: 'MONITORING_ACTIVE',
      message: `${MONITORING_LABELS[a.monitoringType] ?? a.monitoringType} is active: ${stateOf.get(`${a.personId}/${a.monitoringType}`)} confirmed the enrolment.`,
      data: { monitoringType: a.monitoringType, activeSince: a.activeSince.toISOString() },
    })));
    const raised = await repo.insertNewAlerts(tx, companyId, write.alerts);
    await repo.insertPersonEvents(tx, raised.map(alertRaisedEvent(companyId)));
    const rechecks = raised.filter((alert) => alert.type === 'MVR_MONITORING_ALERT').map((alert): RecheckJob => ({ companyId, alertId: alert.id }));
    if (rechecks.length > 0) {
      const queue = this.queue();
      if (!queue) throw new Error('The job queue is not running: recheck jobs cannot be written');
      await queue.insert(MONITORING_RECHECK_JOB, rechecks.map((data) => ({ data, singletonKey: data.alertId })), { db: inTransaction(tx) });
    }
    await repo.markSwept(tx, companyId, write.answered, asOf);
    return { activated: activated.length, alertsRaised: raised.length, rechecksQueued: rechecks.length };
  }

  /**
   * Licence and medical certificate expiry reminders for every driver of the companies with the
   * monitoring plugin (enrolled or not: the dates are the company's own qualification file), one
   * alert per date and threshold (90, 60, 30 days, expired).
   */
  private async raiseReminders(asOf: Date): Promise<number> {
    const today = isoDate(asOf);
    const until = isoDate(new Date(Date.parse(today) + Math.max(...EXPIRY_REMINDER_DAYS) * DAY_MS));
    let raisedCount = 0;
    const companies = await runOutsideCompany(() => repo.companiesWithMonitoring(this.db));
    for (const companyId of companies) {
      let afterId: string | null = null;
      for (;;) {
        const cursor: string | null = afterId;
        const drivers: repo.ExpiryDates[] = await runAsCompany(companyId, () => repo.driversExpiringBy(this.db, companyId, until, cursor, this.batchSize));
        if (drivers.length === 0) break;
        const reminders = drivers.flatMap((driver) => remindersOf(driver, today, asOf));
        try {
          raisedCount += await runAsCompany(companyId, () => this.db.transaction(async (tx) => {
            const raised = await repo.insertNewAlerts(tx, companyId, reminders);
            await repo.insertPersonEvents(tx, raised.map(alertRaisedEvent(companyId)));
            return raised.length;
          }));
        } catch (error) {
          this.log(`monitoring sweep: writing reminders of company ${companyId} failed; they are raised next sweep`, error);
        }
        afterId = drivers.at(-1)!.personId;
        await letOthersRun();
        if (drivers.length < this.batchSize) break;
      }
    }
    return raisedCount;
  }
}

interface CompanyWrite {
  companyId: string;
  asOf: Date;
  activations: (repo.Activation & { state: string })[];
  answered: { personId: string; monitoringType: string }[];
  alerts: repo.NewAlert[];
}

const alertRaisedEvent = (companyId: string) => (alert: repo.RaisedAlert): repo.NewPersonEvent => ({
  companyId, personId: alert.personId, type: 'ALERT_RAISED', message: alert.title,
  data: { alertId: alert.id, alertType: alert.type, changeKind: alert.changeKind, severity: alert.severity },
});

interface ExpiryKind {
  type: AlertType;
  dedupePrefix: string;
  label: string;
  expiring: AlertChangeKind;
  expired: AlertChangeKind;
}

const LICENCE: ExpiryKind = { type: 'LICENCE_EXPIRY_REMINDER', dedupePrefix: 'licence-expiry', label: 'Licence', expiring: 'LICENCE_EXPIRING', expired: 'LICENCE_EXPIRED' };
const MEDICAL: ExpiryKind = {
  type: 'MEDICAL_CERTIFICATE_REMINDER', dedupePrefix: 'medical-certificate-expiry', label: 'Medical certificate',
  expiring: 'MEDICAL_CERTIFICATE_EXPIRING', expired: 'MEDICAL_CERTIFICATE_EXPIRED',
};

/** The threshold a date `daysLeft` away has reached: 30, 60, 90, 'expired', or none yet. */
export function reminderThreshold(daysLeft: number): number | 'expired' | null {
  if (daysLeft < 0) return 'expired';
  return [...EXPIRY_REMINDER_DAYS].sort((a, b) => a - b).find((days) => daysLeft <= days) ?? null;
}

/** The reminders a driver's dates call for today; each keyed by its date and threshold, so it is raised once. */
export function remindersOf(driver: repo.ExpiryDates, today: string, asOf: Date): repo.NewAlert[] {
  const reminders: repo.NewAlert[] = [];
  for (const [kind, date] of [[LICENCE, driver.licenceExpiresOn], [MEDICAL, driver.medicalCertificateExpiresOn]] as const) {
    if (!date) continue;
    const daysLeft = Math.round((Date.parse(date) - Date.parse(today)) / DAY_MS);
    const threshold = reminderThreshold(daysLeft);
    if (threshold === null) continue;
    const expired = threshold === 'expired';
    const changeKind = expired ? kind.expired : kind.expiring;
    const title = expired ? `${kind.label} expired on ${date}`
      : daysLeft === 0 ? `${kind.label} expires today (${date})`
      : `${kind.label} expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'} (${date})`;
    reminders.push({
      personId: driver.personId, monitoringType: null, type: kind.type, changeKind, severity: severityOf(changeKind, Math.max(daysLeft, 0)), title,
      dedupeKey: `${kind.dedupePrefix}:${date}:${threshold}`,
      change: {
        summary: expired ? `The ${kind.label.toLowerCase()} on file expired on ${date}: renew it and update the driver.`
          : `The ${kind.label.toLowerCase()} on file expires on ${date}, in ${daysLeft} day${daysLeft === 1 ? '' : 's'}.`,
        values: [{ label: `${kind.label} expires on`, before: null, after: date }, { label: 'Days left', before: null, after: String(daysLeft) }],
        violation: null, dmvAction: null, providerChangeId: null, detectedAt: asOf.toISOString(),
      },
    });
  }
  return reminders;
}
