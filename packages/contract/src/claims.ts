// Claims (SPEC.md §3, §4, §7 "Claims", issue 11): a loss notice entered as JSON form data against a
// versioned JSON Schema, the orders attached to it and judged by a ruleset, and the immutable,
// numbered snapshots its publications leave. Rules of status and publication: docs/DECISIONS.md.
import { z } from 'zod';
import { CLAIM_KINDS, CLAIM_STATUSES } from './enums.ts';
import { AdjudicationResultSchema, OrderStatusSchema, OrderTypeSchema, OutcomeSchema, RuleNamespaceSchema } from './orders.ts';
import { DateBoundSchema } from './query-params.ts';
import { ProblemFieldErrorSchema } from './problem.ts';
import { formDataShapeProblem } from './claim-form/claim-form.ts';

export * from './claim-form/claim-form.ts';
export * from './claim-form/auto-loss-notice.ts';

export const ClaimKindSchema = z.enum(CLAIM_KINDS);
export type ClaimKind = z.infer<typeof ClaimKindSchema>;
export const ClaimStatusSchema = z.enum(CLAIM_STATUSES);
export type ClaimStatus = z.infer<typeof ClaimStatusSchema>;

/** At most this many orders on one claim: a loss has a handful of drivers and vehicles. */
export const MAX_CLAIM_ORDERS = 50;

const jsonObject = (what: string) =>
  z.record(z.string(), z.unknown(), { error: `must be a JSON object (${what})` });

/**
 * The form data as entered. Its shape is the claim schema's business (checked by the server with
 * ajv against the claim's version); here only the bounds any form data keeps.
 */
export const ClaimFormDataSchema = jsonObject('the form data').superRefine((data, context) => {
  const problem = formDataShapeProblem(data);
  if (problem) context.addIssue({ code: 'custom', path: problem.path ? problem.path.split('.') : [], message: problem.message });
});
export type ClaimFormData = Record<string, unknown>;

const AdjudicationRulesetSchema = RuleNamespaceSchema.nullish().describe('The ruleset that judges the attached MVRs; the company default ("default") when null or left out');
const PublishIfPossibleSchema = z
  .boolean()
  .optional()
  .describe('true: publish as soon as the claim is complete and valid (now, or when its orders finish; needs the right to publish). false: withdraw such a request. Left out: unchanged.');

/** POST /claims. */
export const CreateClaimBodySchema = z.object({
  formData: ClaimFormDataSchema,
  schemaVersion: z.number().int().min(1).max(1_000_000).optional().describe("The company's claim schema version the data was entered against; the current one when left out"),
  adjudicationRuleset: AdjudicationRulesetSchema,
  publishIfPossible: PublishIfPossibleSchema,
});
export type CreateClaimBody = z.infer<typeof CreateClaimBodySchema>;

/** PUT /claims/{id}: the whole form data again (a draft may be incomplete). Editing a published claim starts an Update. */
export const UpdateClaimBodySchema = CreateClaimBodySchema.omit({ schemaVersion: true });
export type UpdateClaimBody = z.infer<typeof UpdateClaimBodySchema>;

/** POST /claims/{id}/{orderId} (SPEC.md §7). */
export const AttachClaimOrderBodySchema = z.object({ adjudicationRuleset: AdjudicationRulesetSchema, publishIfPossible: PublishIfPossibleSchema });
export type AttachClaimOrderBody = z.infer<typeof AttachClaimOrderBodySchema>;

/** DELETE /claims/{id}/{orderId} (SPEC.md §7); the body may be left out. */
export const DetachClaimOrderBodySchema = z.object({ publishIfPossible: PublishIfPossibleSchema });
export type DetachClaimOrderBody = z.infer<typeof DetachClaimOrderBodySchema>;

/** How one attached order stands for the claim: the order as it is, and the claim's judgement of it. */
export const ClaimOrderSchema = z.object({
  orderId: z.string().uuid(),
  type: OrderTypeSchema,
  subjectLabel: z.string(),
  orderStatus: OrderStatusSchema,
  failureReason: z.string().nullable(),
  /** The ruleset the claim judges this order with. */
  adjudicationRuleset: z.string(),
  /** The claim's judgement once the order finished: the ruleset's outcome for an MVR, the order's own for other reports. */
  outcome: OutcomeSchema.nullable(),
  adjudication: AdjudicationResultSchema.nullable(),
  /** When the ruleset (as it was then) judged it; null while the order is in flight. */
  judgedAt: z.string().nullable(),
  /** The ruleset's version number that judged it ("0" for the untouched default); a save time for judgements made before versions were kept. */
  rulesetVersion: z.string().nullable(),
  attachedAt: z.string(),
  attachedBy: z.string().uuid().nullable(),
});
export type ClaimOrder = z.infer<typeof ClaimOrderSchema>;

export const ClaimEventSchema = z.object({
  id: z.string().uuid(),
  type: z.string(),
  message: z.string(),
  actorId: z.string().uuid().nullable(),
  actorName: z.string().nullable(),
  /** What changed: form fields (path, before, after), the order, the status, the snapshot. */
  data: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type ClaimEvent = z.infer<typeof ClaimEventSchema>;

export const ClaimSchema = z.object({
  id: z.string().uuid(),
  kind: ClaimKindSchema,
  status: ClaimStatusSchema,
  /** Why the claim is Failed or Error (the order named), or what Processing waits for. */
  statusReason: z.string().nullable(),
  schemaVersion: z.number().int(),
  adjudicationRuleset: z.string().nullable(),
  publishIfPossible: z.boolean(),
  /** A line for lists: policy number, loss date and place, as far as entered. */
  title: z.string(),
  policyNumber: z.string().nullable(),
  lossOccurredAt: z.string().nullable(),
  orderCount: z.number().int(),
  /** How many times it was published (the newest snapshot's number); 0 before the first. */
  snapshotCount: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().uuid().nullable(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type Claim = z.infer<typeof ClaimSchema>;

export const ClaimDetailSchema = ClaimSchema.extend({
  formData: z.record(z.string(), z.unknown()),
  orders: z.array(ClaimOrderSchema),
  events: z.array(ClaimEventSchema),
  /** What publishing waits for, by field ("formData.policy.policyNumber", "orders"): empty when it can be published. */
  publishBlockers: z.array(ProblemFieldErrorSchema),
});
export type ClaimDetail = z.infer<typeof ClaimDetailSchema>;

/** An order as the snapshot froze it: outcome, deciding rules, ruleset and the report's fingerprint. */
export const ClaimSnapshotOrderSchema = z.object({
  orderId: z.string().uuid(),
  type: OrderTypeSchema,
  subjectLabel: z.string(),
  status: OrderStatusSchema,
  completedAt: z.string().nullable(),
  outcome: OutcomeSchema.nullable(),
  decidingRuleIds: z.array(z.string()),
  adjudication: AdjudicationResultSchema.nullable(),
  rulesetNamespace: z.string(),
  rulesetVersion: z.string().nullable(),
  /** SHA-256 (hex) of the report as received, canonical JSON with sorted keys: every rendering of it comes from these bytes. */
  reportSha256: z.string().nullable(),
});
export type ClaimSnapshotOrder = z.infer<typeof ClaimSnapshotOrderSchema>;

export const ClaimChangeSchema = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() });
export const ClaimSnapshotChangesSchema = z.object({
  /** The previous snapshot's number; null for the first. */
  since: z.number().int().nullable(),
  schemaVersion: z.object({ before: z.number().int(), after: z.number().int() }).nullable(),
  formData: z.array(ClaimChangeSchema),
  ordersAdded: z.array(z.string().uuid()),
  ordersRemoved: z.array(z.string().uuid()),
  outcomesChanged: z.array(z.object({ orderId: z.string().uuid(), before: OutcomeSchema.nullable(), after: OutcomeSchema.nullable() })),
});
export type ClaimSnapshotChanges = z.infer<typeof ClaimSnapshotChangesSchema>;

export const ClaimSnapshotSummarySchema = z.object({
  id: z.string().uuid(),
  claimId: z.string().uuid(),
  number: z.number().int(),
  kind: ClaimKindSchema,
  schemaVersion: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.string().uuid().nullable(),
  publishedByName: z.string(),
  /** How many things changed since the previous snapshot (fields, orders, outcomes). */
  changeCount: z.number().int(),
});
export type ClaimSnapshotSummary = z.infer<typeof ClaimSnapshotSummarySchema>;

export const ClaimSnapshotSchema = ClaimSnapshotSummarySchema.extend({
  formData: z.record(z.string(), z.unknown()),
  orders: z.array(ClaimSnapshotOrderSchema),
  changes: ClaimSnapshotChangesSchema,
});
export type ClaimSnapshot = z.infer<typeof ClaimSnapshotSchema>;

export const CLAIM_SORT_FIELDS = ['createdAt', 'updatedAt', 'lossOccurredAt', 'status', 'kind', 'policyNumber'] as const;
export type ClaimSortField = (typeof CLAIM_SORT_FIELDS)[number];

/** GET /claims filters (SPEC.md §7 lists page, sort, size; issue 11 adds status, kind, date and free text). */
export const ClaimListFilterSchema = z.object({
  status: ClaimStatusSchema.optional(),
  kind: ClaimKindSchema.optional(),
  from: DateBoundSchema.optional().describe('Loss on or after (a date means its start, UTC)'),
  to: DateBoundSchema.optional().describe('Loss on or before (a date means its end, UTC)'),
  filter: z.string().trim().max(100).optional().describe('Matches policy number, insurer, place, description, VINs, plates and names, case-insensitive'),
});
export type ClaimListFilter = z.infer<typeof ClaimListFilterSchema>;

// --- the company's claim schemas (versions) ---

/** Limits of a schema a company admin publishes. */
export const CLAIM_SCHEMA_LIMITS = { maxSchemaBytes: 128 * 1024, maxUiSchemaBytes: 64 * 1024, maxDepth: 24 } as const;

export const ClaimSchemaVersionSchema = z.object({
  version: z.number().int(),
  /** True for the built-in commercial auto loss notice. */
  builtIn: z.boolean(),
  note: z.string().nullable(),
  /** JSON Schema draft-07. */
  schema: z.record(z.string(), z.unknown()),
  /** react-jsonschema-form's uiSchema. */
  uiSchema: z.record(z.string(), z.unknown()),
  createdAt: z.string().nullable(),
  createdBy: z.string().uuid().nullable(),
});
export type ClaimSchemaVersion = z.infer<typeof ClaimSchemaVersionSchema>;

export const ClaimSchemaVersionSummarySchema = ClaimSchemaVersionSchema.omit({ schema: true, uiSchema: true }).extend({ current: z.boolean() });

/** POST /claims/schemas: a new version of the company's claim form (Company Admin). */
export const PublishClaimSchemaBodySchema = z.object({
  schema: jsonObject('a JSON Schema, draft-07'),
  uiSchema: jsonObject("react-jsonschema-form's uiSchema").optional(),
  note: z.string().trim().min(1).max(500).optional().describe('What changed, for the people who fill it in'),
});
export type PublishClaimSchemaBody = z.infer<typeof PublishClaimSchemaBodySchema>;
