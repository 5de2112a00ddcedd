// Turns the rows of a sheet into MVR orders, one row at a time as the sheet is read, or into every
// problem it has, by row and column.
// Each row is checked with the single-order contract (checkBulkMvrRow), so a row's messages are
// the order form's. Nothing is created unless every row is valid.
import {
  BULK_MVR_COLUMNS, BULK_ORDER_LIMITS, bulkRowToOrderBody, checkBulkMvrRow, normalizeBulkHeader,
  type BulkMvrCells, type BulkMvrColumn, type BulkMvrColumnKey, type BulkRowError, type CreateMvrOrderBody,
} from '@clearlane/contract';
import type { MalformedCsv, SheetRow } from './sheet-reader.ts';

export type ValidBulkOrder = CreateMvrOrderBody & { driver: NonNullable<CreateMvrOrderBody['driver']> };

/** What is wrong with a sheet that cannot be ordered. */
export type SheetVerdict =
  | { kind: 'invalid'; rowErrors: BulkRowError[]; rowErrorCount: number; detail: string }
  | { kind: 'too-many-rows'; rows: number };

const COLUMN_BY_HEADER = new Map<string, BulkMvrColumn>(
  BULK_MVR_COLUMNS.flatMap((column) => [column.header, ...(column.aliases ?? [])].map((header) => [normalizeBulkHeader(header), column] as const)),
);
const COLUMN_BY_KEY = new Map<BulkMvrColumnKey, BulkMvrColumn>(BULK_MVR_COLUMNS.map((column) => [column.key, column]));

const quote = (text: string) =>
  text.length > BULK_ORDER_LIMITS.maxQuotedValueLength ? `${text.slice(0, BULK_ORDER_LIMITS.maxQuotedValueLength)}…` : text;

/** Collects errors, listing the first maxListedRowErrors and counting them all. */
class ErrorList {
  readonly listed: BulkRowError[] = [];
  count = 0;
  add(error: BulkRowError) {
    this.count++;
    if (this.listed.length < BULK_ORDER_LIMITS.maxListedRowErrors) this.listed.push({ ...error, value: quote(error.value) });
  }
}

const invalid = (errors: ErrorList, detail: string): Extract<SheetVerdict, { kind: 'invalid' }> => ({ kind: 'invalid', rowErrors: errors.listed, rowErrorCount: errors.count, detail });

/** 0 → A, 25 → Z, 26 → AA: the column's letter as a spreadsheet heads it. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

// The template's example row shows the format; it is not a driver. A row naming the example's
// driver is refused, so that uploading the template unchanged (or with the example left above real
// rows) orders nothing for "Jane Public". The driver is compared as an order would read it: the
// date in either format, the licence number without spaces and hyphens, names in any case.
const driverOf = (cells: BulkMvrCells) => {
  const { driver } = bulkRowToOrderBody(cells);
  return [driver.firstName, driver.lastName, driver.dateOfBirth, driver.licenceNumber.replace(/[\s-]/g, ''), driver.licenceState].map((part) => part.trim().toLowerCase()).join('|');
};
const EXAMPLE_CELLS: BulkMvrCells = Object.fromEntries(BULK_MVR_COLUMNS.map((column) => [column.key, column.example]));
const EXAMPLE_DRIVER = driverOf(EXAMPLE_CELLS);
export const TEMPLATE_EXAMPLE_MESSAGE =
  `is the template's example row (${EXAMPLE_CELLS.firstName} ${EXAMPLE_CELLS.lastName}, licence ${EXAMPLE_CELLS.licenceState} ${EXAMPLE_CELLS.licenceNumber}), not one of your drivers: replace it with your drivers' rows or delete it`;

export const isTemplateExampleRow = (cells: BulkMvrCells) => driverOf(cells) === EXAMPLE_DRIVER;

const CSV_ADVICE = 'Check the cell, or save the sheet again as CSV UTF-8.';

/** A CSV file broken at one cell: the one problem, where the user will find it. */
export function malformedCsvVerdict(error: MalformedCsv): Extract<SheetVerdict, { kind: 'invalid' }> {
  const errors = new ErrorList();
  const where = `Row ${error.row}, column ${columnLetter(error.columnIndex)}${error.header ? ` (${error.header})` : ''}`;
  errors.add({ row: error.row, column: error.header ?? `Column ${columnLetter(error.columnIndex)}`, value: error.value, message: `${error.reason}. ${CSV_ADVICE}` });
  return { kind: 'invalid', rowErrors: errors.listed, rowErrorCount: errors.count, detail: `${where}: ${error.reason}. ${CSV_ADVICE}` };
}

/** Which column each position of the header row is; problems of the header itself go to `errors`. */
function readHeader(header: SheetRow, errors: ErrorList): (BulkMvrColumn | null)[] {
  const seen = new Set<BulkMvrColumnKey>();
  const positions = header.cells.map((cell) => {
    const label = cell.text.trim();
    if (label === '') return null;
    const column = COLUMN_BY_HEADER.get(normalizeBulkHeader(label));
    if (!column) {
      errors.add({ row: header.number, column: label, value: label, message: `is not a column of the template; the columns are: ${BULK_MVR_COLUMNS.map((c) => c.header).join(', ')}` });
      return null;
    }
    if (seen.has(column.key)) {
      errors.add({ row: header.number, column: column.header, value: label, message: 'this column appears twice' });
      return null;
    }
    seen.add(column.key);
    return column;
  });
  for (const column of BULK_MVR_COLUMNS) {
    if (column.required && !seen.has(column.key)) errors.add({ row: header.number, column: column.header, value: '', message: 'this required column is missing' });
  }
  return positions;
}

export interface ValidOrderRow {
  row: number;
  order: ValidBulkOrder;
}

/**
 * Checks a sheet one row at a time, as it is read (the header first): each valid row's order at
 * once, so that an upload can write it while later rows are still read, and at the end the verdict
 * on the whole sheet. Rows are checked until the first problem and after it, so that every problem
 * is listed; an order given out before a problem was found must then be undone by the caller (the
 * upload's transaction rolls back).
 */
export class SheetChecker {
  private readonly errors = new ErrorList();
  private header: SheetRow | undefined;
  private positions: (BulkMvrColumn | null)[] = [];
  private headerFailed = false;
  private dataRows = 0;

  /** True once the sheet cannot be ordered: a problem found, or more rows than the limit. */
  get failed(): boolean {
    return this.errors.count > 0 || this.dataRows > BULK_ORDER_LIMITS.maxRows;
  }

  /** The row's order when it is valid and the sheet has been so far; otherwise null, its problems noted. */
  check(row: SheetRow): ValidOrderRow | null {
    if (!this.header) {
      this.header = row;
      this.positions = readHeader(row, this.errors);
      this.headerFailed = this.errors.count > 0;
      return null;
    }
    this.dataRows++;
    // Past the limit, or under a header with problems, the rows are only counted (as the verdict needs).
    if (this.dataRows > BULK_ORDER_LIMITS.maxRows || this.headerFailed) return null;
    const order = checkRow(row, this.positions, this.errors);
    return order && !this.failed ? order : null;
  }

  /** Null when every row was valid; otherwise what is wrong with the sheet. */
  verdict(): SheetVerdict | null {
    const { errors, header } = this;
    if (!header) {
      errors.add({ row: 1, column: '', value: '', message: 'the sheet is empty: the first row must hold the column headers of the template' });
      return invalid(errors, 'The sheet is empty.');
    }
    if (this.dataRows > BULK_ORDER_LIMITS.maxRows) return { kind: 'too-many-rows', rows: this.dataRows };
    if (this.headerFailed) {
      const missing = errors.listed.filter((error) => error.message === 'this required column is missing').map((error) => error.column);
      return invalid(errors, missing.length > 0
        ? `The header row is missing required columns: ${missing.join(', ')}.`
        : 'The header row has columns the template does not have.');
    }
    if (this.dataRows === 0) {
      errors.add({ row: 2, column: '', value: '', message: 'the sheet has no orders: add one row per driver under the header' });
      return invalid(errors, 'The sheet has no orders.');
    }
    if (errors.count === 0) return null;
    const badRows = new Set(errors.listed.map((error) => error.row)).size;
    return invalid(errors, `${errors.count} ${errors.count === 1 ? 'problem' : 'problems'} in ${badRows}${errors.count > errors.listed.length ? '+' : ''} ${badRows === 1 ? 'row' : 'rows'}; nothing was ordered. Correct the sheet and upload it again.`);
  }
}

/** One data row: its order, or null with its problems added to `errors`. */
function checkRow(row: SheetRow, positions: (BulkMvrColumn | null)[], errors: ErrorList): ValidOrderRow | null {
  const cells: BulkMvrCells = {};
  let unusable = false;
  positions.forEach((column, index) => {
    const cell = row.cells[index];
    if (!column || !cell) return;
    if (cell.problem) {
      unusable = true;
      errors.add({ row: row.number, column: column.header, value: cell.text, message: cell.problem });
    }
    cells[column.key] = cell.text;
  });
  // Text beyond the header's last column would be silently dropped: say so instead.
  row.cells.slice(positions.length).forEach((cell) => {
    if (cell.text.trim() !== '') errors.add({ row: row.number, column: '', value: cell.text, message: 'is outside the columns of the header row' });
  });
  if (isTemplateExampleRow(cells)) {
    errors.add({ row: row.number, column: '', value: [cells.firstName, cells.lastName].join(' '), message: TEMPLATE_EXAMPLE_MESSAGE });
    return null;
  }
  const check = checkBulkMvrRow(cells);
  if (!check.ok) {
    for (const problem of check.problems) {
      const column = problem.column ? COLUMN_BY_KEY.get(problem.column)! : null;
      // A refused cell (a formula) already has its error; the schema's would only repeat it.
      if (column && row.cells[positions.indexOf(column)]?.problem) continue;
      errors.add({ row: row.number, column: column?.header ?? '', value: column ? (cells[column.key] ?? '') : '', message: problem.message });
    }
    return null;
  }
  return unusable ? null : { row: row.number, order: check.order };
}
