// The numbers of a report group's page: finished of total, counts by status in a fixed order,
// outcomes of the completed orders once there are some.
import { describe, expect, it } from 'vitest';
import type { ReportGroup } from '@clearlane/contract/reports';
import { groupProgress } from '../../../src/features/reports/components/group-progress.ts';
import { isGroupFinished } from '../../../src/features/reports/api/get-report-group.ts';

let next = 0;
function order(status: string, outcome: string | null = null): ReportGroup['orders'][number] {
  next += 1;
  return { id: `00000000-0000-7000-8000-${String(next).padStart(12, '0')}`, type: 'MVR_WITH_ADJUDICATION', status, outcome, subjectLabel: `Driver ${next}` };
}

function group(orders: ReportGroup['orders']): Pick<ReportGroup, 'progress' | 'orders'> {
  const byStatus: Record<string, number> = {};
  for (const member of orders) byStatus[member.status] = (byStatus[member.status] ?? 0) + 1;
  const finished = orders.filter((member) => ['Complete', 'Failed', 'Error'].includes(member.status)).length;
  return { orders, progress: { total: orders.length, finished, byStatus } };
}

describe('groupProgress', () => {
  it('counts a batch under way without rounding up to 100 %', () => {
    const orders = [...Array.from({ length: 998 }, () => order('Complete', 'Pass')), order('Ordered'), order('New')];
    const progress = groupProgress(group(orders));
    expect(progress).toMatchObject({ total: 1000, finished: 998, complete: 998, unsuccessful: 0, percentFinished: 99, isFinished: false });
    expect(progress.statusCounts).toEqual([['New', 1], ['Ordered', 1], ['Complete', 998]]);
    expect(isGroupFinished(group(orders))).toBe(false);
  });

  it('lists outcomes in a fixed order, with completed orders nobody adjudicated, and counts failures apart', () => {
    const orders = [order('Complete', 'Fail'), order('Complete', null), order('Complete', 'Pass'), order('Complete', 'Pass'), order('Error'), order('Failed'), order('Complete', 'NotFulfilled')];
    const progress = groupProgress(group(orders));
    expect(progress).toMatchObject({ finished: 7, complete: 5, unsuccessful: 2, percentFinished: 100, isFinished: true });
    expect(progress.outcomeCounts).toEqual([['Pass', 2], ['Fail', 1], ['NotFulfilled', 1], ['Not adjudicated', 1]]);
    expect(progress.statusCounts).toEqual([['Complete', 5], ['Failed', 1], ['Error', 1]]);
  });

  it('keeps a status it does not know rather than hiding orders', () => {
    const progress = groupProgress(group([order('Complete', 'Pass'), order('OnHold')]));
    expect(progress.statusCounts).toEqual([['Complete', 1], ['OnHold', 1]]);
    expect(progress.isFinished).toBe(false);
  });
});
