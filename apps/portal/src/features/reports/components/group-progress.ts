// The numbers of a report group's progress, worked out once for the page and its tests. They come
// from the group's counts (the whole group), never from the page of orders on screen.
import type { ReportGroup } from '@clearlane/contract/reports';

/** Statuses in the order an order passes through them, then the two ways it can end badly. */
export const STATUS_ORDER = ['New', 'Ordered', 'Received', 'Complete', 'Failed', 'Error'] as const;
export const OUTCOME_ORDER = ['Pass', 'Fail', 'Indeterminate', 'NoResults', 'NotFulfilled'] as const;
/** Completed orders without an outcome: plain MVRs and the other report kinds. */
export const NOT_ADJUDICATED = 'Not adjudicated';

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
  /** [outcome, count] of completed orders in OUTCOME_ORDER; NOT_ADJUDICATED for completed orders without one. */
  outcomeCounts: [string, number][];
}

const rankIn = (order: readonly string[]) => (value: string) => {
  const index = order.indexOf(value);
  return index === -1 ? order.length : index;
};
const byOutcomeRank = rankIn(OUTCOME_ORDER);

export function groupProgress(group: Pick<ReportGroup, 'progress'>): GroupProgress {
  const { total, finished, byStatus, byOutcome } = group.progress;
  const complete = byStatus.Complete ?? 0;
  const unsuccessful = (byStatus.Failed ?? 0) + (byStatus.Error ?? 0);
  const known = STATUS_ORDER.filter((status) => (byStatus[status] ?? 0) > 0).map((status) => [status, byStatus[status]!] as [string, number]);
  const unknown = Object.entries(byStatus).filter(([status, count]) => count > 0 && !(STATUS_ORDER as readonly string[]).includes(status));

  const outcomes = Object.entries(byOutcome).filter(([, count]) => count > 0);
  const adjudicated = outcomes.reduce((sum, [, count]) => sum + count, 0);
  const outcomeCounts = outcomes.sort((a, b) => byOutcomeRank(a[0]) - byOutcomeRank(b[0]));
  if (complete > adjudicated) outcomeCounts.push([NOT_ADJUDICATED, complete - adjudicated]);

  return {
    total,
    finished,
    complete,
    unsuccessful,
    // Rounded down, so 999 of 1,000 never reads as 100 %.
    percentFinished: total === 0 ? 100 : Math.floor((finished / total) * 100),
    isFinished: finished >= total,
    statusCounts: [...known, ...unknown],
    outcomeCounts,
  };
}
