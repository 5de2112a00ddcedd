// How an alert's fresh MVR judges the driver now, against before (DriverAlertDetail.recheck). Pure:
// the service reads the orders, this decides what the reader is shown.
import type { AlertRecheck } from '@clearlane/contract';
import type { Adjudication, RuleResult } from '../../adjudication/evaluate.ts';

export interface RecheckOrder {
  id: string;
  status: string;
  outcome: string | null;
  adjudication: Record<string, unknown> | null;
}

const resultsOf = (adjudication: Record<string, unknown> | null | undefined): RuleResult[] =>
  ((adjudication as Partial<Adjudication> | null | undefined)?.results ?? []);

const shown = (value: RuleResult['actual']) => (value === null ? 'unknown' : String(value));

/**
 * The rules the fresh MVR fails that the driver's previous judged MVR did not fail (a rule absent
 * from the previous judgement, or none to compare with, counts as newly failing), each with why:
 * the fact as the record shows it now, and before when known.
 */
export function newlyFailingRules(now: RecheckOrder['adjudication'], before: RecheckOrder['adjudication'] | null): AlertRecheck['newlyFailingRules'] {
  const previous = new Map(resultsOf(before).map((result) => [result.ruleId, result]));
  return resultsOf(now)
    .filter((result) => result.passed === false && previous.get(result.ruleId)?.passed !== false)
    .map((result) => {
      const earlier = previous.get(result.ruleId);
      return {
        ruleId: result.ruleId,
        description: result.description,
        reason: earlier ? `was ${shown(earlier.actual)}, now ${shown(result.actual)}` : `the record shows ${shown(result.actual)}`,
      };
    });
}

/** The recheck of an alert whose change ordered a fresh MVR; null when it ordered none. */
export function buildRecheck(
  alert: { recheckOrderId: string | null; outcomeBefore: string | null },
  order: RecheckOrder | undefined,
  previousJudged: RecheckOrder | undefined,
): AlertRecheck | null {
  if (!alert.recheckOrderId || !order) return null;
  return {
    orderId: order.id,
    orderStatus: order.status as AlertRecheck['orderStatus'],
    outcomeBefore: (alert.outcomeBefore ?? previousJudged?.outcome ?? null) as AlertRecheck['outcomeBefore'],
    outcomeAfter: (order.status === 'Complete' ? order.outcome : null) as AlertRecheck['outcomeAfter'],
    newlyFailingRules: order.status === 'Complete' ? newlyFailingRules(order.adjudication, previousJudged?.adjudication ?? null) : [],
  };
}
