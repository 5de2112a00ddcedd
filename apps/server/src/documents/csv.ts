// CSV as we export it (RFC 4180, CRLF): every text goes through neutralizeFormula, so nothing we
// export can run as a formula in the spreadsheet that opens it (OWASP CSV injection).
import { neutralizeFormula } from '@clearlane/contract';

/** One CSV field: quoted when it holds a delimiter, a quote or a line break (RFC 4180). */
const csvField = (text: string) => {
  const safe = neutralizeFormula(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const toCsv = (rows: string[][]) => `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;

/** A byte order mark, so that Excel reads a CSV file as UTF-8. */
export const UTF8_BOM = '\uFEFF';
