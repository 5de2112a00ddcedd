// What the driver page reads of a driver's monitoring. The Person answer carries `monitoring` and
// `qualification` (issue 9); they are optional here so that the page also copes with an answer of a
// server without them (it then shows the enrolments of `monitoringTypes` and no qualification).
import type { DriverQualification, EnrolmentStatus, MonitoringEnrolment } from '@clearlane/contract/monitoring';
import type { MonitoringType, Person } from '@clearlane/contract/persons';

export type MonitoredDriver = Person & {
  monitoring?: MonitoringEnrolment[];
  qualification?: DriverQualification;
  licenceExpiresOn?: string | null;
  medicalCertificateExpiresOn?: string | null;
};

export interface EnrolmentView {
  status: EnrolmentStatus;
  enrolledAt: string | null;
  activeSince: string | null;
}

/** The driver's enrolment in one kind of monitoring, or null when not enrolled. */
export function enrolmentOf(driver: MonitoredDriver, type: MonitoringType): EnrolmentView | null {
  const enrolment = driver.monitoring?.find((candidate) => candidate.monitoringType === type);
  if (enrolment) return { status: enrolment.status, enrolledAt: enrolment.enrolledAt, activeSince: enrolment.activeSince };
  return driver.monitoringTypes.includes(type) ? { status: 'ACTIVE', enrolledAt: null, activeSince: null } : null;
}
