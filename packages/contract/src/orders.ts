// Orders (SPEC.md §3, §4, §7 "Orders"): what the API answers and what it accepts. Every MVR order
// carries its DPPA permissible purpose; a VIN is refused with the reason before any order exists.
import { z } from 'zod';
import { ORDER_RESULT_STATUSES, ORDER_TYPES, OUTCOMES, PROCESSING_STATUSES } from './enums.ts';
import { DEFAULT_TEXAS_RECORD_TYPE, TEXAS_RECORD_TYPES } from './domain/mvr.ts';
import { AdjudicationRuleSchema } from './domain/adjudication.ts';
import { vinProblems, normalizeVin } from './domain/vin.ts';
import { RISK_LEVELS } from './domain/risk-reports.ts';
import { CreatePersonBodySchema, DateOfBirthSchema, UsStateCodeSchema } from './persons.ts';
import { TagNameSchema } from './tags.ts';
import { DateBoundSchema, QueryBooleanSchema } from './query-params.ts';

export const OrderTypeSchema = z.enum(ORDER_TYPES);
export type OrderType = z.infer<typeof OrderTypeSchema>;
export const OrderStatusSchema = z.enum(ORDER_RESULT_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;
export const OutcomeSchema = z.enum(OUTCOMES);
export type Outcome = z.infer<typeof OutcomeSchema>;
export const ProcessingStatusSchema = z.enum(PROCESSING_STATUSES);
export type ProcessingStatus = z.infer<typeof ProcessingStatusSchema>;

/**
 * Permissible uses of the Driver's Privacy Protection Act, 18 U.S.C. 2721(b). (b)(11) and (b)(12)
 * (state opt-in look-ups and bulk marketing) are left out: no client of ours may order for them.
 */
export const DPPA_PERMISSIBLE_PURPOSES = {
  GOVERNMENT_FUNCTION: { section: '(b)(1)', label: 'Government agency carrying out its functions' },
  MOTOR_VEHICLE_SAFETY: { section: '(b)(2)', label: 'Motor vehicle or driver safety, theft, recalls and emissions' },
  VERIFY_INFORMATION: { section: '(b)(3)', label: 'Normal course of business: verifying information the individual submitted' },
  LEGAL_PROCEEDINGS: { section: '(b)(4)', label: 'Civil, criminal, administrative or arbitral proceedings' },
  RESEARCH: { section: '(b)(5)', label: 'Research and statistical reports (no personal information published)' },
  INSURANCE: { section: '(b)(6)', label: 'Insurer: claims investigation, anti-fraud, rating or underwriting' },
  TOWED_VEHICLE_NOTICE: { section: '(b)(7)', label: 'Notice to owners of towed or impounded vehicles' },
  PRIVATE_INVESTIGATION: { section: '(b)(8)', label: 'Licensed private investigative agency or security service' },
  CDL_EMPLOYER_VERIFICATION: { section: '(b)(9)', label: 'Employer verifying a commercial driver licence holder (49 U.S.C. ch. 313)' },
  TOLL_FACILITY: { section: '(b)(10)', label: 'Operation of a private toll transportation facility' },
  WRITTEN_CONSENT: { section: '(b)(13)', label: 'With the written consent of the individual (e.g. employment screening)' },
  STATE_LAW_AUTHORIZED: { section: '(b)(14)', label: 'Authorized by state law and related to motor vehicle operation or public safety' },
} as const;
export type PermissiblePurpose = keyof typeof DPPA_PERMISSIBLE_PURPOSES;
export const PERMISSIBLE_PURPOSES = Object.keys(DPPA_PERMISSIBLE_PURPOSES) as [PermissiblePurpose, ...PermissiblePurpose[]];
export const PermissiblePurposeSchema = z
  .enum(PERMISSIBLE_PURPOSES, { error: `must be a DPPA permissible purpose: ${PERMISSIBLE_PURPOSES.join(', ')}` })
  .describe('DPPA permissible purpose, 18 U.S.C. 2721(b)');

/** "(b)(2) Motor vehicle or driver safety, …": how documents and lists name a purpose. */
export const permissiblePurposeLabel = (code: string) => {
  const purpose = DPPA_PERMISSIBLE_PURPOSES[code as PermissiblePurpose];
  return purpose ? `DPPA ${purpose.section} ${purpose.label}` : code;
};

export const RuleNamespaceSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be lowercase letters, digits and hyphens');

/** The assessment definition of a person or business risk order that names none. */
export const DEFAULT_RISK_DEFINITION = 'standard';

export const RiskAssessmentDefinitionNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,79}$/, 'must be letters, digits, spaces, dots, hyphens or underscores (at most 80)');

const ExternalReferenceSchema = z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters');
const OrderTagsSchema = z.array(TagNameSchema).max(10, 'at most 10 tags').optional().describe('Tags to put on the order; new ones are added to the company');

/** Query booleans arrive as text: only "true" and "false" are accepted. */

export const OrderEventSchema = z.object({
  id: z.string().uuid(),
  type: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  message: z.string(),
  actorId: z.string().uuid().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

export const RuleResultSchema = z.object({
  ruleId: z.string(),
  description: z.string(),
  passed: z.boolean().nullable(),
  actual: z.union([z.number(), z.string()]).nullable(),
});

export const AdjudicationResultSchema = z.object({
  outcome: OutcomeSchema,
  rulesetNamespace: z.string(),
  results: z.array(RuleResultSchema),
  /** The rules that made the outcome what it is. */
  decidingRuleIds: z.array(z.string()),
  summary: z.string(),
  /** The ruleset's version that judged it (0: the seeded default); left out by orders judged before versions were kept. */
  rulesetVersion: z.number().int().nullish(),
});

/** A list row's line about a finished vehicle or risk report (domain/result-summary.ts). */
export const OrderResultSummarySchema = z
  .object({
    riskLevel: z.enum(RISK_LEVELS).nullable().describe('The provider\'s risk level; null for a vehicle report or a subject not found'),
    keyFinding: z.string().describe('The most severe finding, or what the report found when it found nothing'),
  })
  .nullable()
  .describe('Complete VIN, person and business risk orders only; null otherwise (an MVR shows its outcome)');

export const OrderSchema = z.object({
  id: z.string().uuid(),
  type: OrderTypeSchema,
  status: OrderStatusSchema,
  processingStatus: ProcessingStatusSchema,
  outcome: OutcomeSchema.nullable(),
  subStatus: z.string().nullable(),
  changeNotes: z.string().nullable(),
  isReviewed: z.boolean(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().uuid().nullable(),
  subjectLabel: z.string(),
  personId: z.string().uuid().nullable(),
  businessId: z.string().uuid().nullable(),
  reportGroupId: z.string().uuid().nullable(),
  permissiblePurpose: PermissiblePurposeSchema.nullable(),
  ruleNamespace: z.string().nullable(),
  riskAssessmentDefinitionName: z.string().nullable(),
  mvrExternalReferenceId: z.string().nullable(),
  isAutoAdjudicated: z.boolean(),
  tags: z.array(z.string()),
  failureReason: z.string().nullable(),
  resultSummary: OrderResultSummarySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderDetailSchema = OrderSchema.extend({
  events: z.array(OrderEventSchema),
  adjudication: AdjudicationResultSchema.nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/** A driver typed into the order form rather than picked from the company's drivers. */
export const InlineDriverSchema = CreatePersonBodySchema;

const mvrOrderFields = {
  permissiblePurpose: PermissiblePurposeSchema,
  /** Texas only: which record the state issues (defaults to the 3-year Type 2). */
  texasRecordType: z.enum(TEXAS_RECORD_TYPES, { error: `must be one of ${TEXAS_RECORD_TYPES.join(', ')}, or left out for ${DEFAULT_TEXAS_RECORD_TYPE}` }).optional().describe(`Texas only: the record type; ${DEFAULT_TEXAS_RECORD_TYPE} when left out`),
  mvrExternalReferenceId: ExternalReferenceSchema.optional(),
  tags: OrderTagsSchema,
};

/** POST /orders/create-mvr-order: a driver of the company (personId) or one typed in (driver). */
export const CreateMvrOrderBodySchema = z
  .object({
    personId: z.string().uuid().optional(),
    driver: InlineDriverSchema.optional(),
    ...mvrOrderFields,
  })
  .superRefine((body, ctx) => {
    if ((body.personId === undefined) === (body.driver === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['personId'], message: 'give either personId or driver, not both' });
    }
  });
export type CreateMvrOrderBody = z.infer<typeof CreateMvrOrderBodySchema>;

export const CreateMvrOrderQuerySchema = z.object({
  isAutoAdjudicated: QueryBooleanSchema.optional(),
  ruleNamespace: RuleNamespaceSchema.optional(),
});

/** POST /person/{id}/order/mvr (SPEC.md §7) plus the DPPA purpose our rule requires. */
export const PersonMvrOrderBodySchema = z.object({
  isAutoAdjudicated: z.boolean().default(false),
  ruleNamespace: RuleNamespaceSchema.nullish(),
  mvrExternalReferenceId: ExternalReferenceSchema.nullish(),
  permissiblePurpose: PermissiblePurposeSchema,
  texasRecordType: mvrOrderFields.texasRecordType,
  tags: OrderTagsSchema,
});
export type PersonMvrOrderBody = z.infer<typeof PersonMvrOrderBodySchema>;

export const VinSchema = z
  .string()
  .max(40, 'A VIN has 17 characters.')
  .superRefine((value, ctx) => {
    for (const problem of vinProblems(value)) ctx.addIssue({ code: 'custom', message: problem.message });
  })
  .overwrite(normalizeVin)
  .describe('Vehicle identification number: 17 characters, no I, O or Q, a valid check digit');

export const VehicleOrderBodySchema = z.object({ vin: VinSchema, tags: OrderTagsSchema });
export type VehicleOrderBody = z.infer<typeof VehicleOrderBodySchema>;

export const InlinePersonSchema = z.object({
  firstName: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  lastName: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  dateOfBirth: DateOfBirthSchema,
  state: UsStateCodeSchema,
});

/** POST /orders/irr/order: a person risk assessment of a driver of the company or one typed in. */
export const IrrOrderBodySchema = z
  .object({ personId: z.string().uuid().optional(), person: InlinePersonSchema.optional(), tags: OrderTagsSchema })
  .superRefine((body, ctx) => {
    if ((body.personId === undefined) === (body.person === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['personId'], message: 'give either personId or person, not both' });
    }
  });
export type IrrOrderBody = z.infer<typeof IrrOrderBodySchema>;

export const BraOrderBodySchema = z.object({ businessId: z.string().uuid(), tags: OrderTagsSchema });
export type BraOrderBody = z.infer<typeof BraOrderBodySchema>;

export const RiskAssessmentQuerySchema = z.object({
  riskAssessmentDefinitionName: RiskAssessmentDefinitionNameSchema.optional().describe(`The provider's assessment definition; "${DEFAULT_RISK_DEFINITION}" when left out`),
});

export const ORDER_SORT_FIELDS = ['createdAt', 'updatedAt', 'completedAt', 'status', 'type', 'outcome', 'subjectLabel'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

/**
 * Date.parse rolls impossible days over (2024-02-30 becomes March 1st), so the calendar date is
 * checked on its own: a filter that quietly meant another day would list the wrong orders.
 */
export const OrderListFilterSchema = z.object({
  isReviewed: QueryBooleanSchema.optional(),
  type: z
    .union([OrderTypeSchema, z.array(OrderTypeSchema).max(ORDER_TYPES.length)])
    .optional()
    .describe('One order type, or several by repeating the parameter (type=MVR&type=MVR_WITH_ADJUDICATION)'),
  status: OrderStatusSchema.optional(),
  outcome: OutcomeSchema.optional(),
  from: DateBoundSchema.optional().describe('Created on or after (a date means its start, UTC)'),
  to: DateBoundSchema.optional().describe('Created on or before (a date means its end, UTC)'),
  tag: TagNameSchema.optional(),
  personId: z.string().uuid().optional(),
  businessId: z.string().uuid().optional(),
  reportGroupId: z.string().uuid().optional().describe('Orders of one report group (a bulk sheet)'),
  filter: z.string().trim().max(100).optional().describe('Matches orders whose subject (driver, licence number, business, VIN) has a word beginning with each word typed, in any order; a licence number or VIN also by its last characters (at least 4); or whose external reference or driver\'s external id is the whole text; case-insensitive'),
});
export type OrderListFilter = z.infer<typeof OrderListFilterSchema>;

export const OrderReviewedSchema = z.object({
  isReviewed: z.boolean(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().uuid().nullable(),
});
export const SetReviewedBodySchema = z.object({ isReviewed: z.boolean() });

export const UpdateOrderStatusBodySchema = z.object({
  subStatus: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
  changeNotes: z.string().trim().max(2000, 'must be at most 2000 characters').nullish(),
});
export type UpdateOrderStatusBody = z.infer<typeof UpdateOrderStatusBodySchema>;

/** GET /orders/{id}/input: what was ordered, as submitted. */
export const OrderInputSchema = z.object({
  id: z.string().uuid(),
  type: OrderTypeSchema,
  input: z.record(z.string(), z.unknown()),
});

export const MvrMetricsSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()),
  byOutcome: z.record(z.string(), z.number().int()),
  /** Mean seconds from order to completion of the completed ones; null when none completed. */
  averageTurnaroundSeconds: z.number().nullable(),
});
export type MvrMetrics = z.infer<typeof MvrMetricsSchema>;

export const MVR_REPORT_FORMAT_QUERY = ['MVR_STANDARD_REPORT', 'MVR_CONDENSED_REPORT'] as const;
export const MvrReportQuerySchema = z.object({
  format: z.enum(MVR_REPORT_FORMAT_QUERY).optional().describe('With Accept: application/pdf, which layout; the standard one when left out'),
});

/** At most this many rulesets are listed (GET /rulesets): written by hand, a company has a few. */
export const MAX_LISTED_RULESETS = 200;

/** One ruleset as GET /rulesets lists it: what an order form offers to choose from. */
export const RulesetSummarySchema = z.object({
  namespace: z.string().describe('What an order names (ruleNamespace)'),
  name: z.string(),
  ruleCount: z.number().int(),
  /** True when the company has not saved this namespace and the seeded default applies. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  /** The latest saved version; 0 for the seeded default. */
  version: z.number().int(),
});
export type RulesetSummary = z.infer<typeof RulesetSummarySchema>;

export const RulesetResponseSchema = z.object({
  namespace: z.string(),
  name: z.string(),
  rules: z.array(AdjudicationRuleSchema),
  /** True when the company has not saved this namespace and the seeded default applies. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  /** The version these rules are: each save is a new one, numbered from 1; 0 for the seeded default. */
  version: z.number().int(),
});
export type RulesetResponse = z.infer<typeof RulesetResponseSchema>;
