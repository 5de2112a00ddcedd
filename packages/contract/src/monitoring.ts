// Driver monitoring, alerts and the driver qualification file (issue 9; SPEC.md §7 "person" and
// "company/me"). What the API answers and accepts, shared by the server and the portal.
import { z } from 'zod';
import { ALERT_TYPES, MONITORING_CHANGE_ACTIONS, MONITORING_TYPES, ORDER_RESULT_STATUSES, OUTCOMES } from './enums.ts';
import { DateBoundSchema, isCalendarDate, QueryBooleanSchema } from './query-params.ts';

// ---------------------------------------------------------------------------------------------
// Enrolment
// ---------------------------------------------------------------------------------------------

// persons.ts imports this file (a person carries its enrolments and qualification), so not the other way round.
const MonitoringTypeSchema = z.enum(MONITORING_TYPES);

export const MonitoringChangeActionSchema = z.enum(MONITORING_CHANGE_ACTIONS);

/** PATCH /person/{id}/monitoring: answers 200 with the person. Adding what is on, or removing what is off, changes nothing. */
export const MonitoringChangeBodySchema = z.object({
  monitoringType: MonitoringTypeSchema,
  action: MonitoringChangeActionSchema,
});
export type MonitoringChangeBody = z.infer<typeof MonitoringChangeBodySchema>;

/** The most drivers one bulk call enrols or removes. */
export const MAX_BULK_MONITORING_CHANGE = 1000;

/** PATCH /person/monitoring: the same change for many drivers of the company (a selection on /drivers). */
export const BulkMonitoringChangeBodySchema = MonitoringChangeBodySchema.extend({
  personIds: z
    .array(z.string().uuid())
    .min(1, 'must name at least one driver')
    .max(MAX_BULK_MONITORING_CHANGE, `must name at most ${MAX_BULK_MONITORING_CHANGE} drivers`),
});
export type BulkMonitoringChangeBody = z.infer<typeof BulkMonitoringChangeBodySchema>;

export const BulkMonitoringChangeResultSchema = z.object({
  /** Drivers whose monitoring changed. */
  changed: z.number().int(),
  /** Drivers already as asked (enrolled when adding, not enrolled when removing). */
  unchanged: z.number().int(),
});
export type BulkMonitoringChangeResult = z.infer<typeof BulkMonitoringChangeResultSchema>;

/** PENDING until the driver's state confirms the enrolment (domain/monitoring-coverage.ts), then ACTIVE. */
export const ENROLMENT_STATUSES = ['PENDING', 'ACTIVE'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

export const MonitoringEnrolmentSchema = z.object({
  monitoringType: MonitoringTypeSchema,
  status: z.enum(ENROLMENT_STATUSES),
  enrolledAt: z.string(),
  /** When the state confirmed the enrolment; null while pending. */
  activeSince: z.string().nullable(),
});
export type MonitoringEnrolment = z.infer<typeof MonitoringEnrolmentSchema>;

/** A company's monitoring settings (GET/PUT /company/me/monitoring-settings). */
export const MonitoringSettingsSchema = z.object({
  /** A new conviction or DMV action orders a fresh MVR of the driver, judged with `ruleNamespace`. */
  reorderMvrOnChange: z.boolean(),
  /** The ruleset that judges the fresh MVR; null means the company's default ruleset. */
  ruleNamespace: z.string().trim().min(1).max(64).nullable(),
});
export type MonitoringSettings = z.infer<typeof MonitoringSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// The driver's history
// ---------------------------------------------------------------------------------------------

export const PERSON_EVENT_TYPES = [
  'MONITORING_ADDED', 'MONITORING_REMOVED', 'MONITORING_ACTIVE', 'ALERT_RAISED', 'ALERT_ACKNOWLEDGED', 'ALERT_ESCALATED',
  'ANNUAL_REVIEW_RECORDED', 'MVR_REORDERED',
] as const;
export type PersonEventType = (typeof PERSON_EVENT_TYPES)[number];

/** GET /person/{id}/events: the driver's history, newest first. */
export const PersonEventSchema = z.object({
  id: z.string().uuid(),
  type: z.enum(PERSON_EVENT_TYPES),
  message: z.string(),
  /** Who did it; null for the system (a sweep, a scheduled job). */
  actorId: z.string().uuid().nullable(),
  actorName: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type PersonEvent = z.infer<typeof PersonEventSchema>;

// ---------------------------------------------------------------------------------------------
// Alerts
// ---------------------------------------------------------------------------------------------

export const AlertTypeSchema = z.enum(ALERT_TYPES);
export type AlertType = z.infer<typeof AlertTypeSchema>;

export const ALERT_SEVERITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export const AlertSeveritySchema = z.enum(ALERT_SEVERITIES);
export type AlertSeverity = z.infer<typeof AlertSeveritySchema>;

/** What changed, more precisely than the alert type. */
export const ALERT_CHANGE_KINDS = [
  'NEW_VIOLATION', 'MAJOR_CONVICTION', 'SUSPENSION', 'REVOCATION', 'LICENCE_EXPIRED', 'LICENCE_STATUS_CHANGE',
  'NEW_ACCIDENT', 'PERSON_RECORD_CHANGE', 'LICENCE_EXPIRING', 'MEDICAL_CERTIFICATE_EXPIRING', 'MEDICAL_CERTIFICATE_EXPIRED',
] as const;
export const AlertChangeKindSchema = z.enum(ALERT_CHANGE_KINDS);
export type AlertChangeKind = z.infer<typeof AlertChangeKindSchema>;

/**
 * Severity from the change: a suspension, revocation or major conviction puts the driver off the
 * road (HIGH); an ordinary violation, an expired licence or certificate needs action soon (MEDIUM);
 * reminders ahead of an expiry are LOW until 30 days before it (the sweep passes `daysLeft`).
 */
export function severityOf(kind: AlertChangeKind, daysLeft?: number): AlertSeverity {
  switch (kind) {
    case 'SUSPENSION':
    case 'REVOCATION':
    case 'MAJOR_CONVICTION':
      return 'HIGH';
    case 'NEW_VIOLATION':
    case 'LICENCE_EXPIRED':
    case 'LICENCE_STATUS_CHANGE':
    case 'NEW_ACCIDENT':
    case 'PERSON_RECORD_CHANGE':
    case 'MEDICAL_CERTIFICATE_EXPIRED':
      return 'MEDIUM';
    case 'LICENCE_EXPIRING':
    case 'MEDICAL_CERTIFICATE_EXPIRING':
      return daysLeft !== undefined && daysLeft <= 30 ? 'MEDIUM' : 'LOW';
  }
}

/** Reminder alerts are raised this many days before a licence or medical certificate expires. */
export const EXPIRY_REMINDER_DAYS = [90, 60, 30] as const;
/** An unacknowledged alert escalates (shown, and mailed to Managers) at these ages in days. */
export const ALERT_ESCALATION_DAYS = [7, 14, 30] as const;

export const DriverAlertSchema = z.object({
  id: z.string().uuid(),
  personId: z.string().uuid(),
  /** The driver's full name, for lists. */
  personName: z.string(),
  type: AlertTypeSchema,
  changeKind: AlertChangeKindSchema,
  severity: AlertSeveritySchema,
  title: z.string(),
  createdAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  /** The user id of who acknowledged it. */
  acknowledgedBy: z.string().uuid().nullable(),
  acknowledgedByName: z.string().nullable(),
  /** 0, or the age in days (7, 14, 30) of the last escalation of an unacknowledged alert. */
  escalatedAfterDays: z.number().int(),
});
export type DriverAlert = z.infer<typeof DriverAlertSchema>;

/** A value before and after a change, as people read it ("VALID" → "SUSPENDED"). */
export const ChangeValueSchema = z.object({ label: z.string(), before: z.string().nullable(), after: z.string().nullable() });

export const AlertChangeSchema = z.object({
  summary: z.string(),
  /** The facts that changed, before and after (licence status, points, violations in 3 years, expiry date...). */
  values: z.array(ChangeValueSchema),
  /** The new violation, when the change is one: as on an MVR (domain/mvr.ts MvrViolation). */
  violation: z
    .object({ date: z.string(), convictionDate: z.string().nullable(), code: z.string(), description: z.string(), category: z.string(), points: z.number() })
    .nullable(),
  /** The new DMV action, when the change is one (domain/mvr.ts MvrDmvAction). */
  dmvAction: z.object({ type: z.string(), effectiveDate: z.string(), endDate: z.string().nullable(), reason: z.string() }).nullable(),
  /** The provider's id of the change: what makes a change one alert, however often a sweep sees it. */
  providerChangeId: z.string().nullable(),
  detectedAt: z.string(),
});
export type AlertChange = z.infer<typeof AlertChangeSchema>;

/** The fresh MVR a change ordered (company setting) and how the ruleset judges the driver now. */
export const AlertRecheckSchema = z.object({
  orderId: z.string().uuid(),
  orderStatus: z.enum(ORDER_RESULT_STATUSES),
  /** The outcome of the driver's previous judged MVR, if there was one. */
  outcomeBefore: z.enum(OUTCOMES).nullable(),
  /** The fresh MVR's outcome, once judged. */
  outcomeAfter: z.enum(OUTCOMES).nullable(),
  /** Rules that pass before and fail now, with why. */
  newlyFailingRules: z.array(z.object({ ruleId: z.string(), description: z.string(), reason: z.string() })),
});
export type AlertRecheck = z.infer<typeof AlertRecheckSchema>;

/** GET /person/{id}/alert/{alertId} and GET /person/{id}/mvr/monitoring/alert/{alertId}. */
export const DriverAlertDetailSchema = DriverAlertSchema.extend({
  acknowledgementNote: z.string().nullable(),
  change: AlertChangeSchema,
  recheck: AlertRecheckSchema.nullable(),
  /** The annual review recorded with the acknowledgement, if one was. */
  annualReviewId: z.string().uuid().nullable(),
});
export type DriverAlertDetail = z.infer<typeof DriverAlertDetailSchema>;

export const ALERT_SORT_FIELDS = ['createdAt', 'severity', 'personName', 'acknowledgedAt'] as const;
export type AlertSortField = (typeof ALERT_SORT_FIELDS)[number];

/** GET /company/me/alerts/drivers filters (with page, sort, size). */
export const AlertListFilterSchema = z.object({
  acknowledged: QueryBooleanSchema.optional(),
  type: AlertTypeSchema.optional(),
  severity: AlertSeveritySchema.optional(),
  personId: z.string().uuid().optional(),
  from: DateBoundSchema.optional().describe('Raised on or after (a date means its start, UTC)'),
  to: DateBoundSchema.optional().describe('Raised on or before (a date means its end, UTC)'),
});
export type AlertListFilter = z.infer<typeof AlertListFilterSchema>;

export const ANNUAL_REVIEW_DECISIONS = ['QUALIFIED', 'NOT_QUALIFIED'] as const;
export const AnnualReviewDecisionSchema = z.enum(ANNUAL_REVIEW_DECISIONS);
export type AnnualReviewDecision = z.infer<typeof AnnualReviewDecisionSchema>;

/** PATCH /person/{id}/alert/{alertId}/acknowledge. Acknowledging twice keeps the first acknowledgement. */
export const AcknowledgeAlertBodySchema = z.object({
  note: z.string().trim().max(2000, 'must be at most 2000 characters').optional(),
  /** Also record the annual review of the driver, against the alert's fresh MVR or the driver's latest MVR. */
  annualReview: z.object({ decision: AnnualReviewDecisionSchema }).optional(),
});
export type AcknowledgeAlertBody = z.infer<typeof AcknowledgeAlertBodySchema>;

// ---------------------------------------------------------------------------------------------
// Driver qualification (49 CFR 391.25: a yearly review of an MVR of the prior 12 months)
// ---------------------------------------------------------------------------------------------

const IsoDateSchema = z
  .string()
  .trim()
  // One problem per field: text that is no date is not also "not a real date".
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be YYYY-MM-DD', abort: true })
  .refine(isCalendarDate, 'is not a real date');
export { IsoDateSchema };

/** An annual review is recorded against a complete MVR order of the driver. */
export const RecordAnnualReviewBodySchema = z.object({
  orderId: z.string().uuid(),
  /** Defaults to today. */
  reviewedOn: IsoDateSchema.optional(),
  note: z.string().trim().min(1, 'is required').max(2000, 'must be at most 2000 characters'),
  decision: AnnualReviewDecisionSchema,
});
export type RecordAnnualReviewBody = z.infer<typeof RecordAnnualReviewBodySchema>;

export const AnnualReviewSchema = z.object({
  id: z.string().uuid(),
  personId: z.string().uuid(),
  orderId: z.string().uuid(),
  reviewerId: z.string().uuid(),
  reviewerName: z.string(),
  reviewedOn: z.string(),
  note: z.string(),
  decision: AnnualReviewDecisionSchema,
  alertId: z.string().uuid().nullable(),
  createdAt: z.string(),
});
export type AnnualReview = z.infer<typeof AnnualReviewSchema>;

export const QUALIFICATION_STATUSES = ['QUALIFIED', 'ATTENTION', 'NOT_QUALIFIED'] as const;
export const QualificationStatusSchema = z.enum(QUALIFICATION_STATUSES);
export type QualificationStatus = z.infer<typeof QualificationStatusSchema>;

/** The days before a due date from which it counts as "due" (home page, filters). */
export const ANNUAL_REVIEW_DUE_WINDOW_DAYS = 30;

/** Part of every Person answer (`qualification`). */
export const DriverQualificationSchema = z.object({
  status: QualificationStatusSchema,
  /** Why the status is what it is, most serious first ("Annual review overdue since 2026-10-01"). */
  reasons: z.array(z.string()),
  lastMvrOrderId: z.string().uuid().nullable(),
  lastMvrDate: z.string().nullable(),
  lastAnnualReviewOn: z.string().nullable(),
  /** 12 months after the last annual review; null until the first one (then it is due now). */
  annualReviewDueOn: z.string().nullable(),
  openAlerts: z.number().int(),
});
export type DriverQualification = z.infer<typeof DriverQualificationSchema>;

// ---------------------------------------------------------------------------------------------
// Company figures for the home page
// ---------------------------------------------------------------------------------------------

/** GET /company/me/metrics. */
export const CompanyMetricsSchema = z.object({
  asOf: z.string(),
  drivers: z.number().int(),
  monitoredDrivers: z.number().int(),
  pendingEnrolments: z.number().int(),
  openAlerts: z.object({ HIGH: z.number().int(), MEDIUM: z.number().int(), LOW: z.number().int() }),
  qualification: z.object({ QUALIFIED: z.number().int(), ATTENTION: z.number().int(), NOT_QUALIFIED: z.number().int() }),
  annualReviews: z.object({ due: z.number().int(), overdue: z.number().int() }),
  ordersLast30Days: z.object({
    total: z.number().int(),
    byStatus: z.array(z.object({ status: z.enum(ORDER_RESULT_STATUSES), count: z.number().int() })),
    byOutcome: z.array(z.object({ outcome: z.enum(OUTCOMES), count: z.number().int() })),
  }),
});
export type CompanyMetrics = z.infer<typeof CompanyMetricsSchema>;
