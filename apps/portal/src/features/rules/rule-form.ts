// The rules form's model: a ruleset as fields a Manager fills in (no JSON), turned into the body of
// PUT /rulesets/{namespace} and checked with the contract's own schema, each problem on its field
// ("rules.1.years"). Which operators and which kind of value a rule takes follows from its fact.
import { ADJUDICATION_FACTS, RulesetSchema, type AdjudicationFact, type AdjudicationRule, type RuleOperator } from '@clearlane/contract/domain/adjudication';
import { LICENCE_STATUSES } from '@clearlane/contract/domain/mvr';
import type { RulesetBody } from '@clearlane/contract/rulesets';

export const OPERATOR_LABELS: Record<RuleOperator, string> = {
  equal: 'is',
  notEqual: 'is not',
  lessThan: 'is less than',
  lessThanOrEqual: 'is at most',
  greaterThan: 'is more than',
  greaterThanOrEqual: 'is at least',
  in: 'is one of',
  notIn: 'is none of',
};

const COUNT_OPERATORS: RuleOperator[] = ['equal', 'notEqual', 'lessThan', 'lessThanOrEqual', 'greaterThan', 'greaterThanOrEqual'];
const STATUS_OPERATORS: RuleOperator[] = ['equal', 'notEqual', 'in', 'notIn'];

export const operatorsFor = (fact: AdjudicationFact): RuleOperator[] => (ADJUDICATION_FACTS[fact].takesYears ? COUNT_OPERATORS : STATUS_OPERATORS);
export const isListOperator = (operator: RuleOperator) => operator === 'in' || operator === 'notIn';

export const FACT_OPTIONS = (Object.keys(ADJUDICATION_FACTS) as AdjudicationFact[]).map((fact) => ({ value: fact, label: ADJUDICATION_FACTS[fact].label }));
export const STATUS_OPTIONS = LICENCE_STATUSES.map((status) => ({ value: status, label: status.charAt(0) + status.slice(1).toLowerCase() }));

/** One rule as the form holds it: every kind of value side by side, the fact and operator choose which is sent. */
export interface RuleValues {
  /** React's key for the row; never sent. */
  key: string;
  id: string;
  description: string;
  fact: AdjudicationFact;
  years: number | string;
  operator: RuleOperator;
  /** A count (counted facts). */
  count: number | string;
  /** A licence status (is / is not). */
  status: string;
  /** Licence statuses (is one of / is none of). */
  statuses: string[];
}

export interface RulesetValues {
  name: string;
  rules: RuleValues[];
}

let keys = 0;
const nextKey = () => `rule-${(keys += 1)}`;

export function toRuleValues(rule: AdjudicationRule): RuleValues {
  const list = Array.isArray(rule.value) ? rule.value : [];
  return {
    key: nextKey(), id: rule.id, description: rule.description, fact: rule.fact, years: rule.years ?? '', operator: rule.operator,
    count: typeof rule.value === 'number' ? rule.value : '',
    status: typeof rule.value === 'string' ? rule.value : '',
    statuses: list,
  };
}

export const toRulesetValues = (ruleset: { name: string; rules: AdjudicationRule[] }): RulesetValues => ({ name: ruleset.name, rules: ruleset.rules.map(toRuleValues) });

/** A fresh rule with an id no other rule of the form has. */
export function newRule(existing: readonly Pick<RuleValues, 'id'>[]): RuleValues {
  const taken = new Set(existing.map((rule) => rule.id));
  let number = existing.length + 1;
  while (taken.has(`rule-${number}`)) number += 1;
  return { key: nextKey(), id: `rule-${number}`, description: '', fact: 'movingViolations', years: 3, operator: 'lessThanOrEqual', count: 0, status: 'VALID', statuses: [] };
}

/** After the fact changes: an operator it does not take becomes its first one, and a counted fact gets a window. */
export function withFact(rule: RuleValues, fact: AdjudicationFact): RuleValues {
  const operator = operatorsFor(fact).includes(rule.operator) ? rule.operator : operatorsFor(fact)[0]!;
  const years = ADJUDICATION_FACTS[fact].takesYears && rule.years === '' ? 3 : rule.years;
  return { ...rule, fact, operator, years };
}

const numberOrUndefined = (value: number | string) => (value === '' || value === null ? undefined : Number(value));

export function toRuleBody(rule: RuleValues): AdjudicationRule {
  const takesYears = ADJUDICATION_FACTS[rule.fact].takesYears;
  const value = isListOperator(rule.operator) ? rule.statuses : takesYears ? (numberOrUndefined(rule.count) as number) : rule.status;
  return {
    id: rule.id.trim(), description: rule.description.trim(), fact: rule.fact, operator: rule.operator, value,
    ...(takesYears ? { years: numberOrUndefined(rule.years) } : {}),
  } as AdjudicationRule;
}

export const toRulesetBody = (values: RulesetValues): RulesetBody => ({ name: values.name.trim(), rules: values.rules.map(toRuleBody) });

/** The form field an API or schema path names: "body.rules.2.value.1" → "rules.2.<the value's field>". */
export function fieldOf(path: string, values: RulesetValues): string {
  const parts = path.replace(/^body\./, '').split('.');
  if (parts[0] !== 'rules' || parts.length < 3) return parts[0] === 'rules' ? 'rules' : parts[0]!;
  const index = Number(parts[1]);
  const rule = values.rules[index];
  const field = parts[2]!;
  if (field !== 'value' || !rule) return `rules.${index}.${field}`;
  return `rules.${index}.${isListOperator(rule.operator) ? 'statuses' : ADJUDICATION_FACTS[rule.fact].takesYears ? 'count' : 'status'}`;
}

const LABELS: Record<string, string> = {
  name: 'Name', id: 'Rule id', description: 'Description', fact: 'Fact', years: 'Years', operator: 'Comparison', count: 'Value', status: 'Status', statuses: 'Statuses', rules: 'Rules',
};

/** "Years is required" rather than "is required": the message names what it is about. */
export function sentence(field: string, message: string): string {
  const label = LABELS[field.split('.').at(-1)!] ?? 'This';
  if (message === 'Required' || message.startsWith('Invalid input')) return `${label} is required`;
  return `${label} ${message.replace(/^Too small: expected number to be >=(\d+)$/, 'must be at least $1').replace(/^Too big: expected number to be <=(\d+)$/, 'must be at most $1')}`;
}

/** Every problem of the form, by field; two rules with one id are a problem on the later one, as on the server. */
export function validateRuleset(values: RulesetValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = RulesetSchema.omit({ namespace: true }).safeParse(toRulesetBody(values));
  for (const issue of result.success ? [] : result.error.issues) {
    const field = fieldOf(issue.path.join('.'), values);
    errors[field] ??= sentence(field, issue.message);
  }
  const seen = new Set<string>();
  values.rules.forEach((rule, index) => {
    const id = rule.id.trim();
    if (seen.has(id)) errors[`rules.${index}.id`] ??= `Rule id "${id}" is already the id of an earlier rule; each rule needs its own`;
    seen.add(id);
  });
  return errors;
}

/** A rule read as a sentence: "Moving violations (major included) in the last 3 years is at most 2". */
export function ruleSentence(rule: AdjudicationRule): string {
  const fact = ADJUDICATION_FACTS[rule.fact];
  const window = fact.takesYears && rule.years ? ` in the last ${rule.years} year${rule.years === 1 ? '' : 's'}` : '';
  const value = Array.isArray(rule.value) ? rule.value.join(', ') : String(rule.value);
  return `${fact.label}${window} ${OPERATOR_LABELS[rule.operator]} ${value}`;
}
