// The mails about alerts (escalation, daily digest): plain text, one per recipient, with a link to
// each alert on the company's own portal address (mail/company-origin.ts), where the reader is
// signed in to the right company.
import type { OutgoingMessage } from '../../mail/messenger.ts';
import type { AlertLine, CompanyToNotify, Recipient } from './notify.repository.ts';

/** A mail lists at most this many alerts; the rest are counted, and the portal lists them all. */
export const MAX_ALERTS_IN_MAIL = 50;

export const alertLink = (origin: string, alert: Pick<AlertLine, 'id' | 'personId'>) => `${origin}/drivers/${alert.personId}/alerts/${alert.id}`;

const day = (date: Date) => date.toISOString().slice(0, 10);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function alertLines(alerts: AlertLine[], origin: string, describe: (alert: AlertLine) => string): string[] {
  return alerts.flatMap((alert) => [`- ${alert.severity} · ${alert.personName} · ${alert.title} · ${describe(alert)}`, `  ${alertLink(origin, alert)}`]);
}

function more(total: number, listed: number, origin: string): string[] {
  return total > listed ? ['', `… and ${plural(total - listed, 'more alert')}: see them all at ${origin}/`] : [];
}

export interface EscalationMail {
  company: CompanyToNotify;
  origin: string;
  alerts: AlertLine[];
  total: number;
  now: Date;
}

export function escalationMessage(recipient: Recipient, mail: EscalationMail): OutgoingMessage {
  const { company, origin, alerts, total, now } = mail;
  const ageInDays = (alert: AlertLine) => Math.floor((now.getTime() - alert.createdAt.getTime()) / 86_400_000);
  return {
    channel: 'EMAIL',
    recipient: recipient.email,
    subject: `${company.name}: ${plural(total, 'driver alert')} still not acknowledged`,
    body: [
      `Hello ${recipient.firstName},`,
      '',
      `${total === 1 ? 'This driver alert' : 'These driver alerts'} of ${company.name} ${total === 1 ? 'has' : 'have'} not been acknowledged:`,
      '',
      ...alertLines(alerts, origin, (alert) => `raised ${day(alert.createdAt)}, ${plural(ageInDays(alert), 'day')} ago`),
      ...more(total, alerts.length, origin),
      '',
      'Open an alert to see what changed and acknowledge it. Alerts are escalated at 7, 14 and 30 days until someone does.',
    ].join('\n'),
  };
}

export interface DigestMail {
  company: CompanyToNotify;
  origin: string;
  digestDate: string;
  alerts: AlertLine[];
  total: number;
  bySeverity: Record<string, number>;
}

export function digestMessage(recipient: Recipient, mail: DigestMail): OutgoingMessage {
  const { company, origin, digestDate, alerts, total, bySeverity } = mail;
  const counts = ['HIGH', 'MEDIUM', 'LOW'].filter((severity) => bySeverity[severity]).map((severity) => `${bySeverity[severity]} ${severity}`).join(', ');
  return {
    channel: 'EMAIL',
    recipient: recipient.email,
    subject: `${company.name}: ${plural(total, 'new driver alert')} on ${digestDate}`,
    body: [
      `Hello ${recipient.firstName},`,
      '',
      `${plural(total, 'driver alert was', 'driver alerts were')} raised for ${company.name} on ${digestDate} (UTC): ${counts}.`,
      '',
      ...alertLines(alerts, origin, (alert) => (alert.acknowledged ? 'acknowledged' : 'open')),
      ...more(total, alerts.length, origin),
      '',
      'You receive this daily summary as a Company Admin or Manager of the company.',
    ].join('\n'),
  };
}
