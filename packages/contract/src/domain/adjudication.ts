// Adjudication rulesets as data: a company's rules, named by `ruleNamespace`, evaluated over the
// facts of a motor vehicle record. Small on purpose: every rule is one fact, one comparison.
import { z } from 'zod';

export const ADJUDICATION_FACTS = {
  licenceStatus: { label: 'Licence status', takesYears: false },
  majorViolations: { label: 'Major violations', takesYears: true },
  movingViolations: { label: 'Moving violations (major included)', takesYears: true },
  violationPoints: { label: 'Violation points', takesYears: true },
  accidents: { label: 'Accidents', takesYears: true },
  atFaultAccidents: { label: 'At-fault accidents', takesYears: true },
} as const;
export type AdjudicationFact = keyof typeof ADJUDICATION_FACTS;

export const RULE_OPERATORS = ['equal', 'notEqual', 'lessThan', 'lessThanOrEqual', 'greaterThan', 'greaterThanOrEqual', 'in', 'notIn'] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/**
 * Text of a ruleset. Control characters are refused (PostgreSQL cannot store NUL at all, so it
 * would be a 500 rather than a 400), and so are unpaired surrogates, which are not Unicode text:
 * jsonb refuses them and a text column would silently turn them into U+FFFD.
 */
const rulesetText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters')
    .regex(/^\P{Cs}*$/u, 'must be valid Unicode text (it holds half of a character)');

/** A compared value: a licence status such as VALID, or one of a list. */
const RuleValueTextSchema = rulesetText(100);

export const AdjudicationRuleSchema = z
  .object({
    id: z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be lowercase letters, digits and hyphens'),
    description: rulesetText(200).min(1, 'is required'),
    fact: z.enum(Object.keys(ADJUDICATION_FACTS) as [AdjudicationFact, ...AdjudicationFact[]]),
    /** The look-back window for counted facts, in years. */
    years: z.number().int().min(1).max(10).optional(),
    operator: z.enum(RULE_OPERATORS),
    value: z.union([z.number(), RuleValueTextSchema, z.array(RuleValueTextSchema).max(20)]),
  })
  .superRefine((rule, context) => {
    if (ADJUDICATION_FACTS[rule.fact].takesYears && rule.years === undefined) {
      context.addIssue({ code: 'custom', path: ['years'], message: `is required for ${rule.fact}` });
    }
    const listOperator = rule.operator === 'in' || rule.operator === 'notIn';
    if (listOperator !== Array.isArray(rule.value)) {
      context.addIssue({ code: 'custom', path: ['value'], message: listOperator ? 'must be a list' : 'must be a single value' });
    }
  });
export type AdjudicationRule = z.infer<typeof AdjudicationRuleSchema>;

export const RulesetSchema = z.object({
  namespace: z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be lowercase letters, digits and hyphens'),
  name: rulesetText(120).min(1, 'is required'),
  rules: z.array(AdjudicationRuleSchema).min(1, 'needs at least one rule').max(50),
});
export type Ruleset = z.infer<typeof RulesetSchema>;

/** The ruleset that judges an auto-adjudicated MVR order naming none; every company has it (seeded until saved). */
export const DEFAULT_RULE_NAMESPACE = 'default';

export const DEFAULT_RULESET: Ruleset = {
  namespace: DEFAULT_RULE_NAMESPACE,
  name: 'Standard driver eligibility',
  rules: [
    { id: 'no-major-5y', description: 'No major violation in the last 5 years', fact: 'majorViolations', years: 5, operator: 'equal', value: 0 },
    { id: 'moving-3y', description: 'At most 2 moving violations in the last 3 years', fact: 'movingViolations', years: 3, operator: 'lessThanOrEqual', value: 2 },
    { id: 'licence-valid', description: 'Licence is valid', fact: 'licenceStatus', operator: 'equal', value: 'VALID' },
  ],
};
