// Monitoring enrolments of one company's drivers, changed for many drivers at once in set-based
// statements (a bulk enrolment of 1,000 drivers is three statements, not 3,000). Every statement
// puts companyId first in its WHERE: another company's driver is simply not there.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { monitoringCoverageOf, US_STATE_CODES, type MonitoringType } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { monitoringEnrolments, persons } from '../../db/schema.ts';

/**
 * States that confirm an enrolment only after some days (domain/monitoring-coverage.ts): a driver
 * licensed there starts PENDING, and the sweep activates the row once the state has confirmed.
 * Everywhere else the state confirms at once, so the row starts ACTIVE and the driver never shows
 * "enrolment pending" for a wait that does not exist.
 */
export const STATES_CONFIRMING_LATER: readonly string[] = US_STATE_CODES.filter((state) => monitoringCoverageOf(state).enrolmentDays > 0);

/** The rows of a raw statement (db.execute), on PGlite and pg alike. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The ids among `personIds` that are drivers of the company, locked until the transaction ends.
 * Locking them first, in id order, serialises changes of the same drivers: two bulk changes with
 * overlapping drivers wait for each other instead of deadlocking on the enrolment keys and the
 * persons rows they both write.
 */
export async function lockPersons(db: Executor, companyId: string, personIds: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.companyId, companyId), inArray(persons.id, personIds)))
    .orderBy(persons.id)
    .for('no key update');
  return new Set(rows.map((row) => row.id));
}

export interface EnrolledRow {
  personId: string;
  status: string;
}

/** Enrols the drivers not yet enrolled in `type`; returns those it enrolled (the others were already). */
export async function enrol(db: Executor, companyId: string, personIds: string[], type: MonitoringType, enrolledBy: string): Promise<EnrolledRow[]> {
  const pendingStates = sql`array[${sql.join(STATES_CONFIRMING_LATER.map((state) => sql`${state}`), sql`, `)}]::text[]`;
  const status = sql<string>`case when ${persons.licenceState} = any(${pendingStates}) then 'PENDING' else 'ACTIVE' end`;
  const result = await db.execute(sql`
    insert into ${monitoringEnrolments} (company_id, person_id, monitoring_type, status, enrolled_by, active_since)
    select ${persons.companyId}, ${persons.id}, ${type}, ${status}, ${enrolledBy}::uuid, case when ${status} = 'ACTIVE' then now() end
    from ${persons}
    where ${persons.companyId} = ${companyId} and ${persons.id} = any(${sql`array[${sql.join(personIds.map((id) => sql`${id}`), sql`, `)}]::uuid[]`})
    on conflict (company_id, person_id, monitoring_type) do nothing
    returning person_id, status`);
  return rowsOf<{ person_id: string; status: string }>(result).map((row) => ({ personId: row.person_id, status: row.status }));
}

/** Removes the drivers' enrolment in `type`; returns the drivers that were enrolled. */
export async function unenrol(db: Executor, companyId: string, personIds: string[], type: MonitoringType): Promise<string[]> {
  const rows = await db
    .delete(monitoringEnrolments)
    .where(and(eq(monitoringEnrolments.companyId, companyId), inArray(monitoringEnrolments.personId, personIds), eq(monitoringEnrolments.monitoringType, type)))
    .returning({ personId: monitoringEnrolments.personId });
  return rows.map((row) => row.personId);
}

/**
 * Makes persons.monitoring_types (what the Person answer lists) say what the enrolment rows say for
 * `type`, for these drivers. Run for every driver of a change, not only the changed ones, so that a
 * list that had drifted is repaired by asking again.
 */
export async function syncMonitoringTypes(db: Executor, companyId: string, personIds: string[], type: MonitoringType, enrolled: boolean) {
  const has = sql`${type} = any(${persons.monitoringTypes})`;
  await db
    .update(persons)
    .set({ monitoringTypes: enrolled ? sql`array_append(${persons.monitoringTypes}, ${type})` : sql`array_remove(${persons.monitoringTypes}, ${type})` })
    .where(and(eq(persons.companyId, companyId), inArray(persons.id, personIds), enrolled ? sql`not ${has}` : has));
}
