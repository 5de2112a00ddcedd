// The sweep's reads and writes (sweep.ts), a batch per statement. The walk over enrolments reads
// every company's (as the connecting role: it acts for no company); every write is held to one
// company, first in its WHERE, and runs in that company's scope (row-level security).
import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client.ts';
import { insertAsRecordset } from '../../db/recordset.ts';
import { personEvents } from '../../db/schema.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface EnrolmentKey {
  companyId: string;
  personId: string;
  monitoringType: string;
}

export interface EnrolmentToSweep extends EnrolmentKey {
  status: string;
  enrolledAt: Date;
  activeSince: Date | null;
  lastSweptAt: Date | null;
  licenceNumber: string;
  licenceState: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

const toDate = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));

/**
 * The next batch of enrolments after `after` in key order, across the companies that have the
 * monitoring plugin, with what the provider needs to know of the driver. Keyset on the primary key
 * (company, person, type), so each batch is an index range however far the walk has come.
 */
export async function enrolmentsAfter(db: Executor, after: EnrolmentKey | null, limit: number): Promise<EnrolmentToSweep[]> {
  const from = after ? sql`and (e.company_id, e.person_id, e.monitoring_type) > (${after.companyId}::uuid, ${after.personId}::uuid, ${after.monitoringType})` : sql``;
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`
    select e.company_id, e.person_id, e.monitoring_type, e.status, e.enrolled_at, e.active_since, e.last_swept_at,
           p.licence_number, p.licence_state, p.first_name, p.last_name, p.date_of_birth
    from monitoring_enrolments e
    join companies c on c.id = e.company_id and 'monitoring' = any(c.plugins)
    join persons p on p.company_id = e.company_id and p.id = e.person_id
    where true ${from}
    order by e.company_id, e.person_id, e.monitoring_type
    limit ${limit}`));
  return rows.map((row) => ({
    companyId: String(row.company_id), personId: String(row.person_id), monitoringType: String(row.monitoring_type), status: String(row.status),
    enrolledAt: toDate(row.enrolled_at)!, activeSince: toDate(row.active_since), lastSweptAt: toDate(row.last_swept_at),
    licenceNumber: String(row.licence_number), licenceState: String(row.licence_state), firstName: String(row.first_name),
    lastName: String(row.last_name), dateOfBirth: String(row.date_of_birth),
  }));
}

/** Ids of the companies that have the monitoring plugin. */
export async function companiesWithMonitoring(db: Executor): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(sql`select id from companies where 'monitoring' = any(plugins) order by id`)).map((row) => row.id);
}

export interface Activation {
  personId: string;
  monitoringType: string;
  activeSince: Date;
}

/** PENDING → ACTIVE; answers the enrolments this call moved (a repeated sweep moves none twice). */
export async function activateEnrolments(db: Executor, companyId: string, activations: readonly Activation[]): Promise<Activation[]> {
  if (activations.length === 0) return [];
  const json = JSON.stringify(activations.map((a) => ({ person_id: a.personId, monitoring_type: a.monitoringType, active_since: a.activeSince.toISOString() })));
  const rows = rowsOf<{ person_id: string; monitoring_type: string }>(await db.execute(sql`
    update monitoring_enrolments e set status = 'ACTIVE', active_since = r.active_since
    from json_to_recordset(${json}::json) as r(person_id uuid, monitoring_type text, active_since timestamptz)
    where e.company_id = ${companyId} and e.person_id = r.person_id and e.monitoring_type = r.monitoring_type and e.status = 'PENDING'
    returning e.person_id, e.monitoring_type`));
  const moved = new Set(rows.map((row) => `${row.person_id}/${row.monitoring_type}`));
  return activations.filter((a) => moved.has(`${a.personId}/${a.monitoringType}`));
}

/** The end of the window the provider answered for: the next sweep asks from there. */
export async function markSwept(db: Executor, companyId: string, swept: readonly { personId: string; monitoringType: string }[], asOf: Date): Promise<void> {
  if (swept.length === 0) return;
  const json = JSON.stringify(swept.map((s) => ({ person_id: s.personId, monitoring_type: s.monitoringType })));
  await db.execute(sql`
    update monitoring_enrolments e set last_swept_at = ${asOf.toISOString()}::timestamptz
    from json_to_recordset(${json}::json) as r(person_id uuid, monitoring_type text)
    where e.company_id = ${companyId} and e.person_id = r.person_id and e.monitoring_type = r.monitoring_type and e.status = 'ACTIVE'`);
}

export interface NewAlert {
  personId: string;
  /** The enrolment the alert comes from; null for reminders, which need none. */
  monitoringType: string | null;
  type: string;
  changeKind: string;
  severity: string;
  title: string;
  dedupeKey: string;
  change: Record<string, unknown>;
}

export interface RaisedAlert {
  id: string;
  personId: string;
  type: string;
  changeKind: string;
  severity: string;
  title: string;
}

/**
 * Inserts the alerts not raised before (`dedupe_key`, unique per company) and answers those this
 * call raised. An alert from an enrolment is written only while the enrolment is there and ACTIVE,
 * checked in the writing transaction and held (FOR SHARE) until it commits, so a driver removed from
 * monitoring before the write raises nothing, and a removal waits for an alert being written.
 */
export async function insertNewAlerts(db: Executor, companyId: string, alerts: readonly NewAlert[]): Promise<RaisedAlert[]> {
  const fromEnrolments = alerts.filter((alert) => alert.monitoringType !== null);
  const reminders = alerts.filter((alert) => alert.monitoringType === null);
  return [...await insertAlerts(db, companyId, fromEnrolments, true), ...await insertAlerts(db, companyId, reminders, false)];
}

async function insertAlerts(db: Executor, companyId: string, alerts: readonly NewAlert[], whileEnrolled: boolean): Promise<RaisedAlert[]> {
  if (alerts.length === 0) return [];
  const json = JSON.stringify(alerts.map((a) => ({
    id: uuidv7(), person_id: a.personId, monitoring_type: a.monitoringType, type: a.type, change_kind: a.changeKind,
    severity: a.severity, title: a.title, dedupe_key: a.dedupeKey, change: a.change,
  })));
  const enrolled = whileEnrolled
    ? sql`join monitoring_enrolments e
        on e.company_id = ${companyId}::uuid and e.person_id = r.person_id and e.monitoring_type = r.monitoring_type and e.status = 'ACTIVE'
        for share of e`
    : sql``;
  const rows = rowsOf<Record<string, string>>(await db.execute(sql`
    insert into driver_alerts (id, company_id, person_id, type, change_kind, severity, title, dedupe_key, change)
    select r.id, ${companyId}::uuid, r.person_id, r.type, r.change_kind, r.severity, r.title, r.dedupe_key, r.change
    from json_to_recordset(${json}::json)
      as r(id uuid, person_id uuid, monitoring_type text, type text, change_kind text, severity text, title text, dedupe_key text, change jsonb)
    ${enrolled}
    on conflict (company_id, dedupe_key) do nothing
    returning id, person_id, type, change_kind, severity, title`));
  return rows.map((row) => ({ id: row.id!, personId: row.person_id!, type: row.type!, changeKind: row.change_kind!, severity: row.severity!, title: row.title! }));
}

export interface NewPersonEvent {
  companyId: string;
  personId: string;
  type: string;
  message: string;
  data: Record<string, unknown> | null;
}

const EVENT_KEYS = ['id', 'companyId', 'personId', 'type', 'message', 'actorId', 'data'] as const;

/** Events of the system (no actor), in the order given. */
export async function insertPersonEvents(db: Executor, events: readonly NewPersonEvent[]): Promise<void> {
  if (events.length === 0) return;
  await insertAsRecordset(db, personEvents, EVENT_KEYS, events.map((event) => ({ id: uuidv7(), actorId: null, ...event })));
}

export interface ExpiryDates {
  personId: string;
  licenceExpiresOn: string | null;
  medicalCertificateExpiresOn: string | null;
}

/** The company's drivers with a licence or medical certificate expiring on or before `until` (ISO date), after `afterId`. */
export async function driversExpiringBy(db: Executor, companyId: string, until: string, afterId: string | null, limit: number): Promise<ExpiryDates[]> {
  const rows = rowsOf<Record<string, string | null>>(await db.execute(sql`
    select id, licence_expires_on, medical_certificate_expires_on from persons
    where company_id = ${companyId} ${afterId ? sql`and id > ${afterId}::uuid` : sql``}
      and (licence_expires_on <= ${until} or medical_certificate_expires_on <= ${until})
    order by id
    limit ${limit}`));
  return rows.map((row) => ({ personId: row.id!, licenceExpiresOn: row.licence_expires_on ?? null, medicalCertificateExpiresOn: row.medical_certificate_expires_on ?? null }));
}
