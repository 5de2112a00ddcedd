// DOT quality scores of motor carriers (issue 12; SPEC.md §7 "Scores" and "Dots"). What the API
// accepts and answers, shared by the server and the portal. Every figure says where it comes from:
// FMCSA's own (published through QCMobile) or ours (an SMS-style measure and a peer-group percentile,
// docs/DECISIONS.md "DOT quality scores"), which provider answered and as of which date.
import { z } from 'zod';
import { DotNumberSchema } from './businesses.ts';

// ---------------------------------------------------------------------------------------------
// DOT numbers
// ---------------------------------------------------------------------------------------------

/** A USDOT number: 1 to 8 digits (FMCSA assigns them sequentially; none is longer today). */
export const DOT_NUMBER_PATTERN = /^\d{1,8}$/;

/** A USDOT number in a list: a bad one is named by its value as well as its position. */
const ListedDotNumberSchema = z
  .string()
  .trim()
  .regex(DOT_NUMBER_PATTERN, { error: (issue) => `"${String(issue.input).slice(0, 40)}" is not a USDOT number: it has 1 to 8 digits.` });

/** The most DOT numbers one scoring request names. */
export const MAX_DOT_NUMBERS_PER_SCORING = 500;

/** POST /scores/dot/quality: the DOT numbers to score (and to watch from then on). */
export const ScoreDotsBodySchema = z
  .array(ListedDotNumberSchema)
  .min(1, 'must name at least one DOT number')
  .max(MAX_DOT_NUMBERS_PER_SCORING, `must name at most ${MAX_DOT_NUMBERS_PER_SCORING} DOT numbers`);
export type ScoreDotsBody = z.infer<typeof ScoreDotsBodySchema>;

/** The company's own carrier(s), or a carrier it watches (a contractor, an insured, a partner). */
export const DOT_RELATIONSHIPS = ['OWN', 'WATCHED'] as const;
export const DotRelationshipSchema = z.enum(DOT_RELATIONSHIPS);
export type DotRelationship = z.infer<typeof DotRelationshipSchema>;

/** How the last scoring of a DOT number ended. */
export const SCORING_STATUSES = ['NOT_SCORED', 'SCORED', 'NOT_FOUND', 'FAILED'] as const;
export const ScoringStatusSchema = z.enum(SCORING_STATUSES);
export type ScoringStatus = z.infer<typeof ScoringStatusSchema>;

/** POST /dots: add a DOT number to the company's list. Adding one already listed updates it. */
export const AddDotBodySchema = z.object({
  dotNumber: DotNumberSchema,
  relationship: DotRelationshipSchema.default('WATCHED'),
  /** The company's own note ("Linehaul contractor, Midwest"). */
  label: z.string().trim().max(120).nullable().default(null),
});
export type AddDotBody = z.input<typeof AddDotBodySchema>;

/** GET /dots: one of the company's DOT numbers. */
export const CompanyDotSchema = z.object({
  dotNumber: z.string(),
  relationship: DotRelationshipSchema,
  label: z.string().nullable(),
  /** The carrier's legal name as last answered by the provider; null until scored. */
  legalName: z.string().nullable(),
  addedAt: z.string(),
  lastScoredAt: z.string().nullable(),
  lastStatus: ScoringStatusSchema,
  /** Why the last scoring did not score (unknown number, provider error); null otherwise. */
  lastError: z.string().nullable(),
});
export type CompanyDot = z.infer<typeof CompanyDotSchema>;

export const CompanyDotListSchema = z.object({ dots: z.array(CompanyDotSchema) });
export type CompanyDotList = z.infer<typeof CompanyDotListSchema>;

// ---------------------------------------------------------------------------------------------
// BASICs and their intervention thresholds (data, not code)
// ---------------------------------------------------------------------------------------------

export const BASIC_CODES = [
  'UNSAFE_DRIVING', 'HOS_COMPLIANCE', 'DRIVER_FITNESS', 'CONTROLLED_SUBSTANCES_ALCOHOL', 'VEHICLE_MAINTENANCE', 'HAZMAT_COMPLIANCE', 'CRASH_INDICATOR',
] as const;
export const BasicCodeSchema = z.enum(BASIC_CODES);
export type BasicCode = z.infer<typeof BasicCodeSchema>;

export const BASIC_NAMES: Record<BasicCode, string> = {
  UNSAFE_DRIVING: 'Unsafe Driving',
  HOS_COMPLIANCE: 'Hours-of-Service Compliance',
  DRIVER_FITNESS: 'Driver Fitness',
  CONTROLLED_SUBSTANCES_ALCOHOL: 'Controlled Substances/Alcohol',
  VEHICLE_MAINTENANCE: 'Vehicle Maintenance',
  HAZMAT_COMPLIANCE: 'Hazardous Materials Compliance',
  CRASH_INDICATOR: 'Crash Indicator',
};

/**
 * Which intervention threshold applies: FMCSA sets lower percentiles for carriers of hazardous
 * materials and lower still for carriers of passengers (a passenger carrier that also carries
 * hazmat takes the passenger thresholds, the lowest).
 */
export const CARRIER_THRESHOLD_GROUPS = ['GENERAL', 'HAZMAT', 'PASSENGER'] as const;
export type CarrierThresholdGroup = (typeof CARRIER_THRESHOLD_GROUPS)[number];

/** FMCSA's intervention thresholds, in percentiles, per BASIC and carrier group. */
export const BASIC_THRESHOLDS: Record<BasicCode, Record<CarrierThresholdGroup, number>> = {
  UNSAFE_DRIVING: { GENERAL: 65, HAZMAT: 60, PASSENGER: 50 },
  HOS_COMPLIANCE: { GENERAL: 65, HAZMAT: 60, PASSENGER: 50 },
  CRASH_INDICATOR: { GENERAL: 65, HAZMAT: 60, PASSENGER: 50 },
  DRIVER_FITNESS: { GENERAL: 80, HAZMAT: 75, PASSENGER: 65 },
  CONTROLLED_SUBSTANCES_ALCOHOL: { GENERAL: 80, HAZMAT: 75, PASSENGER: 65 },
  VEHICLE_MAINTENANCE: { GENERAL: 80, HAZMAT: 75, PASSENGER: 65 },
  HAZMAT_COMPLIANCE: { GENERAL: 80, HAZMAT: 75, PASSENGER: 65 },
};

export function thresholdGroupOf(carrier: { passengerCarrier: boolean; hazmatCarrier: boolean }): CarrierThresholdGroup {
  if (carrier.passengerCarrier) return 'PASSENGER';
  return carrier.hazmatCarrier ? 'HAZMAT' : 'GENERAL';
}

// ---------------------------------------------------------------------------------------------
// Where a figure comes from
// ---------------------------------------------------------------------------------------------

/** FMCSA: FMCSA computed it and published it. CLEARLANE: we computed it from the data we hold. */
export const FIGURE_ORIGINS = ['FMCSA', 'CLEARLANE'] as const;
export const FigureOriginSchema = z.enum(FIGURE_ORIGINS);
export type FigureOrigin = z.infer<typeof FigureOriginSchema>;

export const CARRIER_DATA_PROVIDERS = ['sandbox', 'qcmobile'] as const;
export const CarrierDataProviderSchema = z.enum(CARRIER_DATA_PROVIDERS);
export type CarrierDataProviderName = z.infer<typeof CarrierDataProviderSchema>;

export const FigureSourceSchema = z.object({
  origin: FigureOriginSchema,
  /** The provider whose data the figure is (or is computed from). */
  provider: CarrierDataProviderSchema,
  /** The date (yyyy-mm-dd) of the data: FMCSA's run or snapshot date, or the day we computed it. */
  asOf: z.string(),
  /** How we computed it, in a sentence; null for FMCSA's own figures. */
  method: z.string().nullable(),
});
export type FigureSource = z.infer<typeof FigureSourceSchema>;

// ---------------------------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------------------------

/** The traffic light of a BASIC: over its threshold, under it, or too little data to say. */
export const BASIC_STATUSES = ['ALERT', 'OK', 'INSUFFICIENT_DATA'] as const;
export const BasicStatusSchema = z.enum(BASIC_STATUSES);
export type BasicStatus = z.infer<typeof BasicStatusSchema>;

export const BasicScoreSchema = z.object({
  code: BasicCodeSchema,
  name: z.string(),
  /** The SMS measure (weighted violations per inspection, or per power unit and mileage); null without data. */
  measure: z.number().nullable(),
  /** The percentile (0-100) among the carrier's peers; null when not published and not computable. */
  percentile: z.number().nullable(),
  /** The intervention threshold (percentile) that applies to this carrier. */
  threshold: z.number(),
  /** The percentile is at or over the threshold (never true on insufficient data). */
  alert: z.boolean(),
  status: BasicStatusSchema,
  /** Why the figure is not sound, in a sentence ("2 relevant inspections; at least 3 are needed"); null when it is. */
  insufficientDataReason: z.string().nullable(),
  /** What the measure is built on, in the last 24 months. */
  relevantInspections: z.number().int(),
  inspectionsWithViolations: z.number().int(),
  violations: z.number().int(),
  /** The peer group the percentile ranks the carrier in, and its size; null for FMCSA's percentiles. */
  peerGroup: z.object({ name: z.string(), carriers: z.number().int() }).nullable(),
  source: z.object({ measure: FigureSourceSchema.nullable(), percentile: FigureSourceSchema.nullable() }),
});
export type BasicScore = z.infer<typeof BasicScoreSchema>;

export const OutOfServiceRateSchema = z.object({
  /** Per cent of inspections that put the driver (vehicle, load) out of service, 24 months; null without inspections. */
  rate: z.number().nullable(),
  inspections: z.number().int(),
  outOfServiceInspections: z.number().int(),
  /** The national average rate (per cent) FMCSA publishes for comparison. */
  nationalAverage: z.number(),
});

export const OutOfServiceOrderSchema = z.object({ date: z.string(), reason: z.string() });

export const OutOfServiceSchema = z.object({
  driver: OutOfServiceRateSchema,
  vehicle: OutOfServiceRateSchema,
  hazmat: OutOfServiceRateSchema,
  nationalAverages: z.object({ driver: z.number(), vehicle: z.number(), hazmat: z.number(), period: z.string() }),
  /** Out-of-service orders against the carrier in force (it must not operate). */
  orders: z.array(OutOfServiceOrderSchema),
  source: FigureSourceSchema,
});
export type OutOfService = z.infer<typeof OutOfServiceSchema>;

export const SAFETY_RATINGS = ['SATISFACTORY', 'CONDITIONAL', 'UNSATISFACTORY', 'NOT_RATED'] as const;
export const SafetyRatingSchema = z.object({
  rating: z.enum(SAFETY_RATINGS),
  ratedOn: z.string().nullable(),
  source: FigureSourceSchema,
});

export const AUTHORITY_STATUSES = ['ACTIVE', 'INACTIVE', 'NONE'] as const;
export const AuthorityStatusSchema = z.enum(AUTHORITY_STATUSES);
export const AuthoritySchema = z.object({
  /** FMCSA's "allowed to operate": registered, authorised where authority is needed, no OOS order. */
  allowedToOperate: z.boolean(),
  common: AuthorityStatusSchema,
  contract: AuthorityStatusSchema,
  broker: AuthorityStatusSchema,
  source: FigureSourceSchema,
});
export type Authority = z.infer<typeof AuthoritySchema>;

export const InsuranceLineSchema = z.object({
  required: z.boolean(),
  /** Thousands of US dollars, as FMCSA publishes them. */
  requiredAmount: z.number().nullable(),
  onFileAmount: z.number(),
});
export const InsuranceSchema = z.object({
  /** Every insurance the carrier must file is on file. */
  compliant: z.boolean(),
  bodilyInjuryAndPropertyDamage: InsuranceLineSchema,
  cargo: InsuranceLineSchema,
  bond: InsuranceLineSchema,
  source: FigureSourceSchema,
});
export type Insurance = z.infer<typeof InsuranceSchema>;

export const CARRIER_CHANGE_KINDS = [
  'BASIC_ALERT_RAISED', 'BASIC_ALERT_CLEARED', 'AUTHORITY_REVOKED', 'AUTHORITY_RESTORED', 'INSURANCE_CANCELLED', 'INSURANCE_RESTORED',
  'OUT_OF_SERVICE_ORDER', 'OUT_OF_SERVICE_ORDER_LIFTED', 'SAFETY_RATING_CHANGED',
] as const;
export const CarrierChangeKindSchema = z.enum(CARRIER_CHANGE_KINDS);
export type CarrierChangeKind = z.infer<typeof CarrierChangeKindSchema>;

/** Changes that make a carrier riskier: they are mailed to the company's Managers and admins. */
export const ALARMING_CARRIER_CHANGES: readonly CarrierChangeKind[] = ['BASIC_ALERT_RAISED', 'AUTHORITY_REVOKED', 'INSURANCE_CANCELLED', 'OUT_OF_SERVICE_ORDER'];

export const CarrierChangeSchema = z.object({
  id: z.string().uuid(),
  kind: CarrierChangeKindSchema,
  /** The BASIC that crossed its threshold, for the BASIC kinds. */
  basic: BasicCodeSchema.nullable(),
  title: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  detectedAt: z.string(),
});
export type CarrierChange = z.infer<typeof CarrierChangeSchema>;

/** One earlier scoring, for the history chart and the trend since the last score. */
export const CarrierScoreHistoryEntrySchema = z.object({
  scoredAt: z.string(),
  asOf: z.string(),
  basics: z.array(z.object({ code: BasicCodeSchema, measure: z.number().nullable(), percentile: z.number().nullable(), alert: z.boolean(), status: BasicStatusSchema })),
});
export type CarrierScoreHistoryEntry = z.infer<typeof CarrierScoreHistoryEntrySchema>;

export const CarrierReportSchema = z.object({
  dotNumber: z.string(),
  relationship: DotRelationshipSchema,
  label: z.string().nullable(),
  /** How the last scoring ended; the figures below are those of the last successful one. */
  status: ScoringStatusSchema,
  statusMessage: z.string().nullable(),
  legalName: z.string().nullable(),
  dbaName: z.string().nullable(),
  /** The provider that answered the last successful scoring; null if never scored. */
  source: CarrierDataProviderSchema.nullable(),
  /** The date of that data (yyyy-mm-dd). */
  asOf: z.string().nullable(),
  scoredAt: z.string().nullable(),
  carrier: z
    .object({
      passengerCarrier: z.boolean(),
      hazmatCarrier: z.boolean(),
      powerUnits: z.number().int(),
      drivers: z.number().int(),
      thresholdGroup: z.enum(CARRIER_THRESHOLD_GROUPS),
    })
    .nullable(),
  /** The seven BASICs in BASIC_CODES order; empty until the carrier is scored. */
  basics: z.array(BasicScoreSchema),
  outOfService: OutOfServiceSchema.nullable(),
  safetyRating: SafetyRatingSchema.nullable(),
  authority: AuthoritySchema.nullable(),
  insurance: InsuranceSchema.nullable(),
  /** What changed between scorings, newest first (at most 50). */
  changes: z.array(CarrierChangeSchema),
  /** Earlier scorings, oldest first (at most 24), the last one included. */
  history: z.array(CarrierScoreHistoryEntrySchema),
});
export type CarrierReport = z.infer<typeof CarrierReportSchema>;

export const DotQualityReportSchema = z.object({ carriers: z.array(CarrierReportSchema) });
export type DotQualityReport = z.infer<typeof DotQualityReportSchema>;

/** GET /scores/dot/quality/report?dotNumber=…&dotNumber=…: the company's DOT numbers, or only these. */
export const DotQualityReportQuerySchema = z.object({
  dotNumber: z
    .union([ListedDotNumberSchema, z.array(ListedDotNumberSchema).max(MAX_DOT_NUMBERS_PER_SCORING)])
    .optional(),
});
export type DotQualityReportQuery = z.infer<typeof DotQualityReportQuerySchema>;

/** POST /scores/dot/quality: 200 with the report when scored in the request, 202 when queued. */
export const ScoreDotsAcceptedSchema = z.object({
  /** The DOT numbers queued for scoring (duplicates removed), in the order given. */
  dotNumbers: z.array(z.string()),
  /** The scoring jobs, one per batch; GET /scores/dot/quality/report shows the results as they land. */
  jobIds: z.array(z.string()),
});
export type ScoreDotsAccepted = z.infer<typeof ScoreDotsAcceptedSchema>;
