// The recheck of an alert (DriverAlertDetail.recheck): which rules the fresh MVR fails that the
// driver's previous judged MVR did not, and what the reader is told about the outcome.
import { describe, expect, it } from 'vitest';
import { buildRecheck, newlyFailingRules, type RecheckOrder } from '../../src/modules/monitoring/alert-recheck.ts';
import { rule } from '../monitoring-factories.ts';

const judged = (...results: ReturnType<typeof rule>[]) => ({ outcome: 'Fail', results });
const order = (overrides: Partial<RecheckOrder> = {}): RecheckOrder => ({ id: 'fresh', status: 'Complete', outcome: 'Fail', adjudication: null, ...overrides });

describe('newlyFailingRules', () => {
  it('lists the rules failing now that passed, were undecided or absent before, with the fact then and now', () => {
    const now = judged(rule('a', false, 2), rule('b', false, 'SUSPENDED'), rule('c', false, 1), rule('d', true, 0), rule('e', false, null));
    const before = judged(rule('a', true, 0), rule('b', false, 'EXPIRED'), rule('e', null, null));
    expect(newlyFailingRules(now, before)).toEqual([
      { ruleId: 'a', description: 'Rule a', reason: 'was 0, now 2' },
      { ruleId: 'c', description: 'Rule c', reason: 'the record shows 1' },
      { ruleId: 'e', description: 'Rule e', reason: 'was unknown, now unknown' },
    ]);
  });

  it('counts every failing rule as new when there is nothing to compare with, and none when not judged', () => {
    expect(newlyFailingRules(judged(rule('a', false, 3)), null).map((r) => r.ruleId)).toEqual(['a']);
    expect(newlyFailingRules(null, judged(rule('a', true, 0)))).toEqual([]);
  });
});

describe('buildRecheck', () => {
  const alert = { recheckOrderId: 'fresh', outcomeBefore: 'Pass' };

  it('is null when the change ordered no fresh MVR', () => {
    expect(buildRecheck({ recheckOrderId: null, outcomeBefore: null }, undefined, undefined)).toBeNull();
  });

  it('answers the fresh MVR\'s status, and its outcome and rules only once it is complete', () => {
    expect(buildRecheck(alert, order({ status: 'Ordered', outcome: null, adjudication: judged(rule('a', false, 1)) }), undefined)).toEqual({
      orderId: 'fresh', orderStatus: 'Ordered', outcomeBefore: 'Pass', outcomeAfter: null, newlyFailingRules: [],
    });
    expect(buildRecheck(alert, order({ adjudication: judged(rule('a', false, 1)) }), undefined)).toMatchObject({ outcomeAfter: 'Fail', newlyFailingRules: [{ ruleId: 'a' }] });
  });

  it('takes the outcome before from the alert, else from the previous judged MVR', () => {
    const previous = order({ id: 'old', outcome: 'Indeterminate' });
    expect(buildRecheck(alert, order(), previous)?.outcomeBefore).toBe('Pass');
    expect(buildRecheck({ recheckOrderId: 'fresh', outcomeBefore: null }, order(), previous)?.outcomeBefore).toBe('Indeterminate');
    expect(buildRecheck({ recheckOrderId: 'fresh', outcomeBefore: null }, order(), undefined)?.outcomeBefore).toBeNull();
  });
});
