// How the portal names and colours driver monitoring: alert types and severities, qualification
// statuses, enrolment. One vocabulary for the home page, the drivers list, the alerts list and the
// driver and alert pages (features may not import each other, so it lives here). The value lists are in
// monitoring-options.ts: route configs (the entry chunk) import those, not the words.
// Colours are shade 7–9 so white text on them passes WCAG AA; every badge also says its value in words.
import type {
  AlertChangeKind, AlertSeverity, AlertType, AnnualReviewDecision, EnrolmentStatus, PersonEventType, QualificationStatus,
} from '@clearlane/contract/monitoring';
import type { MonitoringType } from '@clearlane/contract/persons';
import type { MonitoringFilter } from './monitoring-options.ts';

export * from './monitoring-options.ts';

export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  MVR_MONITORING_ALERT: 'MVR change',
  PERSON_MONITORING_ALERT: 'Person record change',
  LICENCE_EXPIRY_REMINDER: 'Licence expiry',
  MEDICAL_CERTIFICATE_REMINDER: 'Medical certificate expiry',
};

/** Mantine's darkest orange (orange.9) gives white text 4.3:1; this one 5.5:1 (WCAG AA). */
export const WARNING_ORANGE = '#b8420e';

export const SEVERITY_LABELS: Record<AlertSeverity, string> = { HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low' };
export const SEVERITY_COLORS: Record<AlertSeverity, string> = { HIGH: 'red.9', MEDIUM: WARNING_ORANGE, LOW: 'gray.7' };

export const QUALIFICATION_LABELS: Record<QualificationStatus, string> = {
  QUALIFIED: 'Qualified',
  ATTENTION: 'Needs attention',
  NOT_QUALIFIED: 'Not qualified',
};
export const QUALIFICATION_COLORS: Record<QualificationStatus, string> = { QUALIFIED: 'teal.9', ATTENTION: WARNING_ORANGE, NOT_QUALIFIED: 'red.9' };

export const MONITORING_TYPE_LABELS: Record<MonitoringType, string> = { MvrMonitoring: 'MVR monitoring', PersonMonitoring: 'Person monitoring' };
/** In a column headed "Monitoring". */
export const MONITORING_TYPE_SHORT_LABELS: Record<MonitoringType, string> = { MvrMonitoring: 'MVR', PersonMonitoring: 'Person' };
export const MONITORING_FILTER_LABELS: Record<MonitoringFilter, string> = { ENROLLED: 'Enrolled', PENDING: 'Enrolment pending', NONE: 'Not enrolled' };

/**
 * The page of one alert of a driver (SPEC.md §2 /drivers/{driverId}/alerts/{id}). Built as a string:
 * lists link to it from anywhere, and the driver pages own its route.
 */
export const driverAlertPath = (personId: string, alertId: string) => `/drivers/${encodeURIComponent(personId)}/alerts/${encodeURIComponent(alertId)}`;

// The driver page and the alert page (issue 9): what changed, enrolment, reviews, the history.

export const ALERT_CHANGE_KIND_LABELS: Record<AlertChangeKind, string> = {
  NEW_VIOLATION: 'New moving violation',
  MAJOR_CONVICTION: 'Major conviction',
  SUSPENSION: 'Licence suspended',
  REVOCATION: 'Licence revoked',
  LICENCE_EXPIRED: 'Licence expired',
  LICENCE_STATUS_CHANGE: 'Licence status changed',
  NEW_ACCIDENT: 'New accident',
  PERSON_RECORD_CHANGE: 'Person record changed',
  LICENCE_EXPIRING: 'Licence expiring',
  MEDICAL_CERTIFICATE_EXPIRING: 'Medical certificate expiring',
  MEDICAL_CERTIFICATE_EXPIRED: 'Medical certificate expired',
};

/** Mantine's yellow.9 gives white text 3:1; this amber 6:1. */
export const PENDING_AMBER = '#8f4f00';

export const ENROLMENT_STATUS_LABELS: Record<EnrolmentStatus, string> = { ACTIVE: 'Active', PENDING: 'Enrolment pending' };
export const ENROLMENT_STATUS_COLORS: Record<EnrolmentStatus, string> = { ACTIVE: 'teal.9', PENDING: PENDING_AMBER };

export const REVIEW_DECISION_LABELS: Record<AnnualReviewDecision, string> = { QUALIFIED: 'Qualified to drive', NOT_QUALIFIED: 'Not qualified to drive' };

export const PERSON_EVENT_LABELS: Record<PersonEventType, string> = {
  MONITORING_ADDED: 'Enrolled in monitoring',
  MONITORING_REMOVED: 'Removed from monitoring',
  MONITORING_ACTIVE: 'Enrolment confirmed by the state',
  ALERT_RAISED: 'Alert raised',
  ALERT_ACKNOWLEDGED: 'Alert acknowledged',
  ALERT_ESCALATED: 'Alert escalated',
  ANNUAL_REVIEW_RECORDED: 'Annual review recorded',
  MVR_REORDERED: 'Fresh MVR ordered',
};

/** "Escalated after 14 days" for an unacknowledged alert that escalated; null otherwise. */
export const escalationLabel = (escalatedAfterDays: number) => (escalatedAfterDays > 0 ? `Escalated after ${escalatedAfterDays} days` : null);
