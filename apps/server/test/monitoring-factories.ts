// Rows the monitoring API reads but does not write itself, inserted directly: alerts (the sweep
// raises them) and MVR orders in a chosen state (fulfilment completes them).
import { uuidv7 } from 'uuidv7';
import type { AlertChange, AlertChangeKind, AlertSeverity, AlertType } from '@clearlane/contract';
import type { Database } from '../src/db/client.ts';
import { driverAlerts, orders } from '../src/db/schema.ts';
import type { RuleResult } from '../src/adjudication/evaluate.ts';

export interface TestAlert {
  companyId: string;
  personId: string;
  type?: AlertType;
  changeKind?: AlertChangeKind;
  severity?: AlertSeverity;
  title?: string;
  createdAt?: Date;
  recheckOrderId?: string | null;
  outcomeBefore?: string | null;
  acknowledgedAt?: Date | null;
  acknowledgedBy?: string | null;
}

export const sampleChange = (overrides: Partial<AlertChange> = {}): AlertChange => ({
  summary: 'New moving violation: speeding 15 mph over the limit',
  values: [{ label: 'Moving violations (3 years)', before: '0', after: '1' }],
  violation: { date: '2026-11-01', convictionDate: '2026-11-10', code: 'S15', description: 'Speeding 15 mph over', category: 'MOVING', points: 2 },
  dmvAction: null,
  providerChangeId: `chg-${uuidv7()}`,
  detectedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export async function insertAlert(db: Database, alert: TestAlert) {
  const id = uuidv7();
  const change = sampleChange();
  await db.insert(driverAlerts).values({
    id,
    companyId: alert.companyId,
    personId: alert.personId,
    type: alert.type ?? 'MVR_MONITORING_ALERT',
    changeKind: alert.changeKind ?? 'NEW_VIOLATION',
    severity: alert.severity ?? 'MEDIUM',
    title: alert.title ?? 'New moving violation',
    dedupeKey: change.providerChangeId!,
    change,
    recheckOrderId: alert.recheckOrderId ?? null,
    outcomeBefore: alert.outcomeBefore ?? null,
    acknowledgedAt: alert.acknowledgedAt ?? null,
    acknowledgedBy: alert.acknowledgedBy ?? null,
    ...(alert.createdAt ? { createdAt: alert.createdAt } : {}),
  });
  return id;
}

export interface TestOrder {
  companyId: string;
  personId: string;
  type?: 'MVR' | 'MVR_WITH_ADJUDICATION' | 'VIN_REPORT';
  status?: string;
  outcome?: string | null;
  results?: RuleResult[];
  createdAt?: Date;
}

/** An order of a driver in the given state; `results` become its adjudication. */
export async function insertOrder(db: Database, order: TestOrder) {
  const id = uuidv7();
  const status = order.status ?? 'Complete';
  await db.insert(orders).values({
    id,
    companyId: order.companyId,
    personId: order.personId,
    type: order.type ?? 'MVR_WITH_ADJUDICATION',
    status,
    processingStatus: status === 'Complete' ? 'Complete' : 'Processing',
    outcome: order.outcome ?? null,
    input: {},
    subjectLabel: 'Test driver',
    adjudication: order.results
      ? { outcome: order.outcome, rulesetNamespace: 'default', results: order.results, decidingRuleIds: [], summary: '' }
      : null,
    completedAt: status === 'Complete' ? new Date() : null,
    ...(order.createdAt ? { createdAt: order.createdAt } : {}),
  });
  return id;
}

export const rule = (ruleId: string, passed: boolean | null, actual: number | string | null, description = `Rule ${ruleId}`): RuleResult =>
  ({ ruleId, description, passed, actual });
