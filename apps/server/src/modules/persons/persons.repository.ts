// Drivers (persons) of one company. Every function takes companyId and puts it first in its WHERE:
// a driver of another company is simply not there (midday's habit, STYLE.md).
import { and, asc, eq, ilike, is, ne, not, or, SQL, sql, type AnyColumn } from 'drizzle-orm';
import {
  normalizeLicenceNumber, type PersonMonitoringFilter, type PersonSortField, type QualificationStatus, type SortTerm, type UsStateCode,
} from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { readCountedPage } from '../../db/capped-count.ts';
import { persons } from '../../db/schema.ts';
import { inDirection } from '../../db/sort-order.ts';
import {
  hasOpenAlerts, lastMvrDate, monitoringCondition, qualificationColumns, driverQualification, qualificationRank, qualificationStatus, reviewDueKey,
  reviewDueOrOverdue, reviewDueSoon, reviewOverdue, todayUtc, withoutJit,
} from './driver-qualification.ts';

// Plain columns, so that the (company, last name, first name, id) and (company, created, id)
// indexes serve the common orders. The qualification's are computed (driver-qualification.ts).
const SORT_COLUMNS: Record<PersonSortField, AnyColumn | SQL> = {
  lastName: persons.lastName,
  firstName: persons.firstName,
  createdAt: persons.createdAt,
  licenceState: persons.licenceState,
  dateOfBirth: persons.dateOfBirth,
  qualification: qualificationRank,
  annualReviewDueOn: reviewDueKey,
  lastMvrDate,
};

/** What a company may see of a driver: never companyId or who created the row. */
const personColumns = {
  id: persons.id,
  firstName: persons.firstName,
  middleName: persons.middleName,
  lastName: persons.lastName,
  dateOfBirth: persons.dateOfBirth,
  licenceNumber: persons.licenceNumber,
  licenceState: persons.licenceState,
  email: persons.email,
  phone: persons.phone,
  externalId: persons.externalId,
  monitoringTypes: persons.monitoringTypes,
  licenceExpiresOn: persons.licenceExpiresOn,
  medicalCertificateExpiresOn: persons.medicalCertificateExpiresOn,
  createdAt: persons.createdAt,
  updatedAt: persons.updatedAt,
};

/** The driver with its qualification and enrolments: the Person answer's every column. */
const personAnswerColumns = { ...personColumns, ...qualificationColumns };


/** The editable fields, as the service hands them over (optional ones already null when absent). */
export interface PersonValues {
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string;
  licenceNumber: string;
  licenceState: UsStateCode;
  email: string | null;
  phone: string | null;
  externalId: string | null;
  licenceExpiresOn: string | null;
  medicalCertificateExpiresOn: string | null;
}

export interface PersonListQuery {
  companyId: string;
  page: number;
  size: number;
  sort: SortTerm<PersonSortField>[];
  filter?: string;
  licenceState?: UsStateCode;
  qualification?: QualificationStatus;
  monitoring?: PersonMonitoringFilter;
  reviewDue?: boolean;
  openAlerts?: boolean;
  /** Today (YYYY-MM-DD); tests pass another day. */
  asOf?: string;
}

/**
 * Plain columns order as their indexes do. A computed one puts a driver without the date (no MVR,
 * nothing due) after those with one, whichever the direction.
 */
const orderOf = (column: AnyColumn | SQL, direction: 'asc' | 'desc') =>
  is(column, SQL)
    ? sql`${column} ${sql.raw(direction)} nulls last`
    : inDirection(direction, column);

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listCompanyPersons(db: Executor, query: PersonListQuery) {
  const conditions: SQL[] = [eq(persons.companyId, query.companyId)];
  if (query.filter) {
    const pattern = likePattern(query.filter);
    const matches: SQL[] = [
      ilike(persons.firstName, pattern),
      ilike(persons.lastName, pattern),
      ilike(sql`${persons.firstName} || ' ' || ${persons.lastName}`, pattern),
      ilike(persons.externalId, pattern),
    ];
    // Licence numbers are stored normalised; "d123-4567" should find D1234567.
    const licence = normalizeLicenceNumber(query.filter);
    if (licence.length > 0) matches.push(ilike(persons.licenceNumber, likePattern(licence)));
    conditions.push(or(...matches)!);
  }
  if (query.licenceState) conditions.push(eq(persons.licenceState, query.licenceState));
  // Filters on the qualification need its joins for the count too; the others count persons alone.
  const qualified: SQL[] = [];
  if (query.qualification) qualified.push(eq(qualificationStatus, query.qualification));
  if (query.monitoring) qualified.push(monitoringCondition(query.monitoring));
  if (query.reviewDue !== undefined) qualified.push(query.reviewDue ? reviewDueOrOverdue : not(reviewDueOrOverdue));
  if (query.openAlerts !== undefined) qualified.push(query.openAlerts ? hasOpenAlerts : not(hasOpenAlerts));
  const where = and(...conditions, ...qualified);
  const qualification = driverQualification(query.asOf ?? todayUtc());
  const order = query.sort.length > 0 ? query.sort : [{ field: 'createdAt' as const, direction: 'desc' as const }];
  const offset = query.page * query.size;
  const readPage = (executor: Executor) => {
    const matching = qualified.length > 0
      ? executor.select({ one: sql`1` }).from(persons).crossJoinLateral(qualification).where(where)
      : executor.select({ one: sql`1` }).from(persons).where(where);
    return readCountedPage(executor, { matching, offset }, (matchingCount) =>
      executor
        .select({ ...personAnswerColumns, matchingCount })
        .from(persons)
        .crossJoinLateral(qualification)
        .where(where)
        .orderBy(...order.map((term) => orderOf(SORT_COLUMNS[term.field], term.direction)), asc(persons.id))
        .limit(query.size)
        .offset(offset),
    );
  };
  // Filtering or sorting by the qualification judges every driver of the company.
  const judgesAll = qualified.length > 0 || order.some((term) => is(SORT_COLUMNS[term.field], SQL));
  return judgesAll ? withoutJit(db, readPage) : readPage(db);
}

export async function findCompanyPerson(db: Executor, companyId: string, personId: string, asOf = todayUtc()) {
  const [row] = await db
    .select(personAnswerColumns)
    .from(persons)
    .crossJoinLateral(driverQualification(asOf))
    .where(and(eq(persons.companyId, companyId), eq(persons.id, personId)));
  return row;
}

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * The company's drivers counted by qualification, annual review and monitoring (the home page's
 * metrics), with the same rules as the driver list's filters, so each figure links to its list.
 */
export async function summariseCompanyDrivers(db: Executor, companyId: string, asOf = todayUtc()) {
  const [row] = await withoutJit(db, (tx) => tx
    .select({
      drivers: sql<number>`count(*)::int`,
      qualified: countWhere(eq(qualificationStatus, 'QUALIFIED')),
      attention: countWhere(eq(qualificationStatus, 'ATTENTION')),
      notQualified: countWhere(eq(qualificationStatus, 'NOT_QUALIFIED')),
      reviewsDue: countWhere(reviewDueSoon),
      reviewsOverdue: countWhere(reviewOverdue),
      monitored: countWhere(monitoringCondition('ENROLLED')),
      pending: countWhere(monitoringCondition('PENDING')),
    })
    .from(persons)
    .crossJoinLateral(driverQualification(asOf))
    .where(eq(persons.companyId, companyId)));
  return row!;
}

/** The company's driver holding this licence, if any (other than `exceptPersonId`). */
export async function findPersonIdByLicence(db: Executor, companyId: string, licence: { licenceState: string; licenceNumber: string }, exceptPersonId?: string) {
  const [row] = await db
    .select({ id: persons.id })
    .from(persons)
    .where(and(
      eq(persons.companyId, companyId),
      eq(persons.licenceState, licence.licenceState),
      eq(persons.licenceNumber, licence.licenceNumber),
      ...(exceptPersonId ? [ne(persons.id, exceptPersonId)] : []),
    ));
  return row?.id;
}

export async function personExists(db: Executor, companyId: string, personId: string) {
  const [row] = await db.select({ id: persons.id }).from(persons).where(and(eq(persons.companyId, companyId), eq(persons.id, personId)));
  return row !== undefined;
}

export async function insertPerson(db: Executor, values: PersonValues & { id: string; companyId: string; createdBy: string }) {
  await db.insert(persons).values(values);
}

/** False when the company has no such driver. */
export async function updateCompanyPerson(db: Executor, companyId: string, personId: string, values: PersonValues) {
  const rows = await db
    .update(persons)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(persons.companyId, companyId), eq(persons.id, personId)))
    .returning({ id: persons.id });
  return rows.length > 0;
}

/** A row as the company may see it. */
export type PersonRow = NonNullable<Awaited<ReturnType<typeof findCompanyPerson>>>;
