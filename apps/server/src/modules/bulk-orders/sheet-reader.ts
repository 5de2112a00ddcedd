// Reads an uploaded sheet (XLSX or CSV) into rows of text cells, numbered as a spreadsheet shows
// them. Nothing in a sheet is ever evaluated: CSV cells are text as typed, and an XLSX formula cell
// is refused rather than trusted (its cached result may not be what the formula computes today,
// and we would rather the user see and type the value than order on a guess).
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { storedZip } from '../../documents/zip-writer.ts';
import { decodeSheetText } from './text-encoding.ts';
import type { UnpackedEntry } from './zip-guard.ts';

export interface SheetCell {
  /** The cell as text; dates of date cells as YYYY-MM-DD. */
  text: string;
  /** Why the cell cannot be used at all (a formula, an error value), if so. */
  problem?: string;
}

export interface SheetRow {
  /** 1-based, as a spreadsheet numbers rows: the header is row 1. */
  number: number;
  cells: SheetCell[];
}

export class UnreadableSheet extends Error {}

/**
 * A CSV file whose quoting breaks off at one cell: where it is, as the user finds it in a
 * spreadsheet (1-based row, the column's letter and header), and what is wrong in plain words.
 */
export class MalformedCsv extends Error {
  constructor(
    readonly row: number,
    /** 0-based position of the cell in its row. */
    readonly columnIndex: number,
    /** The header row's text of that column, when the header itself could be read. */
    readonly header: string | null,
    /** The cell as typed, up to the end of its line. */
    readonly value: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const FORMULA_REFUSED = 'formulas are not allowed: type the value itself';

const isoDate = (date: Date) => (Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10));

/** One exceljs cell value as text, or the reason it cannot be used. */
function cellOf(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value) };
  // exceljs turns date-formatted numbers into Dates at UTC midnight of the day shown.
  if (value instanceof Date) return { text: isoDate(value) };
  if ('formula' in value || 'sharedFormula' in value) {
    const formula = 'formula' in value ? value.formula : value.sharedFormula;
    return { text: `=${formula ?? ''}`, problem: FORMULA_REFUSED };
  }
  if ('richText' in value) return { text: value.richText.map((part) => part.text).join('') };
  if ('hyperlink' in value) return { text: typeof value.text === 'string' ? value.text : '' };
  if ('error' in value) return { text: value.error, problem: `the cell holds the spreadsheet error ${value.error}` };
  return { text: '' };
}

const isBlank = (cells: SheetCell[]) => cells.every((cell) => cell.text.trim() === '' && !cell.problem);

/**
 * The row's cells as text up to its last non-empty one, or nothing for a blank row. row.values is
 * 1-based (index 0 is always empty) and sparse. Trailing empty cells mean nothing to the orders and
 * the two readers disagree on them (an empty shared string is '' loaded whole and null streamed).
 */
function cellsOf(row: ExcelJS.Row): SheetCell[] | null {
  const values = row.values as ExcelJS.CellValue[];
  const cells: SheetCell[] = [];
  for (let column = 1; column < values.length; column++) cells.push(cellOf(values[column]));
  while (cells.length > 0 && cells.at(-1)!.text === '' && !cells.at(-1)!.problem) cells.pop();
  return isBlank(cells) ? null : cells;
}

/**
 * Reads the first sheet of a workbook (the orders; other sheets, notes or lookups, are left
 * alone). `unpacked` are its entries as the zip guard unpacked them: then the sheet is streamed
 * from them (exceljs's streaming reader, about three times as fast as loading the whole workbook),
 * and loaded whole only when the streaming reader cannot tell which sheet is the first.
 */
export async function readXlsx(file: Buffer, unpacked?: readonly UnpackedEntry[]): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const batch of xlsxRows(file, unpacked)) rows.push(...batch);
  return rows;
}

/** Rows handed on together: one hop through the async generators per batch, not per row. */
const ROWS_PER_BATCH = 100;

/**
 * The rows of readXlsx in batches, as the reader reaches them: an upload checks and writes the
 * first rows while the later ones are still being read. A workbook the streaming reader trips on
 * part-way is loaded whole and read on after the last row already given (both readers number rows
 * alike), so no row is given twice or missed.
 */
export async function* xlsxRows(file: Buffer, unpacked?: readonly UnpackedEntry[]): AsyncGenerator<SheetRow[]> {
  let lastNumber = 0;
  if (unpacked) {
    try {
      for await (const batch of streamFirstSheet(unpacked)) {
        lastNumber = batch.at(-1)?.number ?? lastNumber;
        yield batch;
      }
      return;
    } catch (error) {
      // A workbook the streaming reader trips on may still load whole; if not, that says so.
      if (!(error instanceof CannotStream)) throw error;
    }
  }
  yield (await loadFirstSheet(file)).filter((row) => row.number > lastNumber);
}

async function loadFirstSheet(file: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch {
    throw new UnreadableSheet('The file is not a readable XLSX workbook.');
  }
  const worksheet = workbook.worksheets[0];
  if (!worksheet) return [];
  const rows: SheetRow[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells = cellsOf(row);
    if (cells) rows.push({ number, cells });
  });
  return rows;
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELATIONS = 'xl/_rels/workbook.xml.rels';
const STYLES = 'xl/styles.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
/** The streaming reader parks sheets that come before the shared strings in temporary files; a workbook without any gets an empty table. */
const NO_SHARED_STRINGS = Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>');

/**
 * The zip in pieces, as a file or socket would deliver it: the reader's zip parser copies what it
 * holds on every piece it is given, and is several times slower handed one piece of megabytes.
 */
const STREAM_CHUNK_BYTES = 64 * 1024;
function* chunksOf(zip: Buffer): Generator<Buffer> {
  for (let start = 0; start < zip.length; start += STREAM_CHUNK_BYTES) yield zip.subarray(start, start + STREAM_CHUNK_BYTES);
}

/** What the streaming reader knows once it has read xl/workbook.xml (untyped in exceljs). */
interface StreamedWorkbook {
  model?: { sheets?: { name?: string }[] };
}

/** The streaming reader cannot read this workbook for certain: load it whole instead. */
class CannotStream extends Error {}

/**
 * The first sheet's rows, in batches, through exceljs's streaming reader; throws CannotStream when
 * it cannot be read this way for certain (then the caller loads the workbook whole, which reads the
 * same sheet). The zip it reads is rebuilt from the guard's entries in the order that reader needs:
 * the workbook and its relations (which sheet is first), styles (which numbers are dates), shared
 * strings, then the sheets; everything else is left out.
 */
async function* streamFirstSheet(unpacked: readonly UnpackedEntry[]): AsyncGenerator<SheetRow[]> {
  const entry = (name: string) => unpacked.find((file) => file.name === name);
  const workbookXml = entry(WORKBOOK);
  const relations = entry(WORKBOOK_RELATIONS);
  if (!workbookXml || !relations) throw new CannotStream();
  const sheets = unpacked.filter((file) => WORKSHEET.test(file.name));
  const styles = entry(STYLES);
  const zip = storedZip([
    relations, workbookXml, ...(styles ? [styles] : []), entry(SHARED_STRINGS) ?? { name: SHARED_STRINGS, data: NO_SHARED_STRINGS }, ...sheets,
  ]);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(chunksOf(zip)), {
    worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore',
  });
  // for await never throws into a generator at its yield: whatever is caught here is the reader's.
  try {
    for await (const worksheet of reader) {
      const firstName = (reader as StreamedWorkbook).model?.sheets?.[0]?.name;
      if (firstName === undefined || (worksheet as { name?: string }).name !== firstName) continue;
      let batch: SheetRow[] = [];
      for await (const row of worksheet) {
        const cells = cellsOf(row);
        if (cells) batch.push({ number: row.number, cells });
        if (batch.length === ROWS_PER_BATCH) {
          yield batch;
          batch = [];
        }
      }
      yield batch;
      return;
    }
  } catch (error) {
    throw new CannotStream(String(error));
  }
  throw new CannotStream('no first sheet');
}

/** csv-parse's error codes for broken quoting, in words a spreadsheet user can act on. */
const CSV_QUOTE_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quote is opened but never closed',
  INVALID_OPENING_QUOTE: 'a quote (") stands inside a cell that does not begin with one',
  CSV_INVALID_CLOSING_QUOTE: 'there is text right after the quote that closes the cell',
};

const isRecordEnd = (char: string | undefined) => char === '\n' || char === '\r';

/**
 * Where field `field` of record `record` (both 0-based) begins in the text. Every record before it,
 * and every field before it in its record, parsed cleanly, so plain RFC 4180 scanning finds the
 * same boundaries csv-parse did.
 */
function fieldStart(text: string, record: number, field: number): number {
  let position = 0;
  let r = 0;
  let f = 0;
  let quoted = false;
  while (position < text.length && (r < record || f < field)) {
    const char = text[position]!;
    if (quoted) {
      if (char === '"' && text[position + 1] === '"') position++;
      else if (char === '"') quoted = false;
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      f++;
    } else if (isRecordEnd(char)) {
      if (char === '\r' && text[position + 1] === '\n') position++;
      r++;
      f = 0;
    }
    position++;
  }
  return position;
}

/** The broken cell as typed: to the next comma, or (inside an open quote) to the end of its line. */
function cellText(text: string, start: number): string {
  let end = start;
  if (text[end] === '"') {
    end++;
    while (end < text.length && !(text[end] === '"' && text[end + 1] !== '"')) end += text[end] === '"' ? 2 : 1;
  }
  while (end < text.length && text[end] !== ',' && !isRecordEnd(text[end])) end++;
  const cell = text.slice(start, end);
  return cell.split(/\r\n|\n|\r/)[0]!;
}

function headerOf(text: string, column: number): string | null {
  try {
    const [header] = parseCsv(text, { bom: true, relax_column_count: true, relax_quotes: false, to: 1 }) as string[][];
    return header?.[column]?.trim() || null;
  } catch {
    return null;
  }
}

export function readCsv(file: Buffer): SheetRow[] {
  // NUL bytes do not occur in text: this is a binary file with a .csv name.
  if (file.subarray(0, 8192).includes(0)) throw new UnreadableSheet('The file is not a CSV text file.');
  const text = decodeSheetText(file);
  let records: string[][];
  try {
    records = parseCsv(text, { bom: true, relax_column_count: true, skip_empty_lines: false, relax_quotes: false }) as string[][];
  } catch (error) {
    // A CSV file with broken quoting is still the sheet the user meant: say where, not that it is not CSV.
    const { code, records: before, column } = error as { code?: string; records?: number; column?: number };
    const reason = CSV_QUOTE_PROBLEMS[code ?? ''] ?? 'this cell cannot be read as CSV';
    const index = typeof column === 'number' ? column : 0;
    const row = (before ?? 0) + 1;
    throw new MalformedCsv(row, index, row > 1 ? headerOf(text, index) : null, cellText(text, fieldStart(text, before ?? 0, index)), reason);
  }
  const rows: SheetRow[] = [];
  records.forEach((record, index) => {
    const cells = record.map((text) => ({ text }));
    if (!isBlank(cells)) rows.push({ number: index + 1, cells });
  });
  return rows;
}
