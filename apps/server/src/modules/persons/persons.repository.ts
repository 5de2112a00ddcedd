// Drivers (persons) of one company. Every function takes companyId and puts it first in its WHERE:
// a driver of another company is simply not there (midday's habit, STYLE.md).
import { and, asc, desc, eq, ilike, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { normalizeLicenceNumber, type PersonSortField, type SortTerm, type UsStateCode } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { readCountedPage } from '../../db/capped-count.ts';
import { persons } from '../../db/schema.ts';

// Plain columns, so that the (company, last name, first name, id) and (company, created, id)
// indexes serve the common orders.
const SORT_COLUMNS: Record<PersonSortField, AnyColumn> = {
  lastName: persons.lastName,
  firstName: persons.firstName,
  createdAt: persons.createdAt,
  licenceState: persons.licenceState,
  dateOfBirth: persons.dateOfBirth,
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
  createdAt: persons.createdAt,
  updatedAt: persons.updatedAt,
};


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
}

export interface PersonListQuery {
  companyId: string;
  page: number;
  size: number;
  sort: SortTerm<PersonSortField>[];
  filter?: string;
  licenceState?: UsStateCode;
}

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
  const where = and(...conditions);
  const order = query.sort.length > 0 ? query.sort : [{ field: 'createdAt' as const, direction: 'desc' as const }];
  const offset = query.page * query.size;
  return readCountedPage(db, { matching: db.select({ one: sql`1` }).from(persons).where(where), offset }, (matchingCount) =>
    db
      .select({ ...personColumns, matchingCount })
      .from(persons)
      .where(where)
      .orderBy(...order.map((term) => (term.direction === 'desc' ? desc(SORT_COLUMNS[term.field]) : asc(SORT_COLUMNS[term.field]))), asc(persons.id))
      .limit(query.size)
      .offset(offset),
  );
}

export async function findCompanyPerson(db: Executor, companyId: string, personId: string) {
  const [row] = await db.select(personColumns).from(persons).where(and(eq(persons.companyId, companyId), eq(persons.id, personId)));
  return row;
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

export async function insertPerson(db: Executor, values: PersonValues & { id: string; companyId: string; createdBy: string }) {
  const [row] = await db.insert(persons).values(values).returning(personColumns);
  return row!;
}

export async function updateCompanyPerson(db: Executor, companyId: string, personId: string, values: PersonValues) {
  const [row] = await db
    .update(persons)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(persons.companyId, companyId), eq(persons.id, personId)))
    .returning(personColumns);
  return row;
}

/** A row as the company may see it. */
export type PersonRow = NonNullable<Awaited<ReturnType<typeof findCompanyPerson>>>;
