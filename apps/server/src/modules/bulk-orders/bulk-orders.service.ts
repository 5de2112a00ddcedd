// Bulk MVR orders from an uploaded sheet: check who may upload, read and check the whole sheet,
// then place one order per row in a report group — the group, every order, its CREATED event and
// its fulfilment job in ONE transaction, so a sheet is ordered entirely or not at all. Each row is
// built by the same function as a single MVR order (orders/order-rows.ts), so the worker in
// orders.jobs.ts fulfils them alike.
import { basename } from 'node:path/win32';
import { uuidv7 } from 'uuidv7';
import {
  BULK_ORDER_CONTENT_TYPES, BULK_ORDER_FILE_FORMATS, BULK_ORDER_LIMITS, BULK_ORDER_PROBLEM_CODES,
  type BulkOrderFileFormat, type BulkOrderResult, type BulkRowError,
} from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { AppError, invalidInput } from '../../http/errors.ts';
import { FULFIL_ORDER_JOB, FULFIL_ORDER_RETRY, inTransaction, type Queue } from '../../jobs/queue.ts';
import { upsertTags } from '../tags/tags.repository.ts';
import { resolveRuleset } from '../rulesets/rulesets.service.ts';
import type { FulfilOrderJob } from '../orders/orders.jobs.ts';
import { mvrPlacement, newOrderRow, unknownRulesetMessage } from '../orders/orders.service.ts';
import * as repo from './bulk-orders.repository.ts';
import { MalformedCsv, readCsv, readXlsx, UnreadableSheet, type SheetRow } from './sheet-reader.ts';
import { malformedCsvVerdict, validateSheet, type ValidBulkOrder } from './sheet-validation.ts';
import { checkZip } from './zip-guard.ts';

export const BULK_UPLOAD_SOURCE = 'BULK_UPLOAD';
/** pg-boss writes a batch of jobs as one JSON parameter; a few thousand at a time keeps it modest. */
const JOBS_PER_INSERT = 2_000;
const MAX_FILE_NAME_LENGTH = 200;

export interface UploadedSheet {
  fileName: string;
  mimeType: string;
  data: Buffer;
}

export interface BulkOrderOptions {
  isAutoAdjudicated?: boolean;
  ruleNamespace?: string;
}

/** 422 BulkSheetInvalid: the problem carries every row error as the `rowErrors` extension. */
export class BulkSheetInvalidError extends AppError {
  constructor(detail: string, readonly rowErrors: BulkRowError[], readonly rowErrorCount: number) {
    super(422, BULK_ORDER_PROBLEM_CODES.sheetInvalid, detail, {
      // The usual field errors, summarised: one per listed problem, as "row 3, Last name".
      errors: rowErrors.map((error) => ({ path: `file.row ${error.row}${error.column ? `, ${error.column}` : ''}`, message: error.message })),
    });
  }
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const ACCEPTED = 'Upload an Excel workbook (.xlsx) or a CSV file (.csv).';

const unsupportedFile = (why: string) => new AppError(415, BULK_ORDER_PROBLEM_CODES.unsupportedFile, `${why} ${ACCEPTED}`);

export const fileTooLarge = () =>
  new AppError(413, BULK_ORDER_PROBLEM_CODES.fileTooLarge, `The file is larger than the limit of ${megabytes(BULK_ORDER_LIMITS.maxFileBytes)}. Split the sheet into smaller files.`);

/** The format a file is by its name, or by its declared type when the name has no extension. */
export function formatOf(fileName: string, mimeType: string): BulkOrderFileFormat | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension) return (BULK_ORDER_FILE_FORMATS as readonly string[]).includes(extension) ? (extension as BulkOrderFileFormat) : null;
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  return BULK_ORDER_FILE_FORMATS.find((format) => BULK_ORDER_CONTENT_TYPES[format] === type) ?? null;
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The rows of an uploaded sheet, after the type and size limits; throws the problem otherwise. */
export async function readSheet(file: UploadedSheet): Promise<SheetRow[]> {
  if (file.data.length > BULK_ORDER_LIMITS.maxFileBytes) throw fileTooLarge();
  const format = formatOf(file.fileName, file.mimeType);
  if (!format) throw unsupportedFile(`"${file.fileName}" is not a file type we accept.`);
  if (file.data.length === 0) throw new AppError(422, BULK_ORDER_PROBLEM_CODES.sheetInvalid, 'The file is empty.');
  try {
    if (format === 'csv') {
      if (file.data.subarray(0, 4).equals(ZIP_SIGNATURE)) throw new UnreadableSheet('The file is a workbook or archive, not CSV text; save it as .xlsx or export it as CSV.');
      return readCsv(file.data);
    }
    if (!file.data.subarray(0, 4).equals(ZIP_SIGNATURE)) throw new UnreadableSheet('The file is not an XLSX workbook (an older .xls or another format renamed?).');
    const zip = checkZip(file.data, BULK_ORDER_LIMITS.maxUnpackedBytes);
    if (!zip.ok && zip.reason === 'too-large') {
      throw new AppError(413, BULK_ORDER_PROBLEM_CODES.unpackedTooLarge,
        `The workbook unpacks to more than the limit of ${megabytes(BULK_ORDER_LIMITS.maxUnpackedBytes)} (it declares ${megabytes(zip.unpackedBytes)}). Remove images and other sheets, or split it.`);
    }
    if (!zip.ok) throw new UnreadableSheet(`The file is not a readable XLSX workbook: ${zip.message}.`);
    return await readXlsx(file.data, zip.files);
  } catch (error) {
    if (error instanceof UnreadableSheet) throw unsupportedFile(error.message);
    // CSV text whose quoting breaks off is the right kind of file with a bad cell: 422, like any other bad cell.
    if (error instanceof MalformedCsv) {
      const verdict = malformedCsvVerdict(error);
      throw new BulkSheetInvalidError(verdict.detail, verdict.rowErrors, verdict.rowErrorCount);
    }
    throw error;
  }
}

/** Reads and checks a whole sheet: the valid orders by row, or the problem listing what is wrong. */
export async function parseBulkSheet(file: UploadedSheet) {
  const verdict = validateSheet(await readSheet(file));
  if (verdict.kind === 'too-many-rows') {
    throw new AppError(413, BULK_ORDER_PROBLEM_CODES.tooManyRows,
      `The sheet has ${verdict.rows.toLocaleString('en-US')} order rows; the limit is ${BULK_ORDER_LIMITS.maxRows.toLocaleString('en-US')} per upload. Split it into several files.`);
  }
  if (verdict.kind === 'invalid') throw new BulkSheetInvalidError(verdict.detail, verdict.rowErrors, verdict.rowErrorCount);
  return verdict.orders;
}

/** A file name as shown back to people: no folders (browsers on Windows send "C:\fakepath\..."), no control characters. */
export const displayFileName = (fileName: string) =>
  // eslint-disable-next-line no-control-regex
  basename(fileName).replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_FILE_NAME_LENGTH) || 'upload';

export class BulkOrdersService {
  constructor(private readonly db: Database, private readonly queue: () => Queue | undefined) {}

  /** Before the file is read: the role may create orders (the routes declare the bulk-orders plugin). */
  async assertMayUpload(principal: Principal): Promise<void> {
    assertCan(principal, 'create', 'Order');
  }

  async createFromSheet(principal: Principal, file: UploadedSheet, options: BulkOrderOptions): Promise<BulkOrderResult> {
    await this.assertMayUpload(principal);
    await this.assertRulesetExists(principal, options);
    const rows = await parseBulkSheet(file);
    return this.placeOrders(principal, displayFileName(file.fileName), rows.map((row) => ({ ...row, options })));
  }

  private async assertRulesetExists(principal: Principal, options: BulkOrderOptions) {
    // As for a single order: a named namespace must exist even without auto-adjudication.
    if ((options.isAutoAdjudicated || options.ruleNamespace) && !(await resolveRuleset(this.db, principal.companyId, options.ruleNamespace))) {
      throw invalidInput([{ path: 'query.ruleNamespace', message: unknownRulesetMessage(options.ruleNamespace) }]);
    }
  }

  /** The group, the orders, their events, tags and jobs: all or nothing. */
  async placeOrders(principal: Principal, fileName: string, rows: { row: number; order: ValidBulkOrder; options: BulkOrderOptions }[]): Promise<BulkOrderResult> {
    const queue = this.queue();
    if (!queue) throw new AppError(503, 'QueueUnavailable', 'Orders cannot be placed right now: the job queue is not running. Please try again shortly.', { title: 'Service Unavailable' });
    const companyId = principal.companyId;
    const reportGroupId = uuidv7();
    const orderer = `${principal.firstName} ${principal.lastName}`;
    const orderRows: repo.NewBulkOrderRow[] = [];
    const eventRows: repo.NewBulkEventRow[] = [];
    const tags = new Set<string>();
    for (const { row, order, options } of rows) {
      const placement = mvrPlacement({ ...order, personId: null, isAutoAdjudicated: options.isAutoAdjudicated ?? false, ruleNamespace: options.ruleNamespace });
      const orderRow = newOrderRow(placement, { id: uuidv7(), companyId, orderedBy: principal.userId, reportGroupId });
      for (const tag of orderRow.tags!) tags.add(tag);
      orderRows.push(orderRow);
      eventRows.push({
        id: uuidv7(), companyId, orderId: orderRow.id!, type: 'CREATED', fromStatus: null, toStatus: 'New', actorId: principal.userId,
        message: `Ordered by ${orderer} (bulk upload ${fileName}, row ${row})`, data: { reportGroupId, row },
      });
    }
    await this.db.transaction(async (tx) => {
      await repo.insertReportGroup(tx, { id: reportGroupId, companyId, name: `MVR orders from ${fileName}`, source: BULK_UPLOAD_SOURCE, fileName, totalOrders: orderRows.length, createdBy: principal.userId });
      if (tags.size > 0) await upsertTags(tx, companyId, [...tags]);
      await repo.insertOrders(tx, orderRows);
      // The events' foreign-key check must be planned against orders as they are now, sheet included.
      await repo.replanForeignKeyChecks(tx);
      await repo.insertEvents(tx, eventRows);
      for (let start = 0; start < orderRows.length; start += JOBS_PER_INSERT) {
        const jobs = orderRows.slice(start, start + JOBS_PER_INSERT).map((order) => ({ data: { orderId: order.id!, companyId } satisfies FulfilOrderJob, ...FULFIL_ORDER_RETRY }));
        await queue.insert(FULFIL_ORDER_JOB, jobs, { db: inTransaction(tx) });
      }
    });
    return { reportGroupId, totalOrders: orderRows.length, fileName };
  }
}
