// Bulk MVR orders from an uploaded sheet: check who may upload, then read and check the sheet and
// place one order per row in a report group — the group, every order, its CREATED event and the
// sheet's dispatch job in ONE transaction, so a sheet is ordered entirely or not at all. The
// dispatch (sheet-dispatch.jobs.ts) then writes the orders' subject words and fulfilment jobs,
// after the upload has answered. The reading and
// the writing overlap: each chunk of valid rows is written while the next is read, and a problem
// found further down rolls back what was written. Each row is built by the same function as a
// single MVR order (orders/order-rows.ts), so the worker in orders.jobs.ts fulfils them alike.
import { basename } from 'node:path/win32';
import { setImmediate } from 'node:timers/promises';
import { uuidv7 } from 'uuidv7';
import {
  BULK_ORDER_CONTENT_TYPES, BULK_ORDER_FILE_FORMATS, BULK_ORDER_LIMITS, BULK_ORDER_PROBLEM_CODES,
  type BulkOrderFileFormat, type BulkOrderResult, type BulkRowError,
} from '@clearlane/contract';
import type { Database, Executor } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { AppError, invalidInput } from '../../http/errors.ts';
import { DISPATCH_SHEET_JOB, DISPATCH_SHEET_RETRY, inTransaction, type Queue } from '../../jobs/queue.ts';
import { upsertTags } from '../tags/tags.repository.ts';
import { resolveRuleset } from '../rulesets/rulesets.service.ts';
import { mvrPlacement, newOrderRow, unknownRulesetMessage } from '../orders/orders.service.ts';
import * as repo from './bulk-orders.repository.ts';
import { MalformedCsv, readCsv, UnreadableSheet, xlsxRows, type SheetRow } from './sheet-reader.ts';
import { malformedCsvVerdict, SheetChecker, type ValidOrderRow } from './sheet-validation.ts';
import type { DispatchSheetJob } from './sheet-dispatch.jobs.ts';
import { checkZip } from './zip-guard.ts';

export const BULK_UPLOAD_SOURCE = 'BULK_UPLOAD';
/**
 * Orders written per chunk: their rows and events take one statement each. Small enough that
 * the database starts early and the last chunk, written after the sheet is read, is short; large
 * enough that the first chunk's foreign-key plans see a table of its size (ChunkWriter), and that
 * PGlite, which runs each statement on this thread and gains nothing from the overlap, plans few
 * statements (500 measured no faster on PostgreSQL, bench/README.md).
 */
const ORDERS_PER_CHUNK = 1_000;
/** How often the reading lets the event loop run (sheetOrders). */
const ROWS_BETWEEN_TURNS = 100;
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

/** The rows of a CSV file, or of a workbook in batches as it is read, once the file has passed the type and size limits and the zip guard. */
function rowsOf(file: UploadedSheet): SheetRow[][] | AsyncIterable<SheetRow[]> {
  if (file.data.length > BULK_ORDER_LIMITS.maxFileBytes) throw fileTooLarge();
  const format = formatOf(file.fileName, file.mimeType);
  if (!format) throw unsupportedFile(`"${file.fileName}" is not a file type we accept.`);
  if (file.data.length === 0) throw new AppError(422, BULK_ORDER_PROBLEM_CODES.sheetInvalid, 'The file is empty.');
  if (format === 'csv') {
    if (file.data.subarray(0, 4).equals(ZIP_SIGNATURE)) throw new UnreadableSheet('The file is a workbook or archive, not CSV text; save it as .xlsx or export it as CSV.');
    return [readCsv(file.data)];
  }
  if (!file.data.subarray(0, 4).equals(ZIP_SIGNATURE)) throw new UnreadableSheet('The file is not an XLSX workbook (an older .xls or another format renamed?).');
  const zip = checkZip(file.data, BULK_ORDER_LIMITS.maxUnpackedBytes);
  if (!zip.ok && zip.reason === 'too-large') {
    throw new AppError(413, BULK_ORDER_PROBLEM_CODES.unpackedTooLarge,
      `The workbook unpacks to more than the limit of ${megabytes(BULK_ORDER_LIMITS.maxUnpackedBytes)} (it declares ${megabytes(zip.unpackedBytes)}). Remove images and other sheets, or split it.`);
  }
  if (!zip.ok) throw new UnreadableSheet(`The file is not a readable XLSX workbook: ${zip.message}.`);
  return xlsxRows(file.data, zip.files);
}

const tooManyRows = (rows: number) => new AppError(413, BULK_ORDER_PROBLEM_CODES.tooManyRows,
  `The sheet has ${rows.toLocaleString('en-US')} order rows; the limit is ${BULK_ORDER_LIMITS.maxRows.toLocaleString('en-US')} per upload. Split it into several files.`);

function sheetProblemOf(error: unknown): unknown {
  if (error instanceof UnreadableSheet) return unsupportedFile(error.message);
  // CSV text whose quoting breaks off is the right kind of file with a bad cell: 422, like any other bad cell.
  if (error instanceof MalformedCsv) {
    const verdict = malformedCsvVerdict(error);
    return new BulkSheetInvalidError(verdict.detail, verdict.rowErrors, verdict.rowErrorCount);
  }
  return error;
}

/**
 * The valid orders of a sheet by row, in chunks of ORDERS_PER_CHUNK, each as soon as its rows are read
 * and checked; the file's own problem (type, size, unreadable) is thrown before the first. A sheet
 * with any problem stops giving orders at the first one, and once it is read to the end throws the
 * problem listing all of them (or that it has too many rows): whoever wrote the orders given
 * before must undo them. Every ROWS_BETWEEN_TURNS rows it lets the event loop run, so that a chunk
 * being written goes on to its next statement as soon as the database answers, not only once the
 * next chunk is read.
 */
export async function* sheetOrders(file: UploadedSheet): AsyncGenerator<ValidOrderRow[]> {
  const checker = new SheetChecker();
  let chunk: ValidOrderRow[] = [];
  let rowsRead = 0;
  try {
    const batches = rowsOf(file);
    // A CSV file is read whole: one over the limit is refused before any of it is written. A
    // workbook's rows are counted as they are read, so the orders written until its limit is
    // passed are rolled back.
    if (Array.isArray(batches) && batches[0]!.length - 1 > BULK_ORDER_LIMITS.maxRows) throw tooManyRows(batches[0]!.length - 1);
    for await (const rows of batches) {
      for (const row of rows) {
        const order = checker.check(row);
        if (order) chunk.push(order);
        if (chunk.length === ORDERS_PER_CHUNK) {
          yield chunk;
          chunk = [];
        }
        if (++rowsRead % ROWS_BETWEEN_TURNS === 0) await setImmediate();
      }
    }
  } catch (error) {
    throw sheetProblemOf(error);
  }
  const verdict = checker.verdict();
  if (verdict?.kind === 'too-many-rows') throw tooManyRows(verdict.rows);
  if (verdict) throw new BulkSheetInvalidError(verdict.detail, verdict.rowErrors, verdict.rowErrorCount);
  if (chunk.length > 0) yield chunk;
}

/** Reads and checks a whole sheet: the valid orders by row, or the problem listing what is wrong. */
export async function parseBulkSheet(file: UploadedSheet): Promise<ValidOrderRow[]> {
  const orders: ValidOrderRow[] = [];
  for await (const chunk of sheetOrders(file)) orders.push(...chunk);
  return orders;
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
    return this.placeOrders(principal, displayFileName(file.fileName), withOptions(sheetOrders(file), options));
  }

  private async assertRulesetExists(principal: Principal, options: BulkOrderOptions) {
    // As for a single order: a named namespace must exist even without auto-adjudication.
    if ((options.isAutoAdjudicated || options.ruleNamespace) && !(await resolveRuleset(this.db, principal.companyId, options.ruleNamespace))) {
      throw invalidInput([{ path: 'query.ruleNamespace', message: unknownRulesetMessage(options.ruleNamespace) }]);
    }
  }

  /**
   * The group, the orders, their events and tags, and the sheet's dispatch job: all or nothing. The rows may still be
   * being read (sheetOrders): each chunk is written while the next is read and checked, so the
   * database's work and the reading overlap (on two cores) instead of following each other. An
   * error from the rows (a problem found further down the sheet) rolls back whatever was written.
   */
  async placeOrders(principal: Principal, fileName: string, rows: readonly BulkOrderRow[] | AsyncIterable<readonly BulkOrderRow[]>): Promise<BulkOrderResult> {
    const queue = this.queue();
    if (!queue) throw new AppError(503, 'QueueUnavailable', 'Orders cannot be placed right now: the job queue is not running. Please try again shortly.', { title: 'Service Unavailable' });
    const chunks = (Symbol.asyncIterator in rows ? rows : chunksOf(rows, ORDERS_PER_CHUNK))[Symbol.asyncIterator]();
    // The first chunk before the transaction: a sheet whose header or first rows are wrong opens none.
    let next = await chunks.next();
    const writer = new ChunkWriter(principal, fileName);
    await this.db.transaction(async (tx) => {
      await repo.deferSubjectWords(tx);
      await repo.insertReportGroup(tx, {
        id: writer.reportGroupId, companyId: principal.companyId, name: `MVR orders from ${fileName}`, source: BULK_UPLOAD_SOURCE, fileName, totalOrders: 0,
        awaitingDispatch: true, createdBy: principal.userId,
      });
      let writing: Promise<void> = Promise.resolve();
      try {
        while (!next.done) {
          await writing;
          writing = writer.write(tx, next.value);
          // A write that fails while the next chunk is read is thrown at the next turn, not left unhandled.
          writing.catch(() => {});
          next = await chunks.next();
        }
        await writing;
      } catch (error) {
        // Nothing may still be running on the transaction when it rolls back; the sheet's problem
        // (or the failed write) is the answer, the interrupted write is undone with the rest.
        await writing.catch(() => {});
        await chunks.return?.(undefined);
        throw error;
      }
      await repo.setReportGroupTotal(tx, principal.companyId, writer.reportGroupId, writer.totalOrders);
      const dispatch: DispatchSheetJob = { companyId: principal.companyId, reportGroupId: writer.reportGroupId };
      await queue.send(DISPATCH_SHEET_JOB, dispatch, { ...DISPATCH_SHEET_RETRY, db: inTransaction(tx) });
    });
    return { reportGroupId: writer.reportGroupId, totalOrders: writer.totalOrders, fileName };
  }
}

export interface BulkOrderRow extends ValidOrderRow {
  options: BulkOrderOptions;
}

async function* withOptions(chunks: AsyncIterable<ValidOrderRow[]>, options: BulkOrderOptions): AsyncGenerator<BulkOrderRow[]> {
  for await (const chunk of chunks) yield chunk.map((order) => ({ ...order, options }));
}

async function* chunksOf<T>(rows: readonly T[], size: number): AsyncGenerator<readonly T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/** Writes a sheet's orders chunk by chunk, each order built as a single MVR order is (orders/order-rows.ts). */
class ChunkWriter {
  readonly reportGroupId = uuidv7();
  totalOrders = 0;
  private readonly orderer: string;
  private readonly tagsWritten = new Set<string>();

  constructor(private readonly principal: Principal, private readonly fileName: string) {
    this.orderer = `${principal.firstName} ${principal.lastName}`;
  }

  async write(tx: Executor, rows: readonly BulkOrderRow[]): Promise<void> {
    const { companyId, userId } = this.principal;
    const { reportGroupId } = this;
    const orderRows: repo.NewBulkOrderRow[] = [];
    const eventRows: repo.NewBulkEventRow[] = [];
    const newTags = new Set<string>();
    for (const { row, order, options } of rows) {
      const placement = mvrPlacement({ ...order, personId: null, isAutoAdjudicated: options.isAutoAdjudicated ?? false, ruleNamespace: options.ruleNamespace });
      const orderRow = newOrderRow(placement, { id: uuidv7(), companyId, orderedBy: userId, reportGroupId });
      for (const tag of orderRow.tags!) if (!this.tagsWritten.has(tag)) newTags.add(tag);
      orderRows.push(orderRow);
      eventRows.push({
        id: uuidv7(), companyId, orderId: orderRow.id!, type: 'CREATED', fromStatus: null, toStatus: 'New', actorId: userId,
        message: `Ordered by ${this.orderer} (bulk upload ${this.fileName}, row ${row})`, data: { reportGroupId, row },
      });
    }
    const isFirstChunk = this.totalOrders === 0;
    this.totalOrders += orderRows.length;
    if (newTags.size > 0) {
      await upsertTags(tx, companyId, [...newTags]);
      for (const tag of newTags) this.tagsWritten.add(tag);
    }
    await repo.insertOrders(tx, orderRows);
    // The events' foreign-key check must be planned against orders as they are now, the sheet's
    // first chunk included; later chunks only add to the table, and the plan stays right for them.
    if (isFirstChunk) await repo.replanForeignKeyChecks(tx);
    await repo.insertEvents(tx, eventRows);
  }
}
