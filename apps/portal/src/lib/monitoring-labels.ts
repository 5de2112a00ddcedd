// How the portal names and colours driver monitoring: alert types, severities, what changed,
// qualification and enrolment. One vocabulary for the driver, alert, alerts-list and home pages
// (features may not import each other, so it lives here). Colours are shade 7–9 so white text on
// them passes WCAG AA; every badge also says its value in words.
import type { MonitoringType } from '@clearlane/contract/persons';
import type {
  AlertChangeKind,
  AlertSeverity,
  AlertType,
  AnnualReviewDecision,
  EnrolmentStatus,
  PersonEventType,
  QualificationStatus,
} from '@clearlane/contract/monitoring';

export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  MVR_MONITORING_ALERT: 'MVR monitoring',
  PERSON_MONITORING_ALERT: 'Person monitoring',
  LICENCE_EXPIRY_REMINDER: 'Licence expiry reminder',
  MEDICAL_CERTIFICATE_REMINDER: 'Medical certificate reminder',
};

/** Mantine's orange.9 and yellow.9 fall short of 4.5:1 under white text; these darker shades pass. */
export const ORANGE_ON_WHITE_TEXT = '#b13f0b';
export const AMBER_ON_WHITE_TEXT = '#8f4f00';

export const ALERT_SEVERITY_LABELS: Record<AlertSeverity, string> = { HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low' };
export const ALERT_SEVERITY_COLORS: Record<AlertSeverity, string> = { HIGH: 'red.9', MEDIUM: ORANGE_ON_WHITE_TEXT, LOW: 'gray.7' };

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

export const MONITORING_TYPE_LABELS: Record<MonitoringType, string> = {
  MvrMonitoring: 'MVR monitoring',
  PersonMonitoring: 'Person monitoring',
};

export const ENROLMENT_STATUS_LABELS: Record<EnrolmentStatus, string> = { ACTIVE: 'Active', PENDING: 'Enrolment pending' };
export const ENROLMENT_STATUS_COLORS: Record<EnrolmentStatus, string> = { ACTIVE: 'teal.9', PENDING: AMBER_ON_WHITE_TEXT };

export const QUALIFICATION_LABELS: Record<QualificationStatus, string> = {
  QUALIFIED: 'Qualified',
  ATTENTION: 'Needs attention',
  NOT_QUALIFIED: 'Not qualified',
};
export const QUALIFICATION_COLORS: Record<QualificationStatus, string> = { QUALIFIED: 'teal.9', ATTENTION: ORANGE_ON_WHITE_TEXT, NOT_QUALIFIED: 'red.9' };

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
