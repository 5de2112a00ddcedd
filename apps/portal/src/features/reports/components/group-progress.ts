// The numbers of a report group's progress, worked out once for the page and its tests.
import type { ReportGroup } from '@clearlane/contract/reports';

/** Statuses in the order an order passes through them, then the two ways it can end badly. */
export const STATUS_ORDER = ['New', 'Ordered', 'Received', 'Complete', 'Failed', 'Error'] as const;
export const OUTCOME_ORDER = ['Pass', 'Fail', 'Indeterminate', 'NoResults', 'NotFulfilled'] as const;

export interface GroupProgress {
  total: number;
  finished: number;
  complete: number;
  /** Failed or Error: finished without a report. */
  unsuccessful: number;
  percentFinished: number;
  isFinished: boolean;
  /** [status, count] in STATUS_ORDER, then any status we do not know, only those with orders. */
  statusCounts: [string, number][];
  /** [outcome, count] of completed orders; "Not adjudicated" for completed orders without one. */
  outcomeCounts: [string, number][];
}

export function groupProgress(group: Pick<ReportGroup, 'progress' | 'orders'>): GroupProgress {
  const { total, finished, byStatus } = group.progress;
  const complete = byStatus.Complete ?? 0;
  const unsuccessful = (byStatus.Failed ?? 0) + (byStatus.Error ?? 0);
  const known = STATUS_ORDER.filter((status) => (byStatus[status] ?? 0) > 0).map((status) => [status, byStatus[status]!] as [string, number]);
  const unknown = Object.entries(byStatus).filter(([status, count]) => count > 0 && !(STATUS_ORDER as readonly string[]).includes(status));

  const outcomes = new Map<string, number>();
  for (const order of group.orders) {
    if (order.status !== 'Complete') continue;
    const key = order.outcome ?? 'Not adjudicated';
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }
  const rank = (outcome: string) => {
    const index = (OUTCOME_ORDER as readonly string[]).indexOf(outcome);
    return index === -1 ? OUTCOME_ORDER.length : index;
  };

  return {
    total,
    finished,
    complete,
    unsuccessful,
    // Rounded down, so 999 of 1,000 never reads as 100 %.
    percentFinished: total === 0 ? 100 : Math.floor((finished / total) * 100),
    isFinished: finished >= total,
    statusCounts: [...known, ...unknown],
    outcomeCounts: [...outcomes.entries()].sort((a, b) => rank(a[0]) - rank(b[0])),
  };
}
