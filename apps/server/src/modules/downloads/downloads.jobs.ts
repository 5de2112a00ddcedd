// The build of a report bundle: a durable pg-boss job per download, written with it
// (downloads.service.ts). The worker streams the bundle (documents/bundles/mvr-bundle.ts) straight
// into the file store, reading the orders from the database a batch at a time, so neither the
// reports nor the file are ever whole in memory.
//
// Crash safety: every attempt writes under a key of its own, recorded on the download before the
// first byte, and removes the previous attempt's file (whole or partial) first. A process killed
// mid-build stops beating; pg-boss retries the job and the retry starts over under a new key. The
// download becomes Complete (with its size, and the requester's mail) only if it is still
// Processing with this attempt's key, so a late attempt never overwrites a newer one. After the
// last attempt fails the download is Failed with a reason the user can act on.
//
// Expiry: a scheduled job (hourly) marks bundles past their day Expired and removes their files.
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import { permissiblePurposeLabel, type MvrRecord } from '@clearlane/contract';
import type { JobWithMetadata } from 'pg-boss';
import { uuidv7 } from 'uuidv7';
import type { Adjudication } from '../../adjudication/evaluate.ts';
import type { Config } from '../../config/config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { runAsCompany } from '../../db/tenant-scope.ts';
import { mvrBundleFile, writeMvrBundle } from '../../documents/bundles/mvr-bundle.ts';
import type { MvrReportInput } from '../../documents/mvr-report.ts';
import { forEachCompany } from '../../jobs/each-company.ts';
import { BUILD_DOWNLOAD_JOB, EXPIRE_DOWNLOADS_JOB, type Queue } from '../../jobs/queue.ts';
import { companyOrigin } from '../../mail/company-origin.ts';
import type { Messenger, OutgoingMessage } from '../../mail/messenger.ts';
import type { FileStore } from '../../storage/file-store.ts';
import * as repo from './downloads.repository.ts';

export interface BuildDownloadJob {
  downloadId: string;
  companyId: string;
}

export interface BuildAttempt {
  /** 1 for the first run of the job. */
  number: number;
  isLast: boolean;
}

/** Orders read from the database per statement while a bundle is written. */
export const BUNDLE_READ_BATCH = 100;
/** Progress is written every this many orders, or every PROGRESS_INTERVAL_MS, whichever comes first. */
const PROGRESS_EVERY_ORDERS = 25;
const PROGRESS_INTERVAL_MS = 1000;
/** Expiry runs hourly, on the quarter hour (UTC): a file is removed within an hour of its day. */
export const EXPIRE_DOWNLOADS_CRON = '15 * * * *';
const EXPIRE_RETRY = { retryLimit: 3, retryDelay: 60, retryBackoff: true } as const;
/**
 * A download still Processing this long after it was asked for lost its job (the retries ran out
 * on crashes, which never reach our handler): the expiry job fails it, so nobody waits for ever.
 */
export const BUILD_GIVE_UP_MS = 3 * 3_600_000;

/** The reason a user reads when a build failed for good: what to do about it, not the stack. */
export const BUILD_FAILED_REASON =
  'The bundle could not be built (an internal error, logged for the operators). Please request it again; if it fails again, bundle fewer orders.';
export const BUILD_LOST_REASON = 'The bundle was not built in time (the server stopped while building it). Please request it again.';

type Log = (message: string, error?: unknown) => void;

export class DownloadBuilder {
  constructor(
    private readonly db: Database,
    private readonly store: FileStore,
    private readonly messenger: Messenger,
    private readonly config: Pick<Config, 'PORTAL_URL' | 'ROOT_DOMAIN'>,
    private readonly log: Log = () => {},
  ) {}

  /** One build at a time per worker: a bundle is CPU-bound, and several at once would only share the core. */
  async registerWorker(queue: Queue): Promise<void> {
    await queue.work<BuildDownloadJob>(BUILD_DOWNLOAD_JOB, { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true }, async (jobs) => {
      for (const job of jobs as JobWithMetadata<BuildDownloadJob>[]) {
        await this.build(job.data, { number: job.retryCount + 1, isLast: job.retryCount >= job.retryLimit });
      }
    });
  }

  /** Builds the download's file; throws when the attempt is to be retried (as pg-boss is told). */
  async build(job: BuildDownloadJob, attempt: BuildAttempt): Promise<void> {
    const { companyId, downloadId } = job;
    await runAsCompany(companyId, async () => {
      const download = await repo.findDownloadRow(this.db, companyId, downloadId);
      if (!download || download.status !== 'Processing') return; // gone, or finished by an earlier attempt
      const key = `downloads/${companyId}/${downloadId}/${uuidv7()}.${mvrBundleFile(download).extension}`;
      // Whatever an earlier attempt left goes first; then this attempt's key is on the row before a byte is written.
      if (download.fileKey) await this.store.delete(download.fileKey);
      if (!(await repo.updateProcessing(this.db, companyId, downloadId, { fileKey: key, progressDone: 0 }))) return;
      try {
        const size = await this.write(download, key);
        const completed = await this.db.transaction(async (tx) => {
          const now = new Date();
          if (!(await repo.updateProcessing(tx, companyId, downloadId, { status: 'Complete', size, completedAt: now, progressDone: download.progressTotal }, key))) return null;
          return { messageId: await this.recordReadyMail(tx, download) };
        });
        if (!completed) await this.store.delete(key); // another attempt or the expiry moved it on meanwhile
        else if (completed.messageId) await this.messenger.dispatch(completed.messageId);
      } catch (error) {
        await this.store.delete(key).catch((deleteError: unknown) => this.log(`download ${downloadId}: could not remove the partial file ${key}`, deleteError));
        if (!attempt.isLast) throw error;
        this.log(`download ${downloadId}: the bundle could not be built after ${attempt.number} attempts`, error);
        await repo.updateProcessing(this.db, companyId, downloadId, { status: 'Failed', failureReason: BUILD_FAILED_REASON, fileKey: null, completedAt: new Date() });
      }
    });
  }

  /** Streams the bundle into the store under `key`; answers its size. */
  private async write(download: repo.DownloadRow, key: string): Promise<number> {
    const { companyId, id } = download;
    const companyName = (await repo.requesterOf(this.db, companyId, download.requestedBy))?.companyName ?? '';
    const pipe = new PassThrough();
    // A failure is reported by the promises below; the stream's own 'error' event must not go unheard.
    pipe.on('error', () => {});
    const stop = new AbortController();
    const progress = new ProgressWriter((done) => repo.updateProcessing(this.db, companyId, id, { progressDone: Math.min(done, download.progressTotal) }));
    const writing = writeMvrBundle(() => this.entries(download, companyName, stop.signal), {
      mergeIntoSingleReport: download.mergeIntoSingleReport, textOnly: download.textOnly, companyName,
      generatedAt: new Date(), total: download.progressTotal, onProgress: (done) => progress.report(done),
    }, pipe);
    const storing = this.store.put(key, pipe, download.contentType);
    try {
      // Either failing fails the build at once: a writer whose reader is gone could wait for ever.
      const [, stored] = await Promise.all([writing, storing]);
      return stored.size;
    } catch (error) {
      stop.abort(); // the writer stops reading orders at its next batch
      pipe.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  }

  /**
   * The bundle's reports, in the order asked for, read a batch of ids at a time (the download's
   * array is the keyset). May be iterated more than once (a merged PDF counts its pages first).
   */
  private async *entries(download: repo.DownloadRow, companyName: string, signal: AbortSignal): AsyncGenerator<MvrReportInput> {
    for (let start = 0; start < download.mvrOrders.length; start += BUNDLE_READ_BATCH) {
      signal.throwIfAborted();
      const ids = download.mvrOrders.slice(start, start + BUNDLE_READ_BATCH);
      const rows = new Map((await repo.mvrOrdersForBundle(this.db, download.companyId, ids)).map((row) => [row.id, row]));
      for (const id of ids) {
        const row = rows.get(id);
        if (!row?.result) continue; // checked when asked for; complete orders keep their report
        // Rendering is CPU work and PGlite answers with promises already settled: without a turn of
        // the event loop per report, the embedded server would answer no request until the bundle is done.
        await nextTurnOfEventLoop();
        yield {
          companyName,
          orderId: row.id,
          orderedAt: row.createdAt,
          orderedBy: row.ordererName ?? (row.orderedBy ? 'a former user' : 'Clearlane (automatically)'),
          permissiblePurpose: permissiblePurposeLabel(row.permissiblePurpose ?? ''),
          record: row.result as unknown as MvrRecord,
          adjudication: (row.adjudication as Adjudication | null) ?? null,
        };
      }
    }
  }

  /** The mail that says the bundle is ready, with the caller's transaction; null if the requester is gone. */
  private async recordReadyMail(tx: Executor, download: repo.DownloadRow): Promise<string | null> {
    const requester = await repo.requesterOf(tx, download.companyId, download.requestedBy);
    if (!requester?.email || !requester.firstName) return null;
    const recipient = { ...requester, email: requester.email, firstName: requester.firstName };
    return this.messenger.record(tx, readyMessage(recipient, download, companyOrigin(requester, this.config)));
  }
}

/**
 * Writes progress now and then rather than per order: at most every PROGRESS_EVERY_ORDERS orders
 * or PROGRESS_INTERVAL_MS. A report awaits the write it starts, so writes never overlap.
 */
class ProgressWriter {
  private written = 0;
  private writtenAt = Date.now();

  constructor(private readonly write: (done: number) => Promise<unknown>) {}

  async report(done: number): Promise<void> {
    if (done - this.written < PROGRESS_EVERY_ORDERS && Date.now() - this.writtenAt < PROGRESS_INTERVAL_MS) return;
    this.written = done;
    this.writtenAt = Date.now();
    await this.write(done);
  }
}

const BUNDLE_KIND = (download: Pick<repo.DownloadRow, 'mergeIntoSingleReport' | 'textOnly'>) =>
  download.mergeIntoSingleReport ? (download.textOnly ? 'one text file' : 'one PDF') : `a zip of ${download.textOnly ? 'text files' : 'PDFs'}`;

export function readyMessage(
  requester: { email: string; firstName: string; companyName: string },
  download: Pick<repo.DownloadRow, 'fileName' | 'progressTotal' | 'expiresAt' | 'mergeIntoSingleReport' | 'textOnly'>,
  origin: string,
): OutgoingMessage {
  const reports = `${download.progressTotal} MVR ${download.progressTotal === 1 ? 'report' : 'reports'}`;
  return {
    channel: 'EMAIL',
    recipient: requester.email,
    subject: `${requester.companyName}: your bundle of ${reports} is ready`,
    body: [
      `Hello ${requester.firstName},`,
      '',
      `The bundle you asked for, ${reports} as ${BUNDLE_KIND(download)} (${download.fileName}), is ready.`,
      '',
      `Download it from ${origin}/downloads until ${download.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, when it is removed.`,
    ].join('\n'),
  };
}

export interface ExpiryRun {
  /** Files removed, over all companies. */
  filesRemoved: number;
}

/** The scheduled removal of bundles past their day, company by company (jobs/each-company.ts: a failure is retried). */
export class DownloadExpiry {
  constructor(private readonly db: Database, private readonly store: FileStore) {}

  async run(now = new Date()): Promise<ExpiryRun> {
    const giveUpBefore = new Date(now.getTime() - BUILD_GIVE_UP_MS);
    const companies = await repo.companiesWithDueDownloads(this.db, now, giveUpBefore);
    const runs = await forEachCompany(companies, async (company) => {
      const keys = [
        ...await repo.failLostBuilds(this.db, company.id, giveUpBefore, BUILD_LOST_REASON),
        ...await repo.expireDownloads(this.db, company.id, now),
      ];
      // The rows say Expired first: a file whose removal fails is unreachable, and the retry finds no row to redo.
      for (const key of keys) await this.store.delete(key);
      return keys.length;
    });
    return { filesRemoved: runs.reduce((sum, count) => sum + count, 0) };
  }
}

/** The expiry queue and its schedule (idempotent; every process may declare them, as monitoring's). */
export async function prepareDownloadQueues(queue: Queue): Promise<void> {
  await queue.createQueue(EXPIRE_DOWNLOADS_JOB, EXPIRE_RETRY);
  await queue.schedule(EXPIRE_DOWNLOADS_JOB, EXPIRE_DOWNLOADS_CRON, null, { tz: 'UTC' });
}

/** The workers of bundles (ROLE ≠ api). Call after prepareDownloadQueues. */
export async function registerDownloadWorkers(queue: Queue, deps: { db: Database; store: FileStore; messenger: Messenger; config: Config; log: Log }): Promise<void> {
  await new DownloadBuilder(deps.db, deps.store, deps.messenger, deps.config, deps.log).registerWorker(queue);
  const expiry = new DownloadExpiry(deps.db, deps.store);
  await queue.work(EXPIRE_DOWNLOADS_JOB, async () => void (await expiry.run()));
}
