// MONITORING_ESCALATE_JOB (scheduled hourly, notify-workers.ts): an alert nobody acknowledged
// escalates when it is 7, 14 and 30 days old (ALERT_ESCALATION_DAYS): the alert shows it
// (escalated_after_days), the driver's history records it, and the company's Company Admins and
// Managers get one mail per run listing what escalated. All three in one transaction per company.
//
// Idempotent by the alert and its age: the escalation is a conditional UPDATE (only to a level
// above the alert's), so a repeated or concurrent run escalates, records and mails nothing twice.
// An alert first seen past several levels (the job did not run for weeks) escalates once, to the
// highest it reached.
import { ALERT_ESCALATION_DAYS } from '@clearlane/contract';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/client.ts';
import type { Messenger } from '../../mail/messenger.ts';
import { companyOrigin } from '../../mail/company-origin.ts';
import { escalationMessage, MAX_ALERTS_IN_MAIL } from './alert-mail.ts';
import { forEachCompany } from './each-company.ts';
import {
  alertLinesByIds, alertRecipients, companiesWithOpenAlerts, escalateOpenAlerts, type CompanyToNotify, type EscalatedAlert,
} from './notify.repository.ts';
import { insertPersonEvents } from './person-events.repository.ts';

const DAY_MS = 86_400_000;
/** Events per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const EVENTS_PER_INSERT = 5000;
const SEVERITY_RANK: Record<string, number> = { HIGH: 0, MEDIUM: 1, LOW: 2 };
const mostSevereFirst = (a: EscalatedAlert, b: EscalatedAlert) =>
  (SEVERITY_RANK[a.severity] ?? 3) - (SEVERITY_RANK[b.severity] ?? 3) || a.createdAt.getTime() - b.createdAt.getTime();

export interface EscalationRun {
  /** Alerts escalated, over all companies. */
  escalated: number;
  /** Mails written to the outbox. */
  mails: number;
}

export class MonitoringEscalation {
  constructor(
    private readonly db: Database,
    private readonly messenger: Messenger,
    private readonly config: Pick<Config, 'PORTAL_URL' | 'ROOT_DOMAIN'>,
  ) {}

  /** Escalates every company's due alerts as of `now` (each-company.ts: a failure is retried). */
  async run(now = new Date()): Promise<EscalationRun> {
    const youngest = Math.min(...ALERT_ESCALATION_DAYS);
    const companies = await companiesWithOpenAlerts(this.db, new Date(now.getTime() - youngest * DAY_MS), Math.max(...ALERT_ESCALATION_DAYS));
    const runs = await forEachCompany(companies, (company) => this.escalateCompany(company, now));
    return runs.reduce((total, run) => ({ escalated: total.escalated + run.escalated, mails: total.mails + run.mails }), { escalated: 0, mails: 0 });
  }

  private async escalateCompany(company: CompanyToNotify, now: Date): Promise<EscalationRun> {
    const { escalated, messageIds } = await this.db.transaction(async (tx) => {
      const alerts = (await escalateOpenAlerts(tx, company.id, ALERT_ESCALATION_DAYS, now)).sort(mostSevereFirst);
      if (alerts.length === 0) return { escalated: 0, messageIds: [] };
      // In slices: a first run after weeks down may escalate more alerts than one INSERT's bind parameters hold.
      for (let start = 0; start < alerts.length; start += EVENTS_PER_INSERT) {
        await insertPersonEvents(tx, company.id, alerts.slice(start, start + EVENTS_PER_INSERT).map((alert) => ({
          personId: alert.personId, type: 'ALERT_ESCALATED' as const, actorId: null,
          message: `The alert "${alert.title}" is not acknowledged after ${alert.escalatedAfterDays} days: escalated to the Managers`,
          data: { alertId: alert.id, escalatedAfterDays: alert.escalatedAfterDays },
        })));
      }
      const listed = await alertLinesByIds(tx, company.id, alerts.slice(0, MAX_ALERTS_IN_MAIL).map((alert) => alert.id));
      const mail = { company, origin: companyOrigin(company, this.config), alerts: listed, total: alerts.length, now };
      const ids: string[] = [];
      for (const recipient of await alertRecipients(tx, company.id)) ids.push(await this.messenger.record(tx, escalationMessage(recipient, mail)));
      return { escalated: alerts.length, messageIds: ids };
    });
    for (const id of messageIds) await this.messenger.dispatch(id);
    return { escalated, mails: messageIds.length };
  }
}
