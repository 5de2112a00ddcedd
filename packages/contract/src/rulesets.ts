// Rulesets edited as a page (issue 13): every save is a version that is kept, and a draft can be
// previewed against the company's recent completed MVRs before it is saved.
import { z } from 'zod';
import { AdjudicationRuleSchema, RulesetSchema } from './domain/adjudication.ts';
import { OutcomeSchema } from './orders.ts';

/** At most this many versions are listed, newest first (a ruleset is saved by hand, now and then). */
export const MAX_LISTED_RULESET_VERSIONS = 200;

/** The preview re-judges the completed MVRs of this many days back. */
export const RULESET_PREVIEW_DAYS = 90;
/** The preview lists at most this many of the orders whose outcome would change. */
export const RULESET_PREVIEW_LISTED = 200;

export const RulesetVersionNumberSchema = z.coerce.number().int().min(1).max(2_147_483_647);

export const RulesetVersionSummarySchema = z.object({
  version: z.number().int(),
  name: z.string(),
  ruleCount: z.number().int(),
  savedAt: z.string(),
  /** Who saved it; null when that user is gone (or for a save made before versions were kept by nobody known). */
  savedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type RulesetVersionSummary = z.infer<typeof RulesetVersionSummarySchema>;

export const RulesetVersionSchema = RulesetVersionSummarySchema.extend({
  namespace: z.string(),
  rules: z.array(AdjudicationRuleSchema),
});
export type RulesetVersion = z.infer<typeof RulesetVersionSchema>;

/** What PUT /rulesets/{namespace} and its preview take: the ruleset without its namespace (the path names it). */
export const RulesetBodySchema = RulesetSchema.omit({ namespace: true });
export type RulesetBody = z.infer<typeof RulesetBodySchema>;

export const RulesetTransitionSchema = z.object({
  from: OutcomeSchema.nullable().describe('The outcome the order has now (null: it has none)'),
  to: OutcomeSchema.describe('The outcome the draft would give it'),
  count: z.number().int(),
});
export type RulesetTransition = z.infer<typeof RulesetTransitionSchema>;

export const RulesetPreviewOrderSchema = z.object({
  id: z.string(),
  subjectLabel: z.string(),
  completedAt: z.string(),
  from: OutcomeSchema.nullable(),
  to: OutcomeSchema,
});
export type RulesetPreviewOrder = z.infer<typeof RulesetPreviewOrderSchema>;

export const RulesetPreviewSchema = z.object({
  namespace: z.string(),
  /** The window: orders completed from this instant on. */
  since: z.string(),
  /** How many completed MVRs judged by this ruleset were re-judged with the draft. */
  judged: z.number().int(),
  /** How many of them would get another outcome. */
  changed: z.number().int(),
  /** Counts per change of outcome, the largest first. */
  transitions: z.array(RulesetTransitionSchema),
  /** The orders that would change, newest first; at most RULESET_PREVIEW_LISTED. */
  orders: z.array(RulesetPreviewOrderSchema),
  /** True when more orders would change than are listed. */
  truncated: z.boolean(),
});
export type RulesetPreview = z.infer<typeof RulesetPreviewSchema>;

/** The risk order types that name an assessment definition. */
export const RISK_ORDER_TYPES = ['PERSON_RISK_ASSESSMENT', 'BUSINESS_RISK_INFORM_REPORT'] as const;

/**
 * The assessment definitions Clearlane offers for both risk reports (the provider's catalogue; the
 * sandbox provider assesses every definition alike). "standard" is what an order naming none uses.
 */
export const OFFERED_RISK_DEFINITIONS = [
  { name: 'standard', label: 'Standard assessment' },
] as const;

/** At most this many definitions the company used before are listed beside the offered ones. */
export const MAX_USED_RISK_DEFINITIONS = 50;

export const RiskDefinitionSchema = z.object({
  name: z.string().describe('What the order names (riskAssessmentDefinitionName)'),
  label: z.string(),
  /** offered: in Clearlane's catalogue; used: named by an earlier order of the company (e.g. placed through the API). */
  source: z.enum(['offered', 'used']),
});
export type RiskDefinition = z.infer<typeof RiskDefinitionSchema>;

export const RiskDefinitionsQuerySchema = z.object({
  type: z.enum(RISK_ORDER_TYPES).optional().describe('Only the definitions used by orders of this type (the offered ones apply to both)'),
});
