// Words and numbers of the bulk order page.
import type { BulkRowError } from '@clearlane/contract/bulk-orders';
import { formatBytes } from '../../../lib/format-bytes.ts';

export { formatBytes };

const integer = new Intl.NumberFormat();
export const formatCount = (count: number) => integer.format(count);

/** "1 error", "3 errors". */
export const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** "3 errors in 2 rows": what the user has to fix, counted the way they will fix it (by row). */
export function rowErrorSummary(rowErrors: BulkRowError[], rowErrorCount: number): string {
  const rows = new Set(rowErrors.map((error) => error.row)).size;
  const listedAll = rowErrorCount <= rowErrors.length;
  return `${plural(rowErrorCount, 'error')} in ${listedAll ? '' : 'at least '}${plural(rows, 'row')}`;
}

/** The contract's messages start in lower case ("must be …"): a table cell reads better capitalised. */
export const sentence = (message: string) => (message ? `${message[0]!.toUpperCase()}${message.slice(1)}` : message);

export const ACCEPTED_EXTENSIONS = ['.xlsx', '.csv'] as const;

/** Why a chosen file cannot be a bulk sheet, or null when it may be one (the server checks again). */
export function fileProblem(file: Pick<File, 'name' | 'size'>, maxBytes: number): string | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) return `${file.name} is not an XLSX or CSV file. Save the sheet as .xlsx or .csv and choose it again.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > maxBytes) return `${file.name} is ${formatBytes(file.size)}; a sheet may be at most ${formatBytes(maxBytes)}. Split it into smaller sheets.`;
  return null;
}
