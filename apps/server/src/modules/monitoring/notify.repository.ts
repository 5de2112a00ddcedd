// What the recheck, escalation and digest jobs read and write. Every function on a company's rows
// takes companyId and puts it first in its WHERE; the two that find which companies have work
// (companiesWith…) run for no company, as pg-boss's scheduled jobs do, and answer only what a mail
// needs of each company (no alert leaves them).
import { and, asc, count, eq, gte, inArray, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, driverAlerts, memberships, monitoringDigests, persons, users } from '../../db/schema.ts';

export const MONITORING_PLUGIN = 'monitoring';
/** A recheck places an order: without this plugin the company could not see it. */
export const ORDERS_PLUGIN = 'orders';

/** The roles that act on alerts (manage Monitoring): they are the ones mailed about them. */
export const ALERT_MAIL_ROLES = ['Company Admin', 'Manager'] as const;

export interface CompanyToNotify {
  id: string;
  name: string;
  tenantIdentifier: string;
  customDomains: string[];
}

const companyColumns = { id: companies.id, name: companies.name, tenantIdentifier: companies.tenantIdentifier, customDomains: companies.customDomains };
const hasMonitoring = sql`${companies.plugins} @> array[${MONITORING_PLUGIN}]::text[]`;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Companies with the monitoring plugin and an unacknowledged alert raised at or before `raisedBy`
 * that is not yet at the last level (`belowLevel`): those escalated for good are not work.
 */
export async function companiesWithOpenAlerts(db: Executor, raisedBy: Date, belowLevel: number): Promise<CompanyToNotify[]> {
  return db.select(companyColumns).from(companies).where(and(hasMonitoring, sql`exists (
    select 1 from ${driverAlerts} where ${driverAlerts.companyId} = ${companies.id} and ${driverAlerts.acknowledgedAt} is null
      and ${driverAlerts.createdAt} <= ${at(raisedBy)} and ${driverAlerts.escalatedAfterDays} < ${belowLevel})`)).orderBy(asc(companies.id));
}

/** Companies with the monitoring plugin and an alert raised in [from, to). */
export async function companiesWithAlertsRaised(db: Executor, from: Date, to: Date): Promise<CompanyToNotify[]> {
  return db.select(companyColumns).from(companies).where(and(hasMonitoring, sql`exists (
    select 1 from ${driverAlerts} where ${driverAlerts.companyId} = ${companies.id}
      and ${driverAlerts.createdAt} >= ${at(from)} and ${driverAlerts.createdAt} < ${at(to)})`)).orderBy(asc(companies.id));
}

export async function findCompanyToNotify(db: Executor, companyId: string): Promise<(CompanyToNotify & { plugins: string[] }) | undefined> {
  const [row] = await db.select({ ...companyColumns, plugins: companies.plugins }).from(companies).where(eq(companies.id, companyId));
  return row;
}

export interface Recipient {
  email: string;
  firstName: string;
}

/** The company's enabled Company Admins and Managers (ALERT_MAIL_ROLES). */
export async function alertRecipients(db: Executor, companyId: string): Promise<Recipient[]> {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), inArray(memberships.role, [...ALERT_MAIL_ROLES]), isNull(memberships.disabledAt), ne(users.status, 'DISABLED')))
    .orderBy(asc(users.email));
}

// --- alerts ---

export async function findAlert(db: Executor, companyId: string, alertId: string) {
  const [row] = await db
    .select({ id: driverAlerts.id, personId: driverAlerts.personId, title: driverAlerts.title, changeKind: driverAlerts.changeKind, recheckOrderId: driverAlerts.recheckOrderId })
    .from(driverAlerts)
    .where(and(eq(driverAlerts.companyId, companyId), eq(driverAlerts.id, alertId)));
  return row;
}

/** Locks the alert while it has no recheck order, so two runs of its job place one order between them. */
export async function lockAlertWithoutRecheck(db: Executor, companyId: string, alertId: string): Promise<boolean> {
  const rows = await db
    .select({ id: driverAlerts.id })
    .from(driverAlerts)
    .where(and(eq(driverAlerts.companyId, companyId), eq(driverAlerts.id, alertId), isNull(driverAlerts.recheckOrderId)))
    .for('update');
  return rows.length > 0;
}

/** Sets the recheck order only while there is none: false when another run set it first. */
export async function setRecheckOrder(db: Executor, companyId: string, alertId: string, orderId: string, outcomeBefore: string | null): Promise<boolean> {
  const rows = await db
    .update(driverAlerts)
    .set({ recheckOrderId: orderId, outcomeBefore })
    .where(and(eq(driverAlerts.companyId, companyId), eq(driverAlerts.id, alertId), isNull(driverAlerts.recheckOrderId)))
    .returning({ id: driverAlerts.id });
  return rows.length > 0;
}

/** An alert as a mail lists it. */
export interface AlertLine {
  id: string;
  personId: string;
  personName: string;
  severity: string;
  title: string;
  createdAt: Date;
  escalatedAfterDays: number;
  acknowledged: boolean;
}

const alertLineColumns = {
  id: driverAlerts.id,
  personId: driverAlerts.personId,
  personName: sql<string>`${persons.firstName} || ' ' || ${persons.lastName}`,
  severity: driverAlerts.severity,
  title: driverAlerts.title,
  createdAt: driverAlerts.createdAt,
  escalatedAfterDays: driverAlerts.escalatedAfterDays,
  acknowledged: sql<boolean>`(${driverAlerts.acknowledgedAt} is not null)`,
};

/** HIGH first, then MEDIUM, then LOW; oldest first within a severity. */
const bySeverity = [sql`case ${driverAlerts.severity} when 'HIGH' then 0 when 'MEDIUM' then 1 else 2 end`, asc(driverAlerts.createdAt), asc(driverAlerts.id)];

const alertLines = (db: Executor, where: SQL | undefined) =>
  db.select(alertLineColumns).from(driverAlerts)
    .innerJoin(persons, and(eq(persons.companyId, driverAlerts.companyId), eq(persons.id, driverAlerts.personId)))
    .where(where);

/**
 * Escalates the company's unacknowledged alerts to the highest of `levels` (days) their age at
 * `now` has reached, only where that is above what they were escalated at: one statement, so a
 * repeated or concurrent run finds nothing left to escalate. Answers the escalated alerts.
 */
export interface EscalatedAlert {
  id: string;
  personId: string;
  severity: string;
  title: string;
  createdAt: Date;
  escalatedAfterDays: number;
}

export async function escalateOpenAlerts(db: Executor, companyId: string, levels: readonly number[], now: Date): Promise<EscalatedAlert[]> {
  const descending = [...levels].sort((a, b) => b - a);
  const raisedBy = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const level = sql`(case ${sql.join(descending.map((days) => sql`when ${driverAlerts.createdAt} <= ${at(raisedBy(days))} then ${days}`), sql` `)} else 0 end)`;
  return db
    .update(driverAlerts)
    .set({ escalatedAfterDays: sql`${level}::smallint` })
    .where(and(
      eq(driverAlerts.companyId, companyId), isNull(driverAlerts.acknowledgedAt),
      lte(driverAlerts.createdAt, raisedBy(descending.at(-1)!)), lt(driverAlerts.escalatedAfterDays, sql`${level}`),
    ))
    .returning({
      id: driverAlerts.id, personId: driverAlerts.personId, severity: driverAlerts.severity, title: driverAlerts.title,
      createdAt: driverAlerts.createdAt, escalatedAfterDays: driverAlerts.escalatedAfterDays,
    });
}

export async function alertLinesByIds(db: Executor, companyId: string, ids: string[]): Promise<AlertLine[]> {
  if (ids.length === 0) return [];
  return alertLines(db, and(eq(driverAlerts.companyId, companyId), inArray(driverAlerts.id, ids))).orderBy(...bySeverity);
}

/** The alerts raised in [from, to), at most `limit` of them (most severe first), and how many there are. */
export async function alertsRaised(db: Executor, companyId: string, from: Date, to: Date, limit: number): Promise<{ lines: AlertLine[]; total: number; bySeverity: Record<string, number> }> {
  const inRange = and(eq(driverAlerts.companyId, companyId), gte(driverAlerts.createdAt, from), lt(driverAlerts.createdAt, to));
  const counts = await db.select({ severity: driverAlerts.severity, value: count() }).from(driverAlerts).where(inRange).groupBy(driverAlerts.severity);
  const total = counts.reduce((sum, row) => sum + Number(row.value), 0);
  const lines = total === 0 ? [] : await alertLines(db, inRange).orderBy(...bySeverity).limit(limit);
  return { lines, total, bySeverity: Object.fromEntries(counts.map((row) => [row.severity, Number(row.value)])) };
}

// --- the digest's ledger ---

/** Records the day's digest of the company; false when it was recorded already (by this job or a concurrent one). */
export async function recordDigest(db: Executor, companyId: string, digestDate: string, alertCount: number): Promise<boolean> {
  const rows = await db.insert(monitoringDigests).values({ companyId, digestDate, alertCount }).onConflictDoNothing().returning({ companyId: monitoringDigests.companyId });
  return rows.length > 0;
}
