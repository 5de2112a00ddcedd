// Evaluates a ruleset over a motor vehicle record and records which rules decided the outcome.
import type { AdjudicationRule, MvrRecord, Ruleset } from '@clearlane/contract';
import type { OUTCOMES } from '@clearlane/contract';

export type Outcome = (typeof OUTCOMES)[number];

export interface RuleResult {
  ruleId: string;
  description: string;
  /** null when the record lacks the fact (e.g. no licence on file). */
  passed: boolean | null;
  actual: number | string | null;
}

export interface Adjudication {
  outcome: Outcome;
  rulesetNamespace: string;
  results: RuleResult[];
  /** The rules that made the outcome what it is: the failed ones, or the undecidable ones. */
  decidingRuleIds: string[];
  summary: string;
  /** The version of the ruleset that judged it (0: the seeded default), set by whoever resolved the ruleset. */
  rulesetVersion?: number | null;
}

const DAY_MS = 86_400_000;

function withinYears(date: string, years: number, asOf: Date): boolean {
  const time = Date.parse(date);
  return Number.isFinite(time) && time >= asOf.getTime() - years * 365.25 * DAY_MS && time <= asOf.getTime();
}

function factValue(record: MvrRecord, rule: AdjudicationRule, asOf: Date): number | string | null {
  const years = rule.years ?? 0;
  const recent = <T extends { date: string }>(items: T[]) => items.filter((item) => withinYears(item.date, years, asOf));
  switch (rule.fact) {
    case 'licenceStatus':
      return record.licence?.status ?? null;
    case 'majorViolations':
      return recent(record.violations).filter((v) => v.category === 'MAJOR').length;
    case 'movingViolations':
      return recent(record.violations).filter((v) => v.category === 'MOVING' || v.category === 'MAJOR').length;
    case 'violationPoints':
      return recent(record.violations).reduce((sum, v) => sum + v.points, 0);
    case 'accidents':
      return recent(record.accidents).length;
    case 'atFaultAccidents':
      return recent(record.accidents).filter((a) => a.atFault === true).length;
  }
}

function compare(actual: number | string, rule: AdjudicationRule): boolean {
  const expected = rule.value;
  switch (rule.operator) {
    case 'equal': return actual === expected;
    case 'notEqual': return actual !== expected;
    case 'lessThan': return Number(actual) < Number(expected);
    case 'lessThanOrEqual': return Number(actual) <= Number(expected);
    case 'greaterThan': return Number(actual) > Number(expected);
    case 'greaterThanOrEqual': return Number(actual) >= Number(expected);
    case 'in': return Array.isArray(expected) && expected.includes(String(actual));
    case 'notIn': return Array.isArray(expected) && !expected.includes(String(actual));
  }
}

export function adjudicate(record: MvrRecord, ruleset: Ruleset, asOf: Date = new Date(record.reportedAt)): Adjudication {
  const base = { rulesetNamespace: ruleset.namespace };
  if (record.result === 'NO_RECORD_FOUND') {
    return { ...base, outcome: 'NoResults', results: [], decidingRuleIds: [], summary: 'No driving record was found for this licence.' };
  }
  if (record.result === 'STATE_NOT_FULFILLED') {
    return { ...base, outcome: 'NotFulfilled', results: [], decidingRuleIds: [], summary: record.reason ?? 'The state did not fulfil the request.' };
  }
  // A licence that is not on file leaves every fact undecidable, not zero.
  const results: RuleResult[] = ruleset.rules.map((rule) => {
    const actual = record.licence ? factValue(record, rule, asOf) : null;
    return { ruleId: rule.id, description: rule.description, actual, passed: actual === null ? null : compare(actual, rule) };
  });
  const failed = results.filter((result) => result.passed === false);
  const undecided = results.filter((result) => result.passed === null);
  if (failed.length > 0) {
    return { ...base, outcome: 'Fail', results, decidingRuleIds: failed.map((r) => r.ruleId), summary: `Not met: ${failed.map((r) => r.description).join('; ')}.` };
  }
  if (undecided.length > 0) {
    return { ...base, outcome: 'Indeterminate', results, decidingRuleIds: undecided.map((r) => r.ruleId), summary: `Could not decide: ${undecided.map((r) => r.description).join('; ')}.` };
  }
  return { ...base, outcome: 'Pass', results, decidingRuleIds: [], summary: 'Every rule passed.' };
}
