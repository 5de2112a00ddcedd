// GET /company/me/metrics: the home page's figures (docs/DECISIONS.md "Company metrics").
import {
  ALERT_SEVERITIES, ORDER_RESULT_STATUSES, OUTCOMES, type AlertSeverity, type CompanyMetrics, type OrderStatus, type Outcome,
} from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { summariseCompanyDrivers } from '../persons/persons.repository.ts';
import { countOpenAlertsBySeverity, countOrdersSince } from './metrics.repository.ts';

export const ORDERS_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Counts in the contract's order of keys; a key nobody has counts 0, an unknown one is left out. */
function tally<K extends string>(keys: readonly K[], rows: { key: string | null; count: number }[]): Map<K, number> {
  const counts = new Map<K, number>(keys.map((key) => [key, 0]));
  for (const row of rows) {
    if (row.key !== null && counts.has(row.key as K)) counts.set(row.key as K, counts.get(row.key as K)! + row.count);
  }
  return counts;
}

export class MetricsService {
  constructor(private readonly db: Database, private readonly now: () => Date = () => new Date()) {}

  async companyMetrics(principal: Principal): Promise<CompanyMetrics> {
    assertCan(principal, 'view', 'Driver');
    const now = this.now();
    const companyId = principal.companyId;
    // Monitoring figures belong to the monitoring feature: a company without it (or that switched it
    // off) sees zeros, not what rows were left from when it was on.
    const monitoring = principal.plugins.includes('monitoring');
    const [drivers, orderRows, alertRows] = await Promise.all([
      summariseCompanyDrivers(this.db, companyId, now.toISOString().slice(0, 10)),
      countOrdersSince(this.db, companyId, new Date(now.getTime() - ORDERS_WINDOW_DAYS * DAY_MS)),
      monitoring ? countOpenAlertsBySeverity(this.db, companyId) : Promise.resolve([]),
    ]);
    const byStatus = tally<OrderStatus>(ORDER_RESULT_STATUSES, orderRows.map((row) => ({ key: row.status, count: row.count })));
    const byOutcome = tally<Outcome>(OUTCOMES, orderRows.map((row) => ({ key: row.outcome, count: row.count })));
    const alerts = tally<AlertSeverity>(ALERT_SEVERITIES, alertRows.map((row) => ({ key: row.severity, count: row.count })));
    return {
      asOf: now.toISOString(),
      drivers: drivers.drivers,
      monitoredDrivers: monitoring ? drivers.monitored : 0,
      pendingEnrolments: monitoring ? drivers.pending : 0,
      openAlerts: { HIGH: alerts.get('HIGH')!, MEDIUM: alerts.get('MEDIUM')!, LOW: alerts.get('LOW')! },
      qualification: { QUALIFIED: drivers.qualified, ATTENTION: drivers.attention, NOT_QUALIFIED: drivers.notQualified },
      annualReviews: { due: drivers.reviewsDue, overdue: drivers.reviewsOverdue },
      ordersLast30Days: {
        total: orderRows.reduce((sum, row) => sum + row.count, 0),
        byStatus: [...byStatus].map(([status, count]) => ({ status, count })),
        byOutcome: [...byOutcome].map(([outcome, count]) => ({ outcome, count })),
      },
    };
  }
}
