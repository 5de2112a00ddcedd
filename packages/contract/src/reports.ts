// Report shapes as the API answers them (SPEC.md §7 "Reports" and the order report calls). They
// mirror the provider types of domain/mvr.ts and domain/risk-reports.ts, so a response is
// serialized through a schema and nothing undeclared leaves the server.
import { z } from 'zod';
import { LICENCE_STATUSES, TEXAS_RECORD_TYPES, VIOLATION_CATEGORIES } from './domain/mvr.ts';
import { RISK_LEVELS, TITLE_BRANDS } from './domain/risk-reports.ts';
import { ORDER_RESULT_STATUSES, ORDER_TYPES, OUTCOMES, REPORT_TYPES } from './enums.ts';
import { pageOf } from './pagination.ts';
import { OrderResultSummarySchema } from './orders.ts';

export const ReportTypeSchema = z.enum(REPORT_TYPES);
export type ReportType = z.infer<typeof ReportTypeSchema>;

/**
 * Which report an order of each type produces. DriverActivityReport comes from monitoring, which
 * no order type produces yet: filtering by it lists nothing.
 */
export const REPORT_TYPE_OF_ORDER: Record<(typeof ORDER_TYPES)[number], ReportType> = {
  MVR: 'MotorVehicleRecord',
  MVR_WITH_ADJUDICATION: 'MotorVehicleRecord',
  PERSON_RISK_ASSESSMENT: 'PersonRiskAssessment',
  BUSINESS_RISK_INFORM_REPORT: 'BusinessRiskAssessment',
  VIN_REPORT: 'VehicleReport',
};

export const MvrViolationSchema = z.object({
  date: z.string(),
  convictionDate: z.string().nullable(),
  code: z.string(),
  description: z.string(),
  category: z.enum(VIOLATION_CATEGORIES),
  points: z.number(),
});
export const MvrAccidentSchema = z.object({ date: z.string(), description: z.string(), atFault: z.boolean().nullable(), injuries: z.boolean() });
export const MvrDmvActionSchema = z.object({
  type: z.enum(['SUSPENSION', 'REVOCATION', 'REINSTATEMENT', 'CANCELLATION']),
  effectiveDate: z.string(),
  endDate: z.string().nullable(),
  reason: z.string(),
});
export const MvrLicenceSchema = z.object({
  number: z.string(),
  state: z.string(),
  class: z.string(),
  status: z.enum(LICENCE_STATUSES),
  issued: z.string(),
  expires: z.string(),
  endorsements: z.array(z.string()),
  restrictions: z.array(z.string()),
});
export const MvrRecordSchema = z.object({
  result: z.enum(['RECORD_FOUND', 'NO_RECORD_FOUND', 'STATE_NOT_FULFILLED']),
  reason: z.string().optional(),
  subject: z.object({ firstName: z.string(), lastName: z.string(), dateOfBirth: z.string() }),
  licence: MvrLicenceSchema.nullable(),
  violations: z.array(MvrViolationSchema),
  accidents: z.array(MvrAccidentSchema),
  dmvActions: z.array(MvrDmvActionSchema),
  texasRecordType: z.enum(TEXAS_RECORD_TYPES).optional(),
  reportedAt: z.string(),
  providerReference: z.string(),
});

/** GET /orders/{id}/violation/report: the violations of an MVR and what goes with them. */
export const ViolationReportSchema = z.object({
  orderId: z.string().uuid(),
  subject: MvrRecordSchema.shape.subject,
  licence: MvrLicenceSchema.nullable(),
  violations: z.array(MvrViolationSchema),
  accidents: z.array(MvrAccidentSchema),
  dmvActions: z.array(MvrDmvActionSchema),
  totalPoints: z.number(),
});
export type ViolationReport = z.infer<typeof ViolationReportSchema>;

export const VehicleReportSchema = z.object({
  result: z.enum(['RECORDS_FOUND', 'NO_RECORDS_FOUND']),
  vin: z.string(),
  vehicle: z.object({
    modelYear: z.number(), make: z.string(), model: z.string(), bodyType: z.string(),
    vehicleType: z.enum(['Truck', 'Trailer', 'Passenger']), region: z.string(),
  }),
  titles: z.array(z.object({ date: z.string(), state: z.string(), brand: z.enum(TITLE_BRANDS) })),
  odometer: z.array(z.object({ date: z.string(), miles: z.number(), source: z.string() })),
  odometerRollbackSuspected: z.boolean(),
  accidents: z.array(z.object({ date: z.string(), severity: z.enum(['MINOR', 'MODERATE', 'SEVERE']), description: z.string() })),
  recalls: z.array(z.object({ campaign: z.string(), date: z.string(), component: z.string(), summary: z.string(), remedied: z.boolean() })),
  theftRecord: z.boolean(),
  reportedAt: z.string(),
  providerReference: z.string(),
});

const RiskFindingSchema = z.object({
  category: z.string(),
  severity: z.enum(RISK_LEVELS),
  date: z.string().nullable(),
  description: z.string(),
  source: z.string(),
});

export const PersonRiskAssessmentSchema = z.object({
  result: z.enum(['SUBJECT_FOUND', 'SUBJECT_NOT_FOUND']),
  definitionName: z.string(),
  subject: z.object({ firstName: z.string(), lastName: z.string(), dateOfBirth: z.string(), state: z.string() }),
  identityVerified: z.boolean(),
  riskScore: z.number(),
  riskLevel: z.enum(RISK_LEVELS),
  findings: z.array(RiskFindingSchema),
  reportedAt: z.string(),
  providerReference: z.string(),
});

export const BusinessRiskAssessmentSchema = z.object({
  result: z.enum(['BUSINESS_FOUND', 'BUSINESS_NOT_FOUND']),
  definitionName: z.string(),
  business: z.object({ name: z.string(), ein: z.string(), state: z.string(), dotNumber: z.string().nullable(), yearsInBusiness: z.number().nullable() }),
  riskScore: z.number(),
  riskLevel: z.enum(RISK_LEVELS),
  findings: z.array(RiskFindingSchema),
  reportedAt: z.string(),
  providerReference: z.string(),
});

/** A report: a completed order seen from the report side (GET /reports, /reports/{id}). */
export const ReportSummarySchema = z.object({
  id: z.string().uuid().describe('The id of the order that produced the report'),
  reportType: ReportTypeSchema,
  orderType: z.enum(ORDER_TYPES),
  subjectLabel: z.string(),
  personId: z.string().uuid().nullable(),
  businessId: z.string().uuid().nullable(),
  reportGroupId: z.string().uuid().nullable(),
  outcome: z.enum(['Pass', 'Fail', 'Indeterminate', 'NoResults', 'NotFulfilled']).nullable(),
  resultSummary: OrderResultSummarySchema,
  isReviewed: z.boolean(),
  orderedAt: z.string(),
  completedAt: z.string(),
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

export const ReportSchema = ReportSummarySchema.extend({
  /** The provider's report; its shape follows reportType. */
  content: z.union([MvrRecordSchema, VehicleReportSchema, PersonRiskAssessmentSchema, BusinessRiskAssessmentSchema]),
});
export type Report = z.infer<typeof ReportSchema>;

export const REPORT_SORT_FIELDS = ['completedAt', 'orderedAt', 'subjectLabel', 'reportType'] as const;
export type ReportSortField = (typeof REPORT_SORT_FIELDS)[number];

export const ReportListFilterSchema = z.object({
  type: ReportTypeSchema.optional().describe('Report type (SPEC.md §3)'),
});

/** One order of a report group, as the group's page lists it. */
export const ReportGroupOrderSchema = z.object({
  id: z.string().uuid(),
  type: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_RESULT_STATUSES),
  outcome: z.enum(OUTCOMES).nullable(),
  subjectLabel: z.string(),
});
export type ReportGroupOrder = z.infer<typeof ReportGroupOrderSchema>;

/** Sort fields of a group's orders; createdAt is the order they were placed in (a sheet's row order). */
export const REPORT_GROUP_ORDER_SORT_FIELDS = ['createdAt', 'subjectLabel', 'type', 'status', 'outcome'] as const;
export type ReportGroupOrderSortField = (typeof REPORT_GROUP_ORDER_SORT_FIELDS)[number];

/** Which of a group's orders the page lists; the progress always counts the whole group. */
export const ReportGroupOrdersFilterSchema = z.object({
  status: z.enum(ORDER_RESULT_STATUSES).optional().describe('Only orders in this status'),
  outcome: z.enum(OUTCOMES).optional().describe('Only orders with this outcome'),
});
export type ReportGroupOrdersFilter = z.infer<typeof ReportGroupOrdersFilterSchema>;

/**
 * GET /reports/groups/{id}: a batch of orders, how far the whole batch has got, and one page of its
 * orders (a bulk group holds up to 10,000: they are paged like every list, DESIGN.md §4).
 */
/** A report group without its orders: what GET /reports/groups lists, with each group's progress. */
export const ReportGroupSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  source: z.string(),
  fileName: z.string().nullable(),
  totalOrders: z.number().int(),
  createdAt: z.string(),
  /** The whole group, whatever page or filter was asked for. */
  progress: z.object({
    total: z.number().int(),
    /** Complete, Failed or Error: nothing more will happen to these. */
    finished: z.number().int(),
    byStatus: z.record(z.string(), z.number().int()),
    /** Outcomes of the Complete orders; Complete orders without one were not adjudicated. */
    byOutcome: z.record(z.string(), z.number().int()),
  }),
});
export type ReportGroupSummary = z.infer<typeof ReportGroupSummarySchema>;

export const ReportGroupSchema = ReportGroupSummarySchema.extend({
  orders: pageOf(ReportGroupOrderSchema),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

/** Sort fields of GET /reports/groups; newest first unless asked otherwise. */
export const REPORT_GROUP_SORT_FIELDS = ['createdAt', 'name', 'totalOrders'] as const;
export type ReportGroupSortField = (typeof REPORT_GROUP_SORT_FIELDS)[number];
