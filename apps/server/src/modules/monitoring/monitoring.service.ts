// Enrolling drivers in monitoring (one or many at once) and reading a driver's history.
import type {
  BulkMonitoringChangeBody, BulkMonitoringChangeResult, MonitoringChangeBody, MonitoringType, Page, Person, PersonEvent,
} from '@clearlane/contract';
import type { Database, Executor } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { invalidInput, notFound } from '../../http/errors.ts';
import { pageMeta } from '../../http/page-meta.ts';
import type { PersonsService } from '../persons/persons.service.ts';
import { findCompanyPerson } from '../persons/persons.repository.ts';
import * as enrolments from './enrolments.repository.ts';
import { insertPersonEvents, listPersonEvents, type NewPersonEvent } from './person-events.repository.ts';

// Other modules (the sweep, the recheck job) write a driver's history through this service, as the
// server layers allow, with the same function enrolment uses.
export { insertPersonEvents, type NewPersonEvent };
// DOT scores mail the same people (Company Admins and Managers) at the same company address.
export { alertRecipients, findCompanyToNotify, type Recipient } from './notify.repository.ts';

export const MONITORING_TYPE_LABELS: Record<MonitoringType, string> = {
  MvrMonitoring: 'MVR monitoring',
  PersonMonitoring: 'person monitoring',
};

export const nameOf = (principal: Principal) => `${principal.firstName} ${principal.lastName}`;

/** The driver of the company, or 404: the check every per-driver route makes before reading. */
export async function requirePerson(db: Executor, companyId: string, personId: string) {
  const person = await findCompanyPerson(db, companyId, personId);
  if (!person) throw notFound('driver');
  return person;
}

export class MonitoringService {
  constructor(private readonly db: Database, private readonly persons: PersonsService) {}

  /** PATCH /person/{id}/monitoring: answers the driver as it now is. */
  async change(principal: Principal, personId: string, body: MonitoringChangeBody): Promise<Person> {
    assertCan(principal, 'create', 'Monitoring');
    await this.db.transaction(async (tx) => {
      if (!(await enrolments.lockPersons(tx, principal.companyId, [personId])).has(personId)) throw notFound('driver');
      await this.apply(tx, principal, [personId], body);
    });
    return this.persons.get(principal, personId);
  }

  /**
   * PATCH /person/monitoring: the same change for many drivers, all or nothing. An id that is not a
   * driver of the company refuses the whole call, naming each such id, before anything is written.
   */
  async changeMany(principal: Principal, body: BulkMonitoringChangeBody): Promise<BulkMonitoringChangeResult> {
    assertCan(principal, 'create', 'Monitoring');
    const personIds = [...new Set(body.personIds)];
    return this.db.transaction(async (tx) => {
      const known = await enrolments.lockPersons(tx, principal.companyId, personIds);
      const errors = body.personIds.flatMap((id, index) => (known.has(id) ? [] : [{ path: `body.personIds.${index}`, message: `is not a driver of your company (${id})` }]));
      if (errors.length > 0) throw invalidInput(errors, `${errors.length} of the drivers named are not drivers of your company; nothing was changed.`);
      const changed = await this.apply(tx, principal, personIds, body);
      return { changed, unchanged: personIds.length - changed };
    });
  }

  /** Adds or removes the enrolments, keeps persons.monitoring_types in step, records one event per changed driver. */
  private async apply(tx: Executor, principal: Principal, personIds: string[], body: MonitoringChangeBody): Promise<number> {
    const { companyId } = principal;
    const type = body.monitoringType;
    const label = MONITORING_TYPE_LABELS[type];
    let events: NewPersonEvent[];
    if (body.action === 'ADD') {
      const enrolled = await enrolments.enrol(tx, companyId, personIds, type, principal.userId);
      events = enrolled.map(({ personId, status }) => ({
        personId, type: 'MONITORING_ADDED', actorId: principal.userId, data: { monitoringType: type, status },
        message: `Enrolled in ${label} by ${nameOf(principal)}${status === 'PENDING' ? ', pending the state\'s confirmation' : ''}`,
      }));
    } else {
      const removed = await enrolments.unenrol(tx, companyId, personIds, type);
      events = removed.map((personId) => ({
        personId, type: 'MONITORING_REMOVED', actorId: principal.userId, data: { monitoringType: type },
        message: `Removed from ${label} by ${nameOf(principal)}`,
      }));
    }
    await enrolments.syncMonitoringTypes(tx, companyId, personIds, type, body.action === 'ADD');
    await insertPersonEvents(tx, companyId, events);
    return events.length;
  }

  /** GET /person/{id}/events: the driver's history, newest first. */
  async events(principal: Principal, personId: string, query: { page: number; size: number }): Promise<Page<PersonEvent>> {
    assertCan(principal, 'view', 'Monitoring');
    await requirePerson(this.db, principal.companyId, personId);
    const { rows, ...counted } = await listPersonEvents(this.db, { companyId: principal.companyId, personId, ...query });
    return {
      content: rows.map((row) => ({ ...row, type: row.type as PersonEvent['type'], data: row.data ?? null, createdAt: row.createdAt.toISOString() })),
      page: pageMeta(query, counted),
    };
  }
}
