// A driver's enrolment in one kind of monitoring, as the driver page shows it.
import type { MonitoringEnrolment } from '@clearlane/contract/monitoring';
import type { MonitoringType, Person } from '@clearlane/contract/persons';

/** The driver's enrolment in one kind of monitoring, or null when not enrolled. */
export const enrolmentOf = (driver: Pick<Person, 'monitoring'>, type: MonitoringType): MonitoringEnrolment | null =>
  driver.monitoring.find((candidate) => candidate.monitoringType === type) ?? null;
