// The numbers of a report group's page: finished of total, counts by status in a fixed order, and
// the outcomes of the completed orders — all from the whole group's counts, not from the page of
// orders on screen.
import { describe, expect, it } from 'vitest';
import type { ReportGroup } from '@clearlane/contract/reports';
import { groupProgress, NOT_ADJUDICATED } from '../../../src/features/reports/components/group-progress.ts';
import { isGroupFinished } from '../../../src/features/reports/api/get-report-group.ts';

const FINISHED = ['Complete', 'Failed', 'Error'];

function group(byStatus: Record<string, number>, byOutcome: Record<string, number> = {}): Pick<ReportGroup, 'progress'> {
  const total = Object.values(byStatus).reduce((sum, count) => sum + count, 0);
  const finished = Object.entries(byStatus).filter(([status]) => FINISHED.includes(status)).reduce((sum, [, count]) => sum + count, 0);
  return { progress: { total, finished, byStatus, byOutcome } };
}

describe('groupProgress', () => {
  it('counts a batch under way without rounding up to 100 %', () => {
    const batch = group({ Complete: 998, Ordered: 1, New: 1 }, { Pass: 998 });
    const progress = groupProgress(batch);
    expect(progress).toMatchObject({ total: 1000, finished: 998, complete: 998, unsuccessful: 0, percentFinished: 99, isFinished: false });
    expect(progress.statusCounts).toEqual([['New', 1], ['Ordered', 1], ['Complete', 998]]);
    expect(isGroupFinished(batch)).toBe(false);
  });

  it('counts 10,000 orders it has never seen one of: only the counts matter', () => {
    const progress = groupProgress(group({ Complete: 9_000, Error: 400, Failed: 100, Received: 500 }, { Pass: 6_000, Fail: 2_500 }));
    expect(progress).toMatchObject({ total: 10_000, finished: 9_500, complete: 9_000, unsuccessful: 500, percentFinished: 95, isFinished: false });
    expect(progress.outcomeCounts).toEqual([['Pass', 6_000], ['Fail', 2_500], [NOT_ADJUDICATED, 500]]);
  });

  it('lists outcomes in a fixed order, with completed orders nobody adjudicated, and counts failures apart', () => {
    const progress = groupProgress(group({ Complete: 5, Error: 1, Failed: 1 }, { NotFulfilled: 1, Fail: 1, Pass: 2 }));
    expect(progress).toMatchObject({ finished: 7, complete: 5, unsuccessful: 2, percentFinished: 100, isFinished: true });
    expect(progress.outcomeCounts).toEqual([['Pass', 2], ['Fail', 1], ['NotFulfilled', 1], [NOT_ADJUDICATED, 1]]);
    expect(progress.statusCounts).toEqual([['Complete', 5], ['Failed', 1], ['Error', 1]]);
  });

  it('leaves "not adjudicated" out when every completed order has an outcome, and counts an empty group as done', () => {
    expect(groupProgress(group({ Complete: 2 }, { Fail: 2 })).outcomeCounts).toEqual([['Fail', 2]]);
    expect(groupProgress(group({}))).toMatchObject({ total: 0, percentFinished: 100, isFinished: true, statusCounts: [], outcomeCounts: [] });
  });

  it('keeps a status or outcome it does not know rather than hiding orders', () => {
    const progress = groupProgress(group({ Complete: 2, OnHold: 1 }, { Pass: 1, Waived: 1 }));
    expect(progress.statusCounts).toEqual([['Complete', 2], ['OnHold', 1]]);
    expect(progress.outcomeCounts).toEqual([['Pass', 1], ['Waived', 1]]);
    expect(progress.isFinished).toBe(false);
  });
});
