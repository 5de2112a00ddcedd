// Mail and SMS leave through the outbox table. With SMTP (mail) or an SMS API (mail/sms.ts)
// configured, a job delivers each message of that channel (retried by the queue); without it,
// messages stay in the outbox for an operator to read with `npm run cli -- outbox` — the embedded
// default, so invites and codes work on a laptop.
import { desc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { uuidv7 } from 'uuidv7';
import type { Database, Executor } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { inTransaction, type Queue } from '../jobs/queue.ts';
import type { Config } from '../config/config.ts';
import { smsSenderFrom, type SmsSender } from './sms.ts';

export const DELIVER_MESSAGE_JOB = 'deliver-message';
const DELIVER_MESSAGE_RETRY = { retryLimit: 5, retryBackoff: true } as const;
const NO_JOB_ID = '00000000-0000-4000-8000-000000000000';

export interface OutgoingMessage {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string;
  body: string;
}

/** A message as an operator reads it: `cli outbox`, and the embedded server's log (main.ts). */
export function outboxLines(message: Pick<typeof outbox.$inferSelect, 'createdAt' | 'channel' | 'recipient' | 'status' | 'subject' | 'body'>): string[] {
  return [
    `── ${message.createdAt.toISOString()}  ${message.channel} to ${message.recipient}  [${message.status}]`,
    `   ${message.subject}`,
    ...message.body.split('\n').map((line) => `   │ ${line}`),
  ];
}

/** A message kept in the outbox (no channel configured to deliver it), as it was committed. */
export type HeldMessage = OutgoingMessage & { id: string; createdAt: Date; status: 'HELD' };

export class Messenger {
  private readonly transport?: Transporter;
  private readonly sms?: SmsSender;
  private onHeld?: (message: HeldMessage) => void;

  constructor(private readonly db: Database, private readonly config: Config, private queue?: Queue) {
    if (config.SMTP_URL) this.transport = nodemailer.createTransport(config.SMTP_URL);
    this.sms = smsSenderFrom(config);
  }

  /**
   * Hands each held message, once committed, to `show` (main.ts prints it to the server's log on
   * the embedded database, where the CLI cannot read the outbox while the server runs).
   */
  showHeldMessages(show: (message: HeldMessage) => void): void {
    this.onHeld = show;
  }

  /** Whether messages of this channel leave the outbox; the others are held for an operator. */
  private canDeliver(channel: OutgoingMessage['channel']): boolean {
    return channel === 'SMS' ? this.sms !== undefined : this.transport !== undefined;
  }

  /**
   * From now on a deliverable message's job is written with the message (record). The queue is
   * created first and then read once: createQueue drops it from pg-boss's cache, and a send inside
   * a PGlite transaction that had to look the queue up on pg-boss's own connection would wait
   * forever (the same trap as jobs/queue.ts's fulfilment queue).
   */
  async attachQueue(queue: Queue): Promise<void> {
    await queue.createQueue(DELIVER_MESSAGE_JOB);
    await queue.getJobById(DELIVER_MESSAGE_JOB, NO_JOB_ID);
    this.queue = queue;
  }

  /**
   * Writes the message and, when it will be delivered by a job, that job, both with the caller's
   * transaction (like an order and its fulfilment): a crash after the commit loses neither, and a
   * rollback leaves neither.
   */
  async record(executor: Executor, message: OutgoingMessage): Promise<string> {
    const id = uuidv7();
    const deliverable = this.canDeliver(message.channel);
    await executor.insert(outbox).values({ id, ...message, status: deliverable ? 'PENDING' : 'HELD' });
    if (deliverable && this.queue) await this.queue.send(DELIVER_MESSAGE_JOB, { id }, { ...DELIVER_MESSAGE_RETRY, db: inTransaction(executor) });
    return id;
  }

  /**
   * Call after the transaction that recorded the message committed. With a queue the job is already
   * written (record); a process without one (the CLI) delivers at once rather than leave the mail unsent.
   */
  async dispatch(id: string): Promise<void> {
    if (this.onHeld) await this.showIfHeld(id);
    // With a queue the job was written by record(); without one (the CLI) deliver at once.
    if (this.queue || !(this.transport || this.sms)) return;
    await this.deliver(id);
  }

  async send(message: OutgoingMessage): Promise<string> {
    const id = await this.record(this.db, message);
    await this.dispatch(id);
    return id;
  }

  async deliver(id: string): Promise<void> {
    const [message] = await this.db.select().from(outbox).where(eq(outbox.id, id));
    // Only PENDING rows leave: HELD ones have no channel configured, SENT and FAILED are done.
    if (!message || message.status !== 'PENDING') return;
    if (message.channel === 'SMS') return this.deliverSms(message);
    if (!this.transport) return;
    await this.transport.sendMail({ from: this.config.MAIL_FROM, to: message.recipient, subject: message.subject, text: message.body });
    await this.db.update(outbox).set({ status: 'SENT', sentAt: new Date(), error: null }).where(eq(outbox.id, id));
  }

  /**
   * Sends one text message. A failure worth retrying is recorded on the row and thrown, so the
   * queue tries again; a refusal for good (a bad number) marks the row FAILED with the reason.
   */
  private async deliverSms(message: typeof outbox.$inferSelect): Promise<void> {
    if (!this.sms) return;
    let outcome;
    try {
      outcome = await this.sms.send({ to: message.recipient, body: message.body });
    } catch (error) {
      await this.db.update(outbox).set({ error: (error as Error).message }).where(eq(outbox.id, message.id));
      throw error;
    }
    const done = outcome.kind === 'sent' ? { status: 'SENT', sentAt: new Date(), error: null } : { status: 'FAILED', error: outcome.reason };
    await this.db.update(outbox).set(done).where(eq(outbox.id, message.id));
  }

  private async showIfHeld(id: string): Promise<void> {
    const [message] = await this.db.select().from(outbox).where(eq(outbox.id, id));
    if (message?.status !== 'HELD') return;
    const { channel, recipient, subject, body, createdAt } = message;
    this.onHeld?.({ id, channel: channel as OutgoingMessage['channel'], recipient, subject, body, createdAt, status: 'HELD' });
  }

  /** Call after attachQueue(queue), which creates the queue. */
  async registerWorker(queue: Queue): Promise<void> {
    await queue.work<{ id: string }>(DELIVER_MESSAGE_JOB, async (jobs) => {
      for (const job of jobs) await this.deliver(job.data.id);
    });
  }

  async latest(limit: number, recipient?: string) {
    const query = this.db.select().from(outbox);
    const filtered = recipient ? query.where(eq(outbox.recipient, recipient.toLowerCase())) : query;
    return filtered.orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
  }
}
