// The downloadable template: the header row and one example row, as XLSX (with a second sheet
// explaining each column) or CSV. Every text we write goes through neutralizeFormula, so nothing
// we export can run as a formula in the spreadsheet that opens it (OWASP CSV injection).
import ExcelJS from 'exceljs';
import { csvFile } from '../../documents/csv.ts';
import { BULK_MVR_COLUMNS, BULK_ORDER_CONTENT_TYPES, neutralizeFormula, type BulkOrderFileFormat } from '@clearlane/contract';

export const TEMPLATE_FILE_NAME = 'clearlane-bulk-mvr-orders';

/** Row 2 of the template is an example (sheet-validation.ts refuses it): the help sheet says so. */
export const EXAMPLE_ROW_ADVICE =
  'Row 2 of the Orders sheet is an example, not a driver: replace it with your drivers\' rows (a sheet that still holds it is refused and nothing is ordered).';

const headerLabel = (column: (typeof BULK_MVR_COLUMNS)[number]) => neutralizeFormula(column.header);

function templateCsv(): Buffer {
  return csvFile([BULK_MVR_COLUMNS.map((c) => c.header), BULK_MVR_COLUMNS.map((c) => c.example)]);
}

async function templateXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Clearlane';
  const orders = workbook.addWorksheet('Orders', { views: [{ state: 'frozen', ySplit: 1 }] });
  orders.columns = BULK_MVR_COLUMNS.map((column) => ({ header: headerLabel(column), key: column.key, width: Math.max(14, column.header.length + 4) }));
  // Every column is text: a spreadsheet would otherwise turn licence numbers into numbers and
  // drop their leading zeros, or dates into its own format.
  for (const column of orders.columns) column.numFmt = '@';
  orders.getRow(1).font = { bold: true };
  orders.addRow(BULK_MVR_COLUMNS.map((column) => neutralizeFormula(column.example)));

  const help = workbook.addWorksheet('Columns');
  help.columns = [
    { header: 'Column', key: 'header', width: 22 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'What to enter', key: 'description', width: 100 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of BULK_MVR_COLUMNS) {
    help.addRow({ header: headerLabel(column), required: column.required ? 'Yes' : 'No', description: neutralizeFormula(column.description) });
  }
  help.addRow({});
  help.addRow({ header: 'Only the first sheet is read. One order per row; headers are matched ignoring case and spaces.' });
  help.addRow({ header: EXAMPLE_ROW_ADVICE });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function bulkTemplate(format: BulkOrderFileFormat) {
  return {
    body: format === 'csv' ? templateCsv() : await templateXlsx(),
    contentType: BULK_ORDER_CONTENT_TYPES[format],
    fileName: `${TEMPLATE_FILE_NAME}.${format}`,
  };
}
