// The values of driver monitoring a URL may carry (alert types and severities, qualification
// statuses, the monitoring filter). UI-free, zod-free and word-free: the route configs' search
// schemas (the entry chunk) import these; lib/monitoring-labels.ts says them in words.
import type { AlertSeverity, AlertType, QualificationStatus } from '@clearlane/contract/monitoring';
import type { MonitoringType, PersonMonitoringFilter } from '@clearlane/contract/persons';

// Spelled out rather than imported (the contract's modules build zod schemas at load time); the
// `satisfies` clauses keep them in step with the contract.
export const ALERT_TYPE_OPTIONS = [
  'MVR_MONITORING_ALERT', 'PERSON_MONITORING_ALERT', 'LICENCE_EXPIRY_REMINDER', 'MEDICAL_CERTIFICATE_REMINDER',
] as const satisfies readonly AlertType[];
export const ALERT_SEVERITY_OPTIONS = ['HIGH', 'MEDIUM', 'LOW'] as const satisfies readonly AlertSeverity[];
export const QUALIFICATION_OPTIONS = ['QUALIFIED', 'ATTENTION', 'NOT_QUALIFIED'] as const satisfies readonly QualificationStatus[];
export const MONITORING_TYPE_OPTIONS = ['MvrMonitoring', 'PersonMonitoring'] as const satisfies readonly MonitoringType[];
/** The /drivers monitoring filter: enrolled and confirmed, waiting for the state, or not enrolled. */
export const MONITORING_FILTER_OPTIONS = ['ENROLLED', 'PENDING', 'NONE'] as const satisfies readonly PersonMonitoringFilter[];
export type MonitoringFilter = (typeof MONITORING_FILTER_OPTIONS)[number];
