// Mail and SMS leave through the outbox table. With SMTP configured a job delivers each message
// (retried by the queue); without it, messages stay in the outbox for an operator to read with
// `npm run cli -- outbox` — the embedded default, so invites and codes work on a laptop.
import { desc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { uuidv7 } from 'uuidv7';
import type { Database, Executor } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { inTransaction, type Queue } from '../jobs/queue.ts';
import type { Config } from '../config/config.ts';

export const DELIVER_MESSAGE_JOB = 'deliver-message';
const DELIVER_MESSAGE_RETRY = { retryLimit: 5, retryBackoff: true } as const;
const NO_JOB_ID = '00000000-0000-4000-8000-000000000000';

export interface OutgoingMessage {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string;
  body: string;
}

export class Messenger {
  private readonly transport?: Transporter;

  constructor(private readonly db: Database, private readonly config: Config, private queue?: Queue) {
    if (config.SMTP_URL) this.transport = nodemailer.createTransport(config.SMTP_URL);
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
    const deliverable = message.channel === 'EMAIL' && this.transport !== undefined;
    await executor.insert(outbox).values({ id, ...message, status: deliverable ? 'PENDING' : 'HELD' });
    if (deliverable && this.queue) await this.queue.send(DELIVER_MESSAGE_JOB, { id }, { ...DELIVER_MESSAGE_RETRY, db: inTransaction(executor) });
    return id;
  }

  /**
   * Call after the transaction that recorded the message committed. With a queue the job is already
   * written (record); a process without one (the CLI) delivers at once rather than leave the mail unsent.
   */
  async dispatch(id: string): Promise<void> {
    if (!this.transport || this.queue) return;
    await this.deliver(id);
  }

  async send(message: OutgoingMessage): Promise<string> {
    const id = await this.record(this.db, message);
    await this.dispatch(id);
    return id;
  }

  async deliver(id: string): Promise<void> {
    const [message] = await this.db.select().from(outbox).where(eq(outbox.id, id));
    if (!message || message.status === 'SENT' || !this.transport) return;
    await this.transport.sendMail({ from: this.config.MAIL_FROM, to: message.recipient, subject: message.subject, text: message.body });
    await this.db.update(outbox).set({ status: 'SENT', sentAt: new Date(), error: null }).where(eq(outbox.id, id));
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
