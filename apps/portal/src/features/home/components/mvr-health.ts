// The home page's view of MVR order health: the server's counts (by status, by outcome) turned into
// the rows a compliance user reads at a glance — how finished orders came out, what is still on its
// way, what went wrong — each with the order list filtered to it. UI-free, so it is tested alone.
import type { MvrMetrics, OrderStatus, OrderType, Outcome } from '@clearlane/contract/orders';
import type { CountRow } from './count-rows.ts';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS, OUTCOME_COLORS, OUTCOME_LABELS } from '../../../lib/order-labels.ts';

/** The /orders search a row links to (the order list keeps its filters in the URL). */
export interface OrdersLinkSearch {
  outcome?: Outcome;
  status?: OrderStatus;
  /** The MVR types, so a row lists the MVRs it counts and no other order of that status or outcome. */
  type: OrderType | OrderType[];
  isReviewed?: boolean;
  /** The first day of the period (UTC calendar date, as the list's "Ordered from" filter). */
  from: string;
}

export interface HealthRow extends CountRow {
  search: OrdersLinkSearch;
}

export interface MvrHealth {
  from: string;
  to: string;
  total: number;
  completed: number;
  /** New, Ordered or Received: still on their way. */
  pending: number;
  /** Failed or Error: ended without a report. */
  errored: number;
  averageTurnaroundSeconds: number | null;
  /** Completed orders by outcome, every outcome listed (a zero says something too). */
  outcomes: HealthRow[];
  /** Completed MVRs nobody adjudicated have no outcome: listed only when there are some. */
  notAdjudicated: HealthRow | null;
  /** Orders on their way, then those that ended without a report. */
  unfinished: HealthRow[];
  /** The order list of the period's completed MVRs nobody has marked reviewed yet. */
  notReviewed: OrdersLinkSearch;
}

/** Both kinds of MVR order (with and without automatic adjudication): the figures count both. */
const MVR_TYPES: OrderType[] = ['MVR', 'MVR_WITH_ADJUDICATION'];

const OUTCOMES: readonly Outcome[] = ['Pass', 'Fail', 'Indeterminate', 'NoResults', 'NotFulfilled'];
const PENDING: readonly OrderStatus[] = ['New', 'Ordered', 'Received'];
const ERRORED: readonly OrderStatus[] = ['Failed', 'Error'];

const sum = (counts: Record<string, number>, keys: readonly string[]) => keys.reduce((total, key) => total + (counts[key] ?? 0), 0);

export function mvrHealthOf(metrics: MvrMetrics): MvrHealth {
  const from = metrics.from.slice(0, 10);
  const completed = metrics.byStatus.Complete ?? 0;
  const outcomes = OUTCOMES.map((outcome) => ({
    key: outcome,
    label: OUTCOME_LABELS[outcome],
    count: metrics.byOutcome[outcome] ?? 0,
    color: OUTCOME_COLORS[outcome],
    search: { type: MVR_TYPES, outcome, from },
  }));
  // An order gets its outcome when it completes; a completed MVR without one was not adjudicated
  // automatically (type MVR) and found a record.
  const withOutcome = sum(metrics.byOutcome, OUTCOMES);
  const notAdjudicatedCount = Math.max(0, completed - withOutcome);
  const statusRow = (status: OrderStatus): HealthRow => ({
    key: status,
    label: ORDER_STATUS_LABELS[status],
    count: metrics.byStatus[status] ?? 0,
    color: ORDER_STATUS_COLORS[status],
    search: { type: MVR_TYPES, status, from },
  });
  return {
    from: metrics.from,
    to: metrics.to,
    total: metrics.total,
    completed,
    pending: sum(metrics.byStatus, PENDING),
    errored: sum(metrics.byStatus, ERRORED),
    averageTurnaroundSeconds: metrics.averageTurnaroundSeconds,
    outcomes,
    notAdjudicated:
      notAdjudicatedCount > 0
        ? { key: 'NotAdjudicated', label: 'Not adjudicated', count: notAdjudicatedCount, color: 'gray.6', search: { type: 'MVR', status: 'Complete', from } }
        : null,
    unfinished: [...PENDING, ...ERRORED].map(statusRow),
    notReviewed: { type: MVR_TYPES, status: 'Complete', isReviewed: false, from },
  };
}

/** 0.3 → "0.3 s", 95 → "1 min 35 s", 7260 → "2 h 1 min": a turnaround people read. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Number(seconds.toFixed(1))} s`;
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
}
