// Driver alerts of one company: the list with its filters and sorts, one alert, and acknowledging
// it. The sweep raises them; this file only reads and acknowledges.
import { and, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AlertSeverity, AlertSortField, AlertType, SortTerm } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { readCountedPage } from '../../db/capped-count.ts';
import { driverAlerts, persons, users } from '../../db/schema.ts';
import { inDirection } from '../../db/sort-order.ts';

/** HIGH > MEDIUM > LOW: sorting by severity descending puts the most serious first. */
const severityRank = sql`case ${driverAlerts.severity} when 'HIGH' then 3 when 'MEDIUM' then 2 else 1 end`;

const SORT_COLUMNS: Record<AlertSortField, SQL | typeof driverAlerts.createdAt> = {
  createdAt: driverAlerts.createdAt,
  severity: severityRank,
  // As the driver list sorts names: last name, then first name.
  personName: sql`lower(${persons.lastName} || ' ' || ${persons.firstName})`,
  acknowledgedAt: sql`${driverAlerts.acknowledgedAt}`,
};

const alertColumns = {
  id: driverAlerts.id,
  personId: driverAlerts.personId,
  firstName: persons.firstName,
  middleName: persons.middleName,
  lastName: persons.lastName,
  type: driverAlerts.type,
  changeKind: driverAlerts.changeKind,
  severity: driverAlerts.severity,
  title: driverAlerts.title,
  createdAt: driverAlerts.createdAt,
  acknowledgedAt: driverAlerts.acknowledgedAt,
  acknowledgedBy: driverAlerts.acknowledgedBy,
  acknowledgedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  escalatedAfterDays: driverAlerts.escalatedAfterDays,
};

const detailColumns = {
  ...alertColumns,
  acknowledgementNote: driverAlerts.acknowledgementNote,
  change: driverAlerts.change,
  recheckOrderId: driverAlerts.recheckOrderId,
  outcomeBefore: driverAlerts.outcomeBefore,
  annualReviewId: driverAlerts.annualReviewId,
};

/**
 * Unacknowledged alerts (no acknowledgedAt) come last either way. Only that column gets NULLS LAST:
 * on the others it would keep the (company, created, id) index from serving the default order.
 */
function orderBy(term: SortTerm<AlertSortField>): SQL {
  const column = SORT_COLUMNS[term.field];
  if (term.field === 'acknowledgedAt') return term.direction === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  return inDirection(term.direction, column);
}

export interface AlertListQuery {
  companyId: string;
  page: number;
  size: number;
  sort: SortTerm<AlertSortField>[];
  acknowledged?: boolean;
  type?: AlertType;
  severity?: AlertSeverity;
  personId?: string;
  from?: Date;
  /** Exclusive upper bound. */
  toExclusive?: Date;
}

export async function listAlerts(db: Executor, query: AlertListQuery) {
  const conditions: SQL[] = [eq(driverAlerts.companyId, query.companyId)];
  if (query.acknowledged !== undefined) conditions.push(query.acknowledged ? isNotNull(driverAlerts.acknowledgedAt) : isNull(driverAlerts.acknowledgedAt));
  if (query.type) conditions.push(eq(driverAlerts.type, query.type));
  if (query.severity) conditions.push(eq(driverAlerts.severity, query.severity));
  if (query.personId) conditions.push(eq(driverAlerts.personId, query.personId));
  if (query.from) conditions.push(gte(driverAlerts.createdAt, query.from));
  if (query.toExclusive) conditions.push(lt(driverAlerts.createdAt, query.toExclusive));
  const where = and(...conditions);
  const ordering = [
    ...(query.sort.length > 0 ? query.sort : [{ field: 'createdAt' as const, direction: 'desc' as const }]).map(orderBy),
    desc(driverAlerts.id),
  ];
  const offset = query.page * query.size;
  return readCountedPage(db, { matching: db.select({ one: sql`1` }).from(driverAlerts).where(where), offset }, (matchingCount) =>
    db
      .select({ ...alertColumns, matchingCount })
      .from(driverAlerts)
      .innerJoin(persons, and(eq(persons.companyId, driverAlerts.companyId), eq(persons.id, driverAlerts.personId)))
      .leftJoin(users, eq(users.id, driverAlerts.acknowledgedBy))
      .where(where)
      .orderBy(...ordering)
      .limit(query.size)
      .offset(offset),
  );
}

/** One alert of one driver of the company; another driver's or company's alert is not there. */
export async function findAlert(db: Executor, companyId: string, personId: string, alertId: string) {
  const [row] = await db
    .select(detailColumns)
    .from(driverAlerts)
    .innerJoin(persons, and(eq(persons.companyId, driverAlerts.companyId), eq(persons.id, driverAlerts.personId)))
    .leftJoin(users, eq(users.id, driverAlerts.acknowledgedBy))
    .where(and(eq(driverAlerts.companyId, companyId), eq(driverAlerts.personId, personId), eq(driverAlerts.id, alertId)));
  return row;
}

export type AlertRow = Awaited<ReturnType<typeof listAlerts>>['rows'][number];
export type AlertDetailRow = NonNullable<Awaited<ReturnType<typeof findAlert>>>;

/**
 * Acknowledges the alert unless it already is: the first acknowledgement is kept, whoever comes
 * second (two Managers at once included). Returns whether this call acknowledged it.
 */
export async function acknowledgeAlert(db: Executor, companyId: string, personId: string, alertId: string, by: { userId: string; note: string | null }) {
  const rows = await db
    .update(driverAlerts)
    .set({ acknowledgedAt: sql`now()`, acknowledgedBy: by.userId, acknowledgementNote: by.note })
    .where(and(eq(driverAlerts.companyId, companyId), eq(driverAlerts.personId, personId), eq(driverAlerts.id, alertId), isNull(driverAlerts.acknowledgedAt)))
    .returning({ id: driverAlerts.id });
  return rows.length > 0;
}

export async function linkAnnualReview(db: Executor, companyId: string, alertId: string, annualReviewId: string) {
  await db.update(driverAlerts).set({ annualReviewId }).where(and(eq(driverAlerts.companyId, companyId), eq(driverAlerts.id, alertId)));
}
