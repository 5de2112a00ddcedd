// The company's figures for the home page that are not the drivers' own (those are counted by
// persons.repository.ts with the driver list's rules): orders of the last 30 days and open alerts.
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { driverAlerts, orders } from '../../db/schema.ts';

/** Orders created since `since`, counted by status and outcome (orders_created_idx finds them). */
export async function countOrdersSince(db: Executor, companyId: string, since: Date) {
  return db
    .select({ status: orders.status, outcome: orders.outcome, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), gte(orders.createdAt, since)))
    .groupBy(orders.status, orders.outcome);
}

/** Unacknowledged alerts by severity (the partial index driver_alerts_open_idx holds only those). */
export async function countOpenAlertsBySeverity(db: Executor, companyId: string) {
  return db
    .select({ severity: driverAlerts.severity, count: sql<number>`count(*)::int` })
    .from(driverAlerts)
    .where(and(eq(driverAlerts.companyId, companyId), isNull(driverAlerts.acknowledgedAt)))
    .groupBy(driverAlerts.severity);
}
