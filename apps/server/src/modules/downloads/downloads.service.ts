// Report bundles (issue 10; SPEC.md §7 "Orders" /orders/download…): asking for one (the download
// row and its build job commit together, as an order and its fulfilment do), reading them, and
// serving the built file. Who sees what (docs/DECISIONS.md "Report bundles"): anyone who may view
// reports and orders bundles the company's complete MVRs; the requester sees their own downloads,
// Managers and admins (manage Reports) everyone's; another's download is not found, like another
// company's.
import type { Readable } from 'node:stream';
import { uuidv7 } from 'uuidv7';
import {
  DOWNLOAD_RETENTION_DAYS, DOWNLOAD_SORT_FIELDS, MAX_BUNDLE_ORDERS,
  type Download, type DownloadDetail, type DownloadStatus, type GenerateDownloadBody, type Page,
} from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { AppError, invalidInput, notFound, type FieldError } from '../../http/errors.ts';
import { pageMeta } from '../../http/page-meta.ts';
import { sortTerms } from '../../http/list-params.ts';
import { BUILD_DOWNLOAD_JOB, BUILD_DOWNLOAD_RETRY, inTransaction, type Queue } from '../../jobs/queue.ts';
import { mvrBundleFile } from '../../documents/bundles/mvr-bundle.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { matchingOrderIds } from '../orders/orders.repository.ts';
import { orderFilterQuery } from '../orders/orders.service.ts';
import * as repo from './downloads.repository.ts';
import type { BuildDownloadJob } from './downloads.jobs.ts';

const DAY_MS = 86_400_000;
/** GET /orders/download/{id} lists the latest accesses, at most this many. */
const ACCESSES_SHOWN = 50;
const MVR_TYPES = ['MVR', 'MVR_WITH_ADJUDICATION'];

export interface ListDownloadsInput {
  page: number;
  size: number;
  sort?: string | string[];
}

/** Where the built file of a download is served (same bearer token as the API). */
export const downloadFileUrl = (downloadId: string) => `/api/v1/orders/download/${downloadId}/file`;

/** A bundle past its day reads Expired at once, whether or not the hourly job has removed its file yet. */
export function effectiveStatus(row: { status: string; expiresAt: Date }, now = new Date()): DownloadStatus {
  if (row.status === 'Complete' && row.expiresAt.getTime() <= now.getTime()) return 'Expired';
  return row.status as DownloadStatus;
}

function toDownload(row: repo.DownloadListRow, now = new Date()): Download {
  const status = effectiveStatus(row, now);
  return {
    id: row.id,
    status,
    progress: { done: row.progressDone, total: row.progressTotal },
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    url: status === 'Complete' ? downloadFileUrl(row.id) : null,
    mergeIntoSingleReport: row.mergeIntoSingleReport,
    textOnly: row.textOnly,
    orderCount: row.orderCount,
    requestedBy: { id: row.requestedBy, name: row.requesterName ?? 'a former user' },
    failureReason: status === 'Failed' ? row.failureReason : null,
    downloadCount: row.downloadCount,
  };
}

/** "mvr-reports-2026-11-24-25-orders.pdf" */
export const bundleFileName = (createdAt: Date, orderCount: number, extension: string) =>
  `mvr-reports-${createdAt.toISOString().slice(0, 10)}-${orderCount}-${orderCount === 1 ? 'order' : 'orders'}.${extension}`;

/** Why a named order cannot be bundled, in words that leak nothing about other companies. */
function refusalOf(order: { type: string; status: string } | undefined, id: string): string {
  if (!order) return `is not an order of your company (${id})`;
  if (!MVR_TYPES.includes(order.type)) return `is a ${order.type} order, not an MVR (${id})`;
  return `is not complete: it is ${order.status} (${id})`;
}

export class DownloadsService {
  constructor(private readonly db: Database, private readonly queue: () => Queue | undefined, private readonly store: FileStore) {}

  /**
   * Checks the orders, then writes the download and its build job in one transaction: the job runs
   * (and runs again after a crash) for every download that exists, and for none that does not.
   */
  async generate(principal: Principal, body: GenerateDownloadBody): Promise<DownloadDetail> {
    // Bundling reads the orders' reports: both permissions, which every role has by default.
    assertCan(principal, 'view', 'Reports');
    assertCan(principal, 'view', 'Order');
    const queue = this.queue();
    if (!queue) throw new AppError(503, 'QueueUnavailable', 'Bundles cannot be built right now: the job queue is not running. Please try again shortly.', { title: 'Service Unavailable' });
    const orderIds = body.mvrOrders ? await this.namedOrders(principal, body.mvrOrders) : await this.filteredOrders(principal, body.orderFilter!);

    const id = uuidv7();
    const createdAt = new Date();
    const file = mvrBundleFile(body);
    const row: repo.NewDownloadRow = {
      id, companyId: principal.companyId, requestedBy: principal.userId, status: 'Processing',
      mergeIntoSingleReport: body.mergeIntoSingleReport, textOnly: body.textOnly, mvrOrders: orderIds,
      progressDone: 0, progressTotal: orderIds.length,
      fileName: bundleFileName(createdAt, orderIds.length, file.extension), contentType: file.contentType,
      createdAt, expiresAt: new Date(createdAt.getTime() + DOWNLOAD_RETENTION_DAYS * DAY_MS),
    };
    await this.db.transaction(async (tx) => {
      await repo.insertDownload(tx, row);
      const job: BuildDownloadJob = { downloadId: id, companyId: principal.companyId };
      await queue.send(BUILD_DOWNLOAD_JOB, job, { ...BUILD_DOWNLOAD_RETRY, db: inTransaction(tx) });
    });
    return this.get(principal, id);
  }

  /**
   * The named orders, each once in the order first named (a page selected twice, or a selection
   * and "all on this page", is one bundle, not an error). Every one must be a complete MVR order of
   * the company, or nothing is bundled and the 400 names each that is not.
   */
  private async namedOrders(principal: Principal, named: string[]): Promise<string[]> {
    const orderIds = [...new Set(named)];
    const complete = await repo.completeMvrOrderIds(this.db, principal.companyId, orderIds);
    if (complete.size === orderIds.length) return orderIds;
    const refusedIds = orderIds.filter((id) => !complete.has(id));
    const found = new Map((await repo.ordersOfCompany(this.db, principal.companyId, refusedIds)).map((order) => [order.id, order]));
    const firstIndex = new Map<string, number>();
    named.forEach((id, index) => { if (!firstIndex.has(id)) firstIndex.set(id, index); });
    const errors: FieldError[] = refusedIds.map((id) => ({ path: `body.mvrOrders.${firstIndex.get(id)}`, message: refusalOf(found.get(id), id) }));
    throw invalidInput(errors, `${errors.length} of the ${orderIds.length} orders named ${errors.length === 1 ? 'is not a complete MVR order' : 'are not complete MVR orders'} of your company; nothing was bundled.`);
  }

  /**
   * The company's complete MVR orders matching the /orders filters, newest first: at least one, at
   * most MAX_BUNDLE_ORDERS. A `type` narrows them as it narrows the list (only its MVR types count).
   */
  private async filteredOrders(principal: Principal, filter: NonNullable<GenerateDownloadBody['orderFilter']>): Promise<string[]> {
    const listed = orderFilterQuery(principal.companyId, filter, 'body.orderFilter');
    const types = listed.types ? MVR_TYPES.filter((type) => listed.types!.includes(type)) : MVR_TYPES;
    const orderIds = types.length === 0 ? [] : await matchingOrderIds(this.db, { ...listed, types, statuses: ['Complete'] }, MAX_BUNDLE_ORDERS + 1);
    if (orderIds.length === 0) throw invalidInput([{ path: 'body.orderFilter', message: 'matches no complete MVR order of your company' }]);
    if (orderIds.length > MAX_BUNDLE_ORDERS) {
      throw invalidInput([{ path: 'body.orderFilter', message: `matches more than ${MAX_BUNDLE_ORDERS.toLocaleString('en-US')} complete MVR orders; narrow the filters (a bundle holds at most ${MAX_BUNDLE_ORDERS.toLocaleString('en-US')})` }]);
    }
    return orderIds;
  }

  async list(principal: Principal, input: ListDownloadsInput): Promise<Page<Download>> {
    assertCan(principal, 'view', 'Reports');
    const terms = sortTerms(input.sort, DOWNLOAD_SORT_FIELDS);
    const { rows, ...counted } = await repo.listDownloads(this.db, {
      companyId: principal.companyId, requestedBy: this.seesEveryones(principal) ? undefined : principal.userId,
      page: input.page, size: input.size, sort: terms,
    });
    const now = new Date();
    return { content: rows.map((row) => toDownload(row, now)), page: pageMeta(input, counted) };
  }

  async get(principal: Principal, downloadId: string): Promise<DownloadDetail> {
    const row = await this.load(principal, downloadId);
    const accesses = await repo.listAccesses(this.db, principal.companyId, downloadId, ACCESSES_SHOWN);
    return {
      ...toDownload(row),
      mvrOrders: row.mvrOrders,
      accesses: accesses.map((access) => ({ userId: access.userId, userName: access.userName ?? 'a former user', at: access.at.toISOString() })),
    };
  }

  /**
   * The built file, streamed from the store, once the caller's download of it is recorded. 409
   * while it is being built (or when the build failed), 410 once it has expired.
   */
  async openFile(principal: Principal, downloadId: string): Promise<{ body: Readable; size: number; contentType: string; fileName: string }> {
    const row = await this.load(principal, downloadId);
    const status = effectiveStatus(row);
    const gone = () => new AppError(410, 'DownloadExpired', `This bundle expired on ${row.expiresAt.toISOString().slice(0, 10)}: files are kept ${DOWNLOAD_RETENTION_DAYS} days. Request it again from the orders.`);
    if (status === 'Expired') throw gone();
    if (status === 'Processing') throw new AppError(409, 'DownloadNotReady', `This bundle is still being built (${row.progressDone} of ${row.progressTotal} reports). Try again when it is complete.`);
    if (status === 'Failed') throw new AppError(409, 'DownloadFailed', `This bundle could not be built: ${row.failureReason ?? 'unknown reason'}`);
    const file = row.fileKey ? await this.store.get(row.fileKey) : null;
    if (!file) throw gone();
    await repo.insertAccess(this.db, { companyId: principal.companyId, downloadId, userId: principal.userId });
    return { body: file.body, size: file.size, contentType: row.contentType, fileName: row.fileName };
  }

  private seesEveryones(principal: Principal): boolean {
    return principal.ability.can('manage', 'Reports');
  }

  private async load(principal: Principal, downloadId: string) {
    assertCan(principal, 'view', 'Reports');
    const row = await repo.findDownload(this.db, principal.companyId, downloadId);
    // Someone else's download is not found for those who see only their own, as another company's is.
    if (!row || (row.requestedBy !== principal.userId && !this.seesEveryones(principal))) throw notFound('download');
    return row;
  }
}
