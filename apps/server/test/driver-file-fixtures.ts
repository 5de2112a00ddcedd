// Rows of a driver's qualification file inserted directly (drivers, MVR orders, annual reviews,
// alerts, enrolments), so a test sets up each rule of the qualification without the engine.
import { uuidv7 } from 'uuidv7';
import type { Database } from '../src/db/client.ts';
import { annualReviews, driverAlerts, monitoringEnrolments, orders, persons } from '../src/db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today plus `days` (negative: before), YYYY-MM-DD, UTC. */
export const day = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** The date one year before `date` (YYYY-MM-DD): a review on it is due on `date`. */
export const yearBefore = (date: string) => `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
/** Noon UTC `days` from today: an order completed then. */
export const at = (days: number) => new Date(`${day(days)}T12:00:00Z`);

let nextLicence = 70_000_000;

interface DriverValues {
  lastName: string;
  firstName?: string;
  licenceExpiresOn?: string;
  medicalCertificateExpiresOn?: string;
}

export function driverFile(db: Database, companyId: string, reviewer: { userId: string }) {
  return {
    async driver(values: DriverValues) {
      const id = uuidv7();
      await db.insert(persons).values({
        id, companyId, firstName: 'Dana', dateOfBirth: '1980-01-01', licenceNumber: String(nextLicence++), licenceState: 'TX', ...values,
      });
      return id;
    },
    /** A Complete MVR (by default) of the driver, completed at `completedAt`. */
    async mvr(personId: string, completedAt: Date, values: { status?: string; type?: string; outcome?: string } = {}) {
      const id = uuidv7();
      await db.insert(orders).values({
        id, companyId, personId, type: values.type ?? 'MVR', status: values.status ?? 'Complete', processingStatus: 'Complete', input: {},
        outcome: values.outcome, subjectLabel: 'Dana', createdAt: completedAt, completedAt: values.status && values.status !== 'Complete' ? null : completedAt,
      });
      return id;
    },
    async review(personId: string, orderId: string, reviewedOn: string, decision: 'QUALIFIED' | 'NOT_QUALIFIED' = 'QUALIFIED') {
      await db.insert(annualReviews).values({
        id: uuidv7(), companyId, personId, orderId, reviewerId: reviewer.userId, reviewerName: 'Ada Admin', reviewedOn, note: 'Reviewed', decision,
      });
    },
    async alert(personId: string, severity: 'HIGH' | 'MEDIUM' | 'LOW', acknowledged = false) {
      const id = uuidv7();
      await db.insert(driverAlerts).values({
        id, companyId, personId, type: 'MVR_MONITORING_ALERT', changeKind: severity === 'HIGH' ? 'SUSPENSION' : 'NEW_VIOLATION', severity,
        title: 'A change', dedupeKey: `test:${id}`, change: {},
        ...(acknowledged ? { acknowledgedAt: new Date(), acknowledgedBy: reviewer.userId } : {}),
      });
    },
    async enrol(personId: string, monitoringType: 'MvrMonitoring' | 'PersonMonitoring', status: 'PENDING' | 'ACTIVE') {
      await db.insert(monitoringEnrolments).values({
        companyId, personId, monitoringType, status, ...(status === 'ACTIVE' ? { activeSince: new Date() } : {}),
      });
    },
    /** A driver with a recent MVR reviewed today: qualified, unless `values` says otherwise. */
    async qualifiedDriver(values: DriverValues) {
      const id = await this.driver(values);
      await this.review(id, await this.mvr(id, at(-10)), day(0));
      return id;
    },
  };
}
