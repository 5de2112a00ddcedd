// MONITORING_DIGEST_JOB (scheduled daily, notify-workers.ts): each company's Company Admins and
// Managers get one mail listing the alerts raised the day before (UTC). Idempotent by the company
// and day: the monitoring_digests row is inserted with the mails in one transaction, and a day
// already recorded sends nothing. A day without alerts sends nothing and records nothing.
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/client.ts';
import type { Messenger } from '../../mail/messenger.ts';
import { companyOrigin } from '../../mail/company-origin.ts';
import { digestMessage, MAX_ALERTS_IN_MAIL } from './alert-mail.ts';
import { forEachCompany } from './each-company.ts';
import { alertRecipients, alertsRaised, companiesWithAlertsRaised, recordDigest, type CompanyToNotify } from './notify.repository.ts';

const DAY_MS = 86_400_000;

export interface DigestRun {
  digestDate: string;
  /** Companies whose digest this run recorded. */
  digests: number;
  mails: number;
}

/** The UTC day before `now`, as [from, to) and its ISO date. */
export function previousUtcDay(now: Date): { digestDate: string; from: Date; to: Date } {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(to.getTime() - DAY_MS);
  return { digestDate: from.toISOString().slice(0, 10), from, to };
}

export class MonitoringDigest {
  constructor(
    private readonly db: Database,
    private readonly messenger: Messenger,
    private readonly config: Pick<Config, 'PORTAL_URL' | 'ROOT_DOMAIN'>,
  ) {}

  /** Sends the digest of the day before `now` to every company that had alerts and has none yet. */
  async run(now = new Date()): Promise<DigestRun> {
    const day = previousUtcDay(now);
    const companies = await companiesWithAlertsRaised(this.db, day.from, day.to);
    const sent = (await forEachCompany(companies, (company) => this.digestOf(company, day))).filter((mails) => mails !== undefined);
    return { digestDate: day.digestDate, digests: sent.length, mails: sent.reduce((sum, mails) => sum + mails, 0) };
  }

  /** The number of mails sent, or undefined when the day was recorded already (or had no alerts). */
  private async digestOf(company: CompanyToNotify, day: ReturnType<typeof previousUtcDay>): Promise<number | undefined> {
    const messageIds = await this.db.transaction(async (tx) => {
      const raised = await alertsRaised(tx, company.id, day.from, day.to, MAX_ALERTS_IN_MAIL);
      if (raised.total === 0 || !(await recordDigest(tx, company.id, day.digestDate, raised.total))) return undefined;
      const mail = { company, origin: companyOrigin(company, this.config), digestDate: day.digestDate, alerts: raised.lines, total: raised.total, bySeverity: raised.bySeverity };
      const ids: string[] = [];
      for (const recipient of await alertRecipients(tx, company.id)) ids.push(await this.messenger.record(tx, digestMessage(recipient, mail)));
      return ids;
    });
    if (!messageIds) return undefined;
    for (const id of messageIds) await this.messenger.dispatch(id);
    return messageIds.length;
  }
}
