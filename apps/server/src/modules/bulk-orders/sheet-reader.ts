// Reads an uploaded sheet (XLSX or CSV) into rows of text cells, numbered as a spreadsheet shows
// them. Nothing in a sheet is ever evaluated: CSV cells are text as typed, and an XLSX formula cell
// is refused rather than trusted (its cached result may not be what the formula computes today,
// and we would rather the user see and type the value than order on a guess).
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';

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

export async function readXlsx(file: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch {
    throw new UnreadableSheet('The file is not a readable XLSX workbook.');
  }
  // The first sheet holds the orders; other sheets (notes, lookups) are left alone.
  const worksheet = workbook.worksheets[0];
  if (!worksheet) return [];
  const rows: SheetRow[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = row.values as ExcelJS.CellValue[];
    const cells: SheetCell[] = [];
    // row.values is 1-based (index 0 is always empty) and sparse.
    for (let column = 1; column < values.length; column++) cells.push(cellOf(values[column]));
    if (!isBlank(cells)) rows.push({ number, cells });
  });
  return rows;
}

/**
 * Excel on Windows saves "CSV" in the Windows-1252 code page, other tools in UTF-8: a file that is
 * not valid UTF-8 is read as Windows-1252 so that "Muñoz" survives either way.
 */
function decodeText(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return new TextDecoder('windows-1252').decode(file);
  }
}

export function readCsv(file: Buffer): SheetRow[] {
  // NUL bytes do not occur in text: this is a binary file with a .csv name.
  if (file.subarray(0, 8192).includes(0)) throw new UnreadableSheet('The file is not a CSV text file.');
  let records: string[][];
  try {
    records = parseCsv(decodeText(file), { bom: true, relax_column_count: true, skip_empty_lines: false, relax_quotes: false }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new UnreadableSheet(`The CSV file cannot be read${line ? ` (near line ${line})` : ''}: ${(error as Error).message.replace(/^[^:]*:\s*/, '')}`);
  }
  const rows: SheetRow[] = [];
  records.forEach((record, index) => {
    const cells = record.map((text) => ({ text }));
    if (!isBlank(cells)) rows.push({ number: index + 1, cells });
  });
  return rows;
}
