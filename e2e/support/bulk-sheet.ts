// Bulk MVR sheets for journeys: Californian drivers whose licences the sandbox answers with a clean
// record at once (the last digit 0), written as a CSV with the template's headers.
import { BULK_MVR_COLUMNS } from '@clearlane/contract/bulk-orders';

export interface DriverRow {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  licenceNumber: string;
  licenceState: string;
  permissiblePurpose: string;
}

export const letters = (length: number) => Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');

/**
 * `count` Californian drivers with valid licences: "D" + 7 digits, the last one 0 so the sandbox
 * answers a clean record at once. A random 2-digit run prefix keeps licences apart between runs.
 */
export function californianDrivers(count: number, lastName: string): DriverRow[] {
  const run = String(Math.floor(Math.random() * 100)).padStart(2, '0');
  return Array.from({ length: count }, (_, index) => ({
    firstName: `Driver${letters(4)}`,
    lastName,
    dateOfBirth: `19${60 + (index % 40)}-0${1 + (index % 9)}-1${index % 10}`,
    licenceNumber: `D${run}${String(index).padStart(4, '0')}0`,
    licenceState: 'CA',
    permissiblePurpose: 'WRITTEN_CONSENT',
  }));
}

/** A CSV with the template's headers; the columns not given stay empty. */
export function csvOf(rows: DriverRow[]): Buffer {
  const header = BULK_MVR_COLUMNS.map((column) => column.header);
  const lines = rows.map((row) => BULK_MVR_COLUMNS.map((column) => (row as unknown as Record<string, string>)[column.key] ?? '').join(','));
  return Buffer.from(`${[header.join(','), ...lines].join('\r\n')}\r\n`, 'utf8');
}
