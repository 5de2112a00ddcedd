// The home page's view of the company's figures (GET /company/me/metrics): open alerts by severity,
// drivers by qualification, orders of the last 30 days by status and outcome — each row with what
// the list it links to is filtered by. UI-free, so it is tested alone.
import type { AlertSeverity, CompanyMetrics, QualificationStatus } from '@clearlane/contract/monitoring';
import type { OrderStatus, Outcome } from '@clearlane/contract/orders';
import {
  ALERT_SEVERITY_OPTIONS, QUALIFICATION_COLORS, QUALIFICATION_LABELS, QUALIFICATION_OPTIONS, SEVERITY_COLORS, SEVERITY_LABELS,
} from '../../../lib/monitoring-labels.ts';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS, OUTCOME_COLORS, OUTCOME_LABELS } from '../../../lib/order-labels.ts';
import type { CountRow } from './count-rows.ts';

export interface SeverityRow extends CountRow {
  severity: AlertSeverity;
}
export interface QualificationRow extends CountRow {
  qualification: QualificationStatus;
}
export interface OrderCountRow extends CountRow {
  /** The /orders filter of the row: a status or an outcome, from the first day of the period. */
  search: { status?: OrderStatus; outcome?: Outcome; from: string };
}

export interface Compliance {
  drivers: number;
  monitoredDrivers: number;
  pendingEnrolments: number;
  openAlerts: number;
  severities: SeverityRow[];
  qualification: QualificationRow[];
  reviewsDue: number;
  reviewsOverdue: number;
  orders: { total: number; from: string; byStatus: OrderCountRow[]; byOutcome: OrderCountRow[] };
}

const ORDER_STATUSES: readonly OrderStatus[] = ['New', 'Ordered', 'Received', 'Complete', 'Failed', 'Error'];
const OUTCOMES: readonly Outcome[] = ['Pass', 'Fail', 'Indeterminate', 'NoResults', 'NotFulfilled'];
const PERIOD_DAYS = 30;

/** The first day (UTC calendar date) of the 30 days before `asOf`: the order list's "Ordered from". */
export const periodStart = (asOf: string) => new Date(Date.parse(asOf) - PERIOD_DAYS * 86_400_000).toISOString().slice(0, 10);

export function complianceOf(metrics: CompanyMetrics): Compliance {
  const from = periodStart(metrics.asOf);
  const statusCount = new Map(metrics.ordersLast30Days.byStatus.map(({ status, count }) => [status, count]));
  const outcomeCount = new Map(metrics.ordersLast30Days.byOutcome.map(({ outcome, count }) => [outcome, count]));
  return {
    drivers: metrics.drivers,
    monitoredDrivers: metrics.monitoredDrivers,
    pendingEnrolments: metrics.pendingEnrolments,
    openAlerts: ALERT_SEVERITY_OPTIONS.reduce((total, severity) => total + metrics.openAlerts[severity], 0),
    // Every severity and status is listed, even at zero: "no high alerts" is news too.
    severities: ALERT_SEVERITY_OPTIONS.map((severity) => ({
      key: severity,
      severity,
      label: SEVERITY_LABELS[severity],
      count: metrics.openAlerts[severity],
      color: SEVERITY_COLORS[severity],
    })),
    qualification: QUALIFICATION_OPTIONS.map((qualification) => ({
      key: qualification,
      qualification,
      label: QUALIFICATION_LABELS[qualification],
      count: metrics.qualification[qualification],
      color: QUALIFICATION_COLORS[qualification],
    })),
    reviewsDue: metrics.annualReviews.due,
    reviewsOverdue: metrics.annualReviews.overdue,
    orders: {
      total: metrics.ordersLast30Days.total,
      from,
      byStatus: ORDER_STATUSES.map((status) => ({
        key: status,
        label: ORDER_STATUS_LABELS[status],
        count: statusCount.get(status) ?? 0,
        color: ORDER_STATUS_COLORS[status],
        search: { status, from },
      })),
      byOutcome: OUTCOMES.map((outcome) => ({
        key: outcome,
        label: OUTCOME_LABELS[outcome],
        count: outcomeCount.get(outcome) ?? 0,
        color: OUTCOME_COLORS[outcome],
        search: { outcome, from },
      })),
    },
  };
}
