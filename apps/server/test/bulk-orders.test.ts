// Bulk MVR orders from a sheet: CSV and XLSX uploads become one order per row in a report group;
// a sheet with any bad row creates nothing and lists every problem by row and column; each limit,
// wrong file types, formulas, the template, roles and the plugin switch.
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MVR_COLUMNS, BULK_ORDER_LIMITS, neutralizeFormula, type BulkOrderResult, type BulkRowError } from '@clearlane/contract';
import { orderEvents, orders, reportGroups } from '../src/db/schema.ts';
import { DISPATCH_SHEET_JOB, FULFIL_ORDER_JOB } from '../src/jobs/queue.ts';
import { readXlsx } from '../src/modules/bulk-orders/sheet-reader.ts';
import { checkZip } from '../src/modules/bulk-orders/zip-guard.ts';
import { TEMPLATE_EXAMPLE_MESSAGE } from '../src/modules/bulk-orders/sheet-validation.ts';
import { EXAMPLE_ROW_ADVICE } from '../src/modules/bulk-orders/template.ts';
import { decodeSheetText, decodeWindows1252 } from '../src/modules/bulk-orders/text-encoding.ts';
import { ACME_HOST, bearer, createTestApp, describeEachDatabase, dispatchSheet, expectProblem, get, newCompany, newUser, seedTwoCompanies, signInAs, type TestApp } from './helpers.ts';

const HEADER = ['First name', 'Last name', 'Date of birth', 'Licence number', 'Licence state', 'Permissible purpose'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A valid California driver for row i: licence numbers are one letter and seven digits. */
const validRow = (i: number) => [`First${i}`, `Last${i}`, '1980-01-15', `D${String(i).padStart(7, '0')}`, 'CA', 'WRITTEN_CONSENT'];

const csvOf = (rows: string[][]) => rows.map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')).join('\n');

async function xlsxOf(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(file: Buffer | string, fileName: string, contentType = 'text/csv', field = 'file') {
  const boundary = `----clearlane${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    Buffer.isBuffer(file) ? file : Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(t: TestApp, token: string, file: Buffer | string, fileName = 'drivers.csv', options: { contentType?: string; field?: string; query?: string; host?: string } = {}) {
  const form = multipart(file, fileName, options.contentType ?? (fileName.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv'), options.field);
  return t.app.inject({
    method: 'POST', url: `/api/v1/orders${options.query ?? ''}`, payload: form.body,
    headers: { host: options.host ?? ACME_HOST, ...bearer(token), 'content-type': form.contentType },
  });
}

/** A minimal zip writer, so a test can make archives no spreadsheet program would (bombs, lies). */
function zipOf(entries: { name: string; data: Buffer; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const compressed = deflateRawSync(entry.data);
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18); local.writeUInt32LE(size, 22); local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20); central.writeUInt32LE(size, 24); central.writeUInt16LE(name.length, 28); central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(entries.length, 8); end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function groupCount(t: TestApp, companyId: string) {
  const [row] = await t.db.select({ n: count() }).from(reportGroups).where(eq(reportGroups.companyId, companyId));
  return row!.n;
}

async function orderCount(t: TestApp, companyId: string) {
  const [row] = await t.db.select({ n: count() }).from(orders).where(eq(orders.companyId, companyId));
  return row!.n;
}

/** What a company's uploads have written: report groups, orders, their events, and fulfilment jobs (of any company). */
async function writtenFor(t: TestApp, companyId: string) {
  const [events] = await t.db.select({ n: count() }).from(orderEvents).where(eq(orderEvents.companyId, companyId));
  const jobs = await t.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${FULFIL_ORDER_JOB}`);
  return { groups: await groupCount(t, companyId), orders: await orderCount(t, companyId), events: events!.n, jobs: (jobs as unknown as { rows: { n: number }[] }).rows[0]!.n };
}

async function ordersOfGroup(t: TestApp, companyId: string, groupId: string) {
  return t.db.select().from(orders).where(and(eq(orders.companyId, companyId), eq(orders.reportGroupId, groupId))).orderBy(orders.id);
}

type SheetProblem = ReturnType<typeof expectProblem> & { rowErrors: BulkRowError[]; rowErrorCount: number };

describe('XLSX reader', () => {
  it('streams the first sheet from the guard\'s entries exactly as loading the whole workbook reads it', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Notes').addRow(['not', 'the orders']);
    const first = workbook.addWorksheet('Orders');
    // First in the workbook, though stored as sheet2.xml (exceljs's position, untyped in its declarations).
    (first as ExcelJS.Worksheet & { orderNo: number }).orderNo = -1;
    first.addRow(['Name', 'Born', 'Rich', 'Link', 'Error', 'Formula', 'Flag', 'Number']);
    first.addRow([
      'Ann', new Date(Date.UTC(1984, 1, 29)), { richText: [{ text: 'Ri' }, { font: { bold: true }, text: 'ch' }] }, { text: 'site', hyperlink: 'https://example.test' },
      { error: '#N/A' }, { formula: 'A1&"x"', result: 'Annx' }, true, 42.5,
    ]);
    first.addRow([]);
    first.addRow(['  ', null, 'after a blank row']);
    for (const useSharedStrings of [true, false]) {
      const file = Buffer.from(await workbook.xlsx.writeBuffer({ useSharedStrings }));
      const check = checkZip(file, BULK_ORDER_LIMITS.maxUnpackedBytes);
      if (!check.ok) throw new Error('the workbook did not pass the zip guard');
      const loaded = await readXlsx(file);
      expect(loaded.map((row) => row.number)).toEqual([1, 2, 4]);
      expect(loaded[1]!.cells.map((cell) => cell.text)).toEqual(['Ann', '1984-02-29', 'Rich', 'site', '#N/A', '=A1&"x"', 'true', '42.5']);
      expect(await readXlsx(file, check.files)).toEqual(loaded);
    }
  });
});

describe('zip guard', () => {
  it('passes a real workbook and reads its unpacked size from the central directory', async () => {
    const check = checkZip(await xlsxOf([HEADER, validRow(1)]), BULK_ORDER_LIMITS.maxUnpackedBytes);
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.unpackedBytes).toBeGreaterThan(1000);
  });

  it('refuses by the declared sizes before inflating, and catches an entry that unpacks to more than it declares', () => {
    const zeros = Buffer.alloc(2 * 1024 * 1024);
    expect(checkZip(zipOf([{ name: 'a.xml', data: zeros }]), 1024 * 1024)).toMatchObject({ ok: false, reason: 'too-large', unpackedBytes: zeros.length });
    // The directory claims 100 bytes; inflating stops at 101 and calls it what it is.
    expect(checkZip(zipOf([{ name: 'a.xml', data: zeros, declaredSize: 100 }]), 1024 * 1024)).toMatchObject({ ok: false, reason: 'too-large' });
    expect(checkZip(zipOf([{ name: 'a.xml', data: Buffer.from('small') }]), 1024)).toMatchObject({ ok: true, unpackedBytes: 5, entries: 1 });
  });

  it('says why a file is not a zip', () => {
    expect(checkZip(Buffer.from('First name,Last name\n'), 1024)).toMatchObject({ ok: false, reason: 'not-a-zip' });
    const truncated = zipOf([{ name: 'a.xml', data: Buffer.from('hello world') }]);
    expect(checkZip(truncated.subarray(10), 1024)).toMatchObject({ ok: false, reason: 'not-a-zip' });
  });

  it('decodes Windows-1252 text, its 0x80–0x9F range included, and keeps valid UTF-8 as UTF-8', () => {
    expect(decodeWindows1252(Buffer.from([0x80, 0x85, 0x91, 0x92, 0x93, 0x94, 0x96, 0x97, 0x8a, 0x9f, 0x41, 0xe9, 0x81]))).toBe('€…‘’“”–—ŠŸAé\u0081');
    expect(decodeSheetText(Buffer.from('O’Brien €', 'utf8'))).toBe('O’Brien €');
    expect(decodeSheetText(Buffer.from([0x4f, 0x92, 0x42]))).toBe('O’B');
  });

  it('neutralizes formula-looking text with a leading quote, and only that', () => {
    for (const text of ['=1+2', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutralizeFormula(text)).toBe(`'${text}`);
    for (const text of ['Jane', '1985-04-12', 'a=b', '']) expect(neutralizeFormula(text)).toBe(text);
  });
});

describeEachDatabase('bulk MVR orders', (t) => {
  let seed: Awaited<ReturnType<typeof seedTwoCompanies>>;
  let agent: string;
  let manager: string;
  let viewer: string;
  let globexAdmin: string;

  beforeAll(async () => {
    seed = await seedTwoCompanies(t.db);
    agent = (await signInAs(t.app, seed.users.agent.email)).idToken;
    manager = (await signInAs(t.app, seed.users.manager.email)).idToken;
    viewer = (await signInAs(t.app, seed.users.viewer.email)).idToken;
    globexAdmin = (await signInAs(t.app, seed.users.globexAdmin.email, undefined, 'globex.localhost:3000')).idToken;
  });

  it('places one MVR order per CSV row in a report group, with events and fulfilment jobs, exactly like single orders', async () => {
    const csv = csvOf([
      [...HEADER, 'Middle name', 'Texas record type', 'External reference', 'Tags'],
      ['Jane', 'Public', '04/12/1985', 'd123-4561', 'ca', 'written_consent', 'Q', '', 'EMP-1', 'new hire, fleet'],
      ['Tex', 'Ranger', '1979-07-04', '12345678', 'TX', 'INSURANCE', '', 'TYPE_1_STATUS', '', ''],
      // Formula-looking text is text: stored as typed, never evaluated.
      ['Al', 'Plus', '1990-03-03', 'D7654321', 'CA', 'WRITTEN_CONSENT', '', '', '=HYPERLINK("http://evil.test","x")', '@risk'],
      ['', '', '', '', '', '', '', '', '', ''],
    ]);
    const response = await upload(t, agent, `\uFEFF${csv}`, 'C:\\fakepath\\drivers.csv');
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json() as BulkOrderResult;
    expect(result).toMatchObject({ totalOrders: 3, fileName: 'drivers.csv' });

    const placed = await ordersOfGroup(t, seed.acme.id, result.reportGroupId);
    expect(placed).toHaveLength(3);
    const [jane, tex, al] = placed;
    expect(jane).toMatchObject({
      type: 'MVR', status: 'New', processingStatus: 'NotStarted', permissiblePurpose: 'WRITTEN_CONSENT', mvrExternalReferenceId: 'EMP-1',
      subjectLabel: 'Jane Q Public (CA D1234561)', tags: ['new hire', 'fleet'], isAutoAdjudicated: false, ruleNamespace: null, orderedBy: seed.users.agent.userId,
    });
    // The input a single MVR order has, so the worker fulfils it unchanged.
    expect(jane!.input).toEqual({
      driver: { firstName: 'Jane', middleName: 'Q', lastName: 'Public', dateOfBirth: '1985-04-12', licenceNumber: 'D1234561', licenceState: 'CA' },
      personId: null, permissiblePurpose: 'WRITTEN_CONSENT', isAutoAdjudicated: false, ruleNamespace: null, mvrExternalReferenceId: 'EMP-1',
    });
    expect(tex!.input).toMatchObject({ texasRecordType: 'TYPE_1_STATUS' });
    expect(al!.mvrExternalReferenceId).toBe('=HYPERLINK("http://evil.test","x")');
    // A row's reference finds its order in the orders search, whole and in any case.
    const found = await get(t.app, '/api/v1/orders?filter=emp-1', agent);
    expect(found.json().content.map((order: { id: string }) => order.id)).toEqual([jane!.id]);
    expect(al!.tags).toEqual(['@risk']);

    const ids = placed.map((order) => order.id);
    const events = await t.db.select().from(orderEvents).where(and(eq(orderEvents.companyId, seed.acme.id), inArray(orderEvents.orderId, ids)));
    expect(events.map((event) => event.type)).toEqual(['CREATED', 'CREATED', 'CREATED']);
    expect(events.find((event) => event.orderId === jane!.id)!.message).toContain('row 2');
    // The fulfilment jobs and the subject words come with the sheet's dispatch, once the upload has answered.
    const jobsOfSheet = async () => (await t.db.execute(sql`select data from pgboss.job where name = ${FULFIL_ORDER_JOB} and data->>'orderId' in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`) as unknown as { rows: unknown[] }).rows;
    const dispatches = async () => (await t.db.execute(sql`select data from pgboss.job where name = ${DISPATCH_SHEET_JOB} and data->>'reportGroupId' = ${result.reportGroupId}`) as unknown as { rows: unknown[] }).rows;
    expect(await dispatches()).toEqual([{ data: { companyId: seed.acme.id, reportGroupId: result.reportGroupId } }]);
    expect(await jobsOfSheet()).toHaveLength(0);
    expect((await get(t.app, '/api/v1/orders?filter=jane public', agent)).json().content).toEqual([]);
    expect(await dispatchSheet(t, seed.acme.id, result.reportGroupId)).toBe(3);
    expect(await jobsOfSheet()).toHaveLength(3);
    expect((await get(t.app, '/api/v1/orders?filter=jane public', agent)).json().content.map((order: { id: string }) => order.id)).toEqual([jane!.id]);
    // Run again (a retry after a crash before pg-boss heard it finish): nothing is written twice.
    expect(await dispatchSheet(t, seed.acme.id, result.reportGroupId)).toBe(0);
    expect(await jobsOfSheet()).toHaveLength(3);
    expect((await get(t.app, '/api/v1/orders?filter=jane public', agent)).json().page.totalElements).toBe(1);

    const group = await get(t.app, `/api/v1/reports/groups/${result.reportGroupId}`, agent);
    expect(group.statusCode, group.body).toBe(200);
    expect(group.json()).toMatchObject({ source: 'BULK_UPLOAD', fileName: 'drivers.csv', totalOrders: 3, progress: { total: 3, finished: 0 } });
    // The company's own tags now include the new ones.
    const tags = await get(t.app, '/api/v1/tags', agent);
    expect(tags.json().map((tag: { name: string }) => tag.name)).toEqual(expect.arrayContaining(['new hire', 'fleet', '@risk']));
  });

  it('reads an XLSX with real date cells, numeric cells and literal "=" text; auto-adjudication applies to every order', async () => {
    const xlsx = await xlsxOf([
      [...HEADER, 'External reference'],
      ['Dana', 'Date', new Date(Date.UTC(1984, 1, 29)), 'D1111112', 'CA', 'INSURANCE', '=not a formula'],
      ['Tom', 'Number', '1975-05-05', 87654321, 'TX', 'INSURANCE', null],
    ]);
    const response = await upload(t, manager, xlsx, 'drivers.xlsx', { query: '?isAutoAdjudicated=true' });
    expect(response.statusCode, response.body).toBe(201);
    const placed = await ordersOfGroup(t, seed.acme.id, (response.json() as BulkOrderResult).reportGroupId);
    expect(placed.map((order) => (order.input as { driver: { dateOfBirth: string } }).driver.dateOfBirth)).toEqual(['1984-02-29', '1975-05-05']);
    expect(placed.map((order) => order.subjectLabel)).toEqual(['Dana Date (CA D1111112)', 'Tom Number (TX 87654321)']);
    expect(placed[0]!.mvrExternalReferenceId).toBe('=not a formula');
    expect(placed.every((order) => order.type === 'MVR_WITH_ADJUDICATION' && order.ruleNamespace === 'default')).toBe(true);
  });

  it('reads a CSV saved by Excel as "CSV" (Windows-1252, no BOM) as typed, and UTF-8 with or without a BOM alike', async () => {
    const rows = [
      [...HEADER, 'External reference'],
      ['Zoë', 'O’Brien', '1980-01-15', 'D3333331', 'CA', 'WRITTEN_CONSENT', '€100 deposit'],
    ];
    // Windows-1252 puts ’ at 0x92 and € at 0x80, where ISO-8859-1 (and so latin1) has control characters.
    const windows1252 = Buffer.from(csvOf(rows).replace(/’/g, '\x92').replace(/€/g, '\x80'), 'latin1');
    expect([...windows1252.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    const files = { windows1252, utf8: Buffer.from(csvOf(rows)), utf8WithBom: Buffer.from(`\uFEFF${csvOf(rows)}`) };
    for (const [encoding, file] of Object.entries(files)) {
      const response = await upload(t, agent, file, `${encoding}.csv`);
      expect(response.statusCode, `${encoding}: ${response.body}`).toBe(201);
      const [order] = await ordersOfGroup(t, seed.acme.id, (response.json() as BulkOrderResult).reportGroupId);
      expect({ encoding, subject: order!.subjectLabel, reference: order!.mvrExternalReferenceId }).toEqual({ encoding, subject: 'Zoë O’Brien (CA D3333331)', reference: '€100 deposit' });
    }
  });

  it('keeps a cell protected by a leading apostrophe (CSV) or tab as typed, never evaluates it, and would export it escaped', async () => {
    const csv = csvOf([
      [...HEADER, 'External reference'],
      ["'=Smith", 'Quote', '1980-01-15', 'D4444441', 'CA', 'WRITTEN_CONSENT', "'0042"],
      ['\t@Ann', 'Tab', '1980-01-15', 'D4444442', 'CA', 'WRITTEN_CONSENT', '\t=1+2'],
    ]);
    const response = await upload(t, agent, csv);
    expect(response.statusCode, response.body).toBe(201);
    const placed = await ordersOfGroup(t, seed.acme.id, (response.json() as BulkOrderResult).reportGroupId);
    const typed = placed.map((order) => ({ firstName: (order.input as { driver: { firstName: string } }).driver.firstName, reference: order.mvrExternalReferenceId }));
    // In CSV the apostrophe is part of the text; the tab survives the trimming of names.
    expect(typed).toEqual([{ firstName: "'=Smith", reference: "'0042" }, { firstName: '\t@Ann', reference: '\t=1+2' }]);
    expect(placed.map((order) => order.status)).toEqual(['New', 'New']);
    // What a spreadsheet would run as a formula goes out behind a quote; the quoted text is already safe.
    expect(typed.flatMap(({ firstName, reference }) => [firstName, reference ?? '']).map(neutralizeFormula)).toEqual(["'=Smith", "'0042", "'\t@Ann", "'\t=1+2"]);

    // In an XLSX a typed apostrophe is the cell's quotePrefix style, not part of its value: the value is read as it shows.
    const xlsx = await xlsxOf([[...HEADER, 'External reference'], ['=Xl', 'Sheet', '1980-01-15', 'D4444443', 'CA', 'WRITTEN_CONSENT', '\t-5']]);
    const fromXlsx = await upload(t, agent, xlsx, 'protected.xlsx');
    expect(fromXlsx.statusCode, fromXlsx.body).toBe(201);
    const [xlsxOrder] = await ordersOfGroup(t, seed.acme.id, (fromXlsx.json() as BulkOrderResult).reportGroupId);
    expect(xlsxOrder).toMatchObject({ subjectLabel: '=Xl Sheet (CA D4444443)', mvrExternalReferenceId: '\t-5' });
  });

  it('refuses an XLSX formula cell rather than trusting its cached result', async () => {
    const xlsx = await xlsxOf([
      [...HEADER, 'External reference'],
      ['Fay', 'Formula', '1980-01-01', 'D2222222', 'CA', 'INSURANCE', { formula: 'CONCAT("A","B")', result: 'AB' }],
    ]);
    const before = await orderCount(t, seed.acme.id);
    const problem = expectProblem(await upload(t, agent, xlsx, 'f.xlsx'), 422, 'BulkSheetInvalid') as SheetProblem;
    expect(problem.rowErrors).toEqual([{ row: 2, column: 'External reference', value: '=CONCAT("A","B")', message: 'formulas are not allowed: type the value itself' }]);
    expect(await orderCount(t, seed.acme.id)).toBe(before);
  });

  it('lists every bad row by row and column, and creates nothing when any row is bad', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => validRow(i + 1));
    rows[5]![1] = ''; // sheet row 7 (the header is row 1): Last name
    rows[20]![4] = 'ZZ'; // sheet row 22: Licence state
    rows[33]![5] = 'MARKETING'; // sheet row 35: Permissible purpose
    const groupsBefore = await groupCount(t, seed.acme.id);
    const ordersBefore = await orderCount(t, seed.acme.id);
    const problem = expectProblem(await upload(t, agent, csvOf([HEADER, ...rows])), 422, 'BulkSheetInvalid') as SheetProblem;
    expect(problem.rowErrors.map(({ row, column, value }) => ({ row, column, value }))).toEqual([
      { row: 7, column: 'Last name', value: '' },
      { row: 22, column: 'Licence state', value: 'ZZ' },
      { row: 35, column: 'Permissible purpose', value: 'MARKETING' },
    ]);
    expect(problem.rowErrorCount).toBe(3);
    // The order form's messages; columns of fixed values name them as typed in a cell.
    expect(problem.rowErrors[0]!.message).toBe('is required');
    expect(problem.rowErrors[1]!.message).toBe('must be the two-letter code of a US state or DC, e.g. CA or TX');
    expect(problem.rowErrors[2]!.message).toMatch(/^must be a DPPA permissible purpose code: GOVERNMENT_FUNCTION, .* or STATE_LAW_AUTHORIZED$/);
    expect(problem.detail).toContain('3 problems in 3 rows');
    expect(problem.errors!.map((error) => error.path)).toEqual(['file.row 7, Last name', 'file.row 22, Licence state', 'file.row 35, Permissible purpose']);
    expect(await groupCount(t, seed.acme.id)).toBe(groupsBefore);
    expect(await orderCount(t, seed.acme.id)).toBe(ordersBefore);
  });

  it('undoes the orders already written when a bad row comes after them, in a workbook read and written chunk by chunk', async () => {
    // More rows than one chunk: the first ones are written while the rest is still read.
    const rows: ExcelJS.CellValue[][] = Array.from({ length: 1_300 }, (_, i) => validRow(5_000 + i));
    rows[1_250]![4] = 'ZZ'; // sheet row 1,252
    const before = await writtenFor(t, seed.acme.id);
    const problem = expectProblem(await upload(t, agent, await xlsxOf([HEADER, ...rows]), 'drivers.xlsx'), 422, 'BulkSheetInvalid') as SheetProblem;
    expect(problem.rowErrors.map(({ row, column, value }) => ({ row, column, value }))).toEqual([{ row: 1_252, column: 'Licence state', value: 'ZZ' }]);
    expect(await writtenFor(t, seed.acme.id)).toEqual(before);

    // The same sheet corrected is placed whole, the group counting every row.
    rows[1_250]![4] = 'CA';
    const placed = await upload(t, agent, await xlsxOf([HEADER, ...rows]), 'drivers.xlsx');
    expect(placed.statusCode, placed.body).toBe(201);
    const result = placed.json() as BulkOrderResult;
    expect(result.totalOrders).toBe(1_300);
    expect(await ordersOfGroup(t, seed.acme.id, result.reportGroupId)).toHaveLength(1_300);
    expect((await get(t.app, `/api/v1/reports/groups/${result.reportGroupId}`, agent)).json()).toMatchObject({ totalOrders: 1_300 });
  });

  it('refuses a Texas record type for another state\'s licence, as a single order does', async () => {
    const problem = expectProblem(await upload(t, agent, csvOf([[...HEADER, 'Texas record type'], [...validRow(1), 'TYPE_1_STATUS']])), 422) as SheetProblem;
    expect(problem.rowErrors).toEqual([{ row: 2, column: 'Texas record type', value: 'TYPE_1_STATUS', message: 'applies to Texas licences only; this licence is from CA' }]);
  });

  it('names the Texas record types as typed in a cell when one is misspelt', async () => {
    const texan = ['Tex', 'Ann', '1980-01-15', '12345678', 'TX', 'WRITTEN_CONSENT', 'TYPE 1'];
    const problem = expectProblem(await upload(t, agent, csvOf([[...HEADER, 'Texas record type'], texan])), 422) as SheetProblem;
    expect(problem.rowErrors).toEqual([{
      row: 2, column: 'Texas record type', value: 'TYPE 1',
      message: 'must be TYPE_1_STATUS, TYPE_2_THREE_YEAR, TYPE_3_CERTIFIED_THREE_YEAR or TYPE_AR_CERTIFIED_ALL, or left empty for TYPE_2_THREE_YEAR',
    }]);
  });

  it('lists at most the first 1,000 problems and counts them all; quoted values are cut short', async () => {
    const long = 'x'.repeat(500);
    const rows = Array.from({ length: 1_200 }, (_, i) => [...validRow(i + 1).slice(0, 5), long]);
    const problem = expectProblem(await upload(t, agent, csvOf([HEADER, ...rows])), 422) as SheetProblem;
    expect(problem.rowErrors).toHaveLength(BULK_ORDER_LIMITS.maxListedRowErrors);
    expect(problem.rowErrorCount).toBe(1_200);
    expect(problem.rowErrors[0]!.value).toHaveLength(BULK_ORDER_LIMITS.maxQuotedValueLength + 1);
  });

  it('names missing required columns and unknown ones; headers match ignoring case and spaces, and the US spelling', async () => {
    const missing = expectProblem(await upload(t, agent, csvOf([['First name', 'Date of birth', 'Licence number', 'Permissible purpose'], ['A', '1980-01-01', 'D1234567', 'INSURANCE']])), 422) as SheetProblem;
    expect(missing.detail).toBe('The header row is missing required columns: Last name, Licence state.');
    expect(missing.rowErrors).toEqual([
      { row: 1, column: 'Last name', value: '', message: 'this required column is missing' },
      { row: 1, column: 'Licence state', value: '', message: 'this required column is missing' },
    ]);
    const unknown = expectProblem(await upload(t, agent, csvOf([[...HEADER, 'Notes'], [...validRow(1), 'hi']])), 422) as SheetProblem;
    expect(unknown.rowErrors).toEqual([expect.objectContaining({ row: 1, column: 'Notes', message: expect.stringContaining('is not a column of the template') })]);

    const relaxed = await upload(t, agent, csvOf([['FIRST NAME', 'lastname', ' Date  of Birth ', 'License Number', 'license state', 'permissible purpose'], validRow(9)]));
    expect(relaxed.statusCode, relaxed.body).toBe(201);
  });

  it('refuses an empty file, a sheet without a header and a header without orders', async () => {
    expectProblem(await upload(t, agent, '', 'empty.csv'), 422, 'BulkSheetInvalid');
    const blank = expectProblem(await upload(t, agent, '\n\n,,\n', 'blank.csv'), 422) as SheetProblem;
    expect(blank.rowErrors[0]!.message).toContain('the sheet is empty');
    const headerOnly = expectProblem(await upload(t, agent, await xlsxOf([HEADER]), 'h.xlsx'), 422) as SheetProblem;
    expect(headerOnly.rowErrors).toEqual([expect.objectContaining({ row: 2, message: expect.stringContaining('no orders') })]);
  });

  it('answers each limit with a problem naming it', async () => {
    const big = Buffer.alloc(BULK_ORDER_LIMITS.maxFileBytes + 1, 'a');
    const tooBig = expectProblem(await upload(t, agent, big, 'big.csv'), 413, 'BulkFileTooLarge');
    expect(tooBig.detail).toContain('5 MB');

    const rows = Array.from({ length: BULK_ORDER_LIMITS.maxRows + 1 }, (_, i) => validRow(i + 1));
    const tooMany = expectProblem(await upload(t, agent, csvOf([HEADER, ...rows])), 413, 'BulkSheetTooManyRows');
    expect(tooMany.detail).toContain('10,001 order rows; the limit is 10,000');

    // 60 MB of zeros deflate to ~60 KB: a small file that exceljs would inflate whole.
    const bomb = zipOf([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }, { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(BULK_ORDER_LIMITS.maxFileBytes);
    const unpacked = expectProblem(await upload(t, agent, bomb, 'bomb.xlsx'), 413, 'BulkSheetUnpackedTooLarge');
    expect(unpacked.detail).toContain('50 MB');
    const liar = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024), declaredSize: 1_000 }]);
    expectProblem(await upload(t, agent, liar, 'liar.xlsx'), 413, 'BulkSheetUnpackedTooLarge');
  });

  it('answers a CSV file with broken quoting 422, naming the row and column as a spreadsheet shows them', async () => {
    const lines = [HEADER.join(','), validRow(1).join(','), validRow(2).join(','), validRow(3).join(',')];
    // Row 5: a quote opened in the Last name cell and never closed swallows the rest of the file.
    const unclosed = [...lines, 'Una,"=HYPERLINK(,1980-01-15,D0000004,CA,WRITTEN_CONSENT', validRow(5).join(',')].join('\n');
    const before = await orderCount(t, seed.acme.id);
    const problem = expectProblem(await upload(t, agent, unclosed), 422, 'BulkSheetInvalid') as SheetProblem;
    expect(problem.detail).toBe('Row 5, column B (Last name): a quote is opened but never closed. Check the cell, or save the sheet again as CSV UTF-8.');
    expect(problem.rowErrors).toEqual([{
      row: 5, column: 'Last name', value: '"=HYPERLINK(,1980-01-15,D0000004,CA,WRITTEN_CONSENT',
      message: 'a quote is opened but never closed. Check the cell, or save the sheet again as CSV UTF-8.',
    }]);
    expect(problem.rowErrorCount).toBe(1);
    expect(await orderCount(t, seed.acme.id)).toBe(before);

    // A formula typed into a text file: its quote stands inside a cell that does not begin with one.
    const stray = [...lines, '=HYPERLINK("https://example.com"),Last4,1980-01-15,D0000004,CA,WRITTEN_CONSENT'].join('\r\n');
    const strayProblem = expectProblem(await upload(t, agent, stray), 422, 'BulkSheetInvalid') as SheetProblem;
    expect(strayProblem.detail).toBe('Row 5, column A (First name): a quote (") stands inside a cell that does not begin with one. Check the cell, or save the sheet again as CSV UTF-8.');
    expect(strayProblem.rowErrors[0]).toMatchObject({ row: 5, column: 'First name', value: '=HYPERLINK("https://example.com")' });

    // A quoted cell over two lines is one row: the row number is the spreadsheet's, not the line's.
    const twoLines = [HEADER.join(','), '"Ann\nMarie",Last1,1980-01-15,D0000001,CA,WRITTEN_CONSENT', 'Bo,Last2,1980-01-15,D0000002,"CA"x,WRITTEN_CONSENT'].join('\n');
    const shifted = expectProblem(await upload(t, agent, twoLines), 422, 'BulkSheetInvalid') as SheetProblem;
    expect(shifted.rowErrors).toEqual([expect.objectContaining({ row: 3, column: 'Licence state', value: '"CA"x' })]);

    // Text after a closing quote, in the header row itself: no header to name, the letter does.
    const header = expectProblem(await upload(t, agent, ['"First name"x,Last name', 'A,B'].join('\n')), 422, 'BulkSheetInvalid') as SheetProblem;
    expect(header.detail).toBe('Row 1, column A: there is text right after the quote that closes the cell. Check the cell, or save the sheet again as CSV UTF-8.');
    expect(header.rowErrors[0]).toMatchObject({ row: 1, column: 'Column A', value: '"First name"x' });
  });

  it('refuses other file types, saying which are accepted', async () => {
    const xls = expectProblem(await upload(t, agent, Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), 'old.xls', { contentType: 'application/vnd.ms-excel' }), 415, 'BulkFileTypeUnsupported');
    expect(xls.detail).toContain('.xlsx');
    expect(xls.detail).toContain('.csv');
    expectProblem(await upload(t, agent, csvOf([HEADER, validRow(1)]), 'drivers.xlsx'), 415, 'BulkFileTypeUnsupported');
    expectProblem(await upload(t, agent, await xlsxOf([HEADER, validRow(1)]), 'drivers.csv'), 415, 'BulkFileTypeUnsupported');
    expectProblem(await upload(t, agent, Buffer.from([0x00, 0x01, 0x02]), 'binary.csv'), 415, 'BulkFileTypeUnsupported');
    // No extension: the declared type decides.
    const noExtension = await upload(t, agent, csvOf([HEADER, validRow(2)]), 'drivers', { contentType: 'text/csv' });
    expect(noExtension.statusCode, noExtension.body).toBe(201);

    const wrongField = expectProblem(await upload(t, agent, csvOf([HEADER, validRow(1)]), 'drivers.csv', { field: 'sheet' }), 400, 'ValidationError');
    expect(wrongField.errors).toEqual([{ path: 'body.file', message: expect.stringContaining('is required') }]);
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: { rows: [] }, headers: { host: ACME_HOST, ...bearer(agent) } });
    expectProblem(json, 415, 'UnsupportedMediaType');
  });

  it('checks the rule namespace as single orders do', async () => {
    const response = await upload(t, agent, csvOf([HEADER, validRow(3)]), 'drivers.csv', { query: '?isAutoAdjudicated=true&ruleNamespace=nope' });
    const problem = expectProblem(response, 400, 'ValidationError');
    expect(problem.errors).toEqual([{ path: 'query.ruleNamespace', message: 'is not one of your company\'s rulesets ("nope"); leave it empty for the default' }]);
    expectProblem(await upload(t, agent, csvOf([HEADER, validRow(3)]), 'drivers.csv', { query: '?isAutoAdjudicated=maybe' }), 400, 'ValidationError');
  });

  it('serves the template in both formats; it names every column and has one example row, which is refused if uploaded', async () => {
    const csv = await get(t.app, '/api/v1/orders/bulk/template?format=csv', agent);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="clearlane-bulk-mvr-orders.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(BULK_MVR_COLUMNS.map((column) => column.header).join(','));

    const xlsx = await t.app.inject({ method: 'GET', url: '/api/v1/orders/bulk/template', headers: { host: ACME_HOST, ...bearer(agent) } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX_TYPE);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="clearlane-bulk-mvr-orders.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(BULK_MVR_COLUMNS.map((column) => column.header));
    expect(sheet.actualRowCount).toBe(2);

    // The help sheet says the example row is not a driver; uploaded unchanged, the template orders
    // nothing and names the row. Its format is sound: the example with another driver is ordered.
    const help = workbook.getWorksheet('Columns')!;
    expect(help.getColumn(1).values).toContain(EXAMPLE_ROW_ADVICE);
    const ordersBefore = await orderCount(t, seed.acme.id);
    for (const [body, name] of [[csv.rawPayload, 'template.csv'], [xlsx.rawPayload, 'template.xlsx']] as const) {
      const problem = expectProblem(await upload(t, agent, body, name), 422, 'BulkSheetInvalid') as SheetProblem;
      expect(problem.rowErrors).toEqual([{ row: 2, column: '', value: 'Jane Public', message: TEMPLATE_EXAMPLE_MESSAGE }]);
      expect(problem.detail).toContain('nothing was ordered');
    }
    expect(TEMPLATE_EXAMPLE_MESSAGE).toContain('Jane Public, licence CA D1234560');
    // However it is typed (another date format, hyphens, case), the example is the example.
    const retyped = csvOf([HEADER, ['JANE', 'public', '04/12/1985', 'd123-4560', 'ca', 'WRITTEN_CONSENT'], validRow(41)]);
    expect((expectProblem(await upload(t, agent, retyped), 422) as SheetProblem).rowErrors.map((error) => [error.row, error.message])).toEqual([[2, TEMPLATE_EXAMPLE_MESSAGE]]);
    expect(await orderCount(t, seed.acme.id)).toBe(ordersBefore);
    const realDriver = lines[1]!.replace('D1234560', 'D7654320');
    const response = await upload(t, agent, `${lines[0]}\r\n${realDriver}\r\n`, 'mine.csv');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ totalOrders: 1 });
    expectProblem(await get(t.app, '/api/v1/orders/bulk/template?format=pdf', agent), 400, 'ValidationError');
    expect((await get(t.app, '/api/v1/orders/bulk/template')).statusCode).toBe(401);
  });

  it('refuses a Viewer, a company without bulk orders and an anonymous caller, creating nothing; each company gets its own group', async () => {
    const sheet = csvOf([HEADER, validRow(5)]);
    const groupsBefore = await groupCount(t, seed.acme.id);
    const refused = expectProblem(await upload(t, viewer, sheet), 403, 'Forbidden');
    expect(refused.detail).toContain('Viewer');
    expect(await groupCount(t, seed.acme.id)).toBe(groupsBefore);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: multipart(sheet, 'a.csv').body, headers: { host: ACME_HOST, 'content-type': multipart(sheet, 'a.csv').contentType } });
    expect(anonymous.statusCode).toBe(401);

    await newCompany(t.db, 'initech', 'Initech', { plugins: ['orders'] });
    const initech = await newUser(t.db, { tenant: 'initech', role: 'Company Admin' });
    const initechToken = (await signInAs(t.app, initech.email, undefined, 'initech.localhost:3000')).idToken;
    const disabled = expectProblem(await upload(t, initechToken, sheet, 'a.csv', { host: 'initech.localhost:3000' }), 403, 'PluginNotEnabled');
    expect(disabled.detail).toContain('not enabled');
    expect(await groupCount(t, initech.companyId)).toBe(0);

    const globex = await upload(t, globexAdmin, sheet, 'globex.csv', { host: 'globex.localhost:3000' });
    expect(globex.statusCode, globex.body).toBe(201);
    const globexGroup = (globex.json() as BulkOrderResult).reportGroupId;
    expect(await groupCount(t, seed.acme.id)).toBe(groupsBefore);
    expect((await get(t.app, `/api/v1/reports/groups/${globexGroup}`, agent)).statusCode).toBe(404);
  });
}, {}, { queue: true });

// A young installation: `orders` holds a few rows and has been analyzed (autovacuum does so after
// 50 new rows), and the connection has already checked a few events' foreign key. PostgreSQL keeps
// that check's plan, a sequential scan of a one-page table, until the table's statistics change; a
// large sheet's events then read all of `orders` once per event (46-76 s for 10,000 rows on
// PostgreSQL, bench/README.md). PGlite is one session, so the plan the small sheets leave is the
// one the large sheet meets, and PostgreSQL's per-table counters say how many rows were read by
// sequential scans: about one table's worth per event with the stale plan, none with the check
// planned again. Counted, not timed.
describe('a large sheet on a young installation [pglite]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { queue: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const sheetOf = (from: number, count: number) => csvOf([HEADER, ...Array.from({ length: count }, (_, i) => validRow(from + i))]);
  async function ordersRowsReadBySequentialScans() {
    await t.db.execute(sql`select pg_stat_force_next_flush()`);
    const result = await t.db.execute(sql`select seq_tup_read::int as read from pg_stat_user_tables where relname = 'orders'`);
    return (result as unknown as { rows: { read: number }[] }).rows[0]!.read;
  }

  it('checks each event\'s order by its index, not by reading every order', async () => {
    const seed = await seedTwoCompanies(t.db);
    const agent = (await signInAs(t.app, seed.users.agent.email)).idToken;
    expect((await upload(t, agent, sheetOf(1, 10))).statusCode).toBe(201);
    await t.db.execute(sql`analyze orders`);
    expect((await upload(t, agent, sheetOf(11, 10))).statusCode).toBe(201);

    const rows = 2_000;
    const before = await ordersRowsReadBySequentialScans();
    const response = await upload(t, agent, sheetOf(21, rows));
    expect(response.statusCode, response.body).toBe(201);
    const read = (await ordersRowsReadBySequentialScans()) - before;
    // The stale plan reads ~1,000 orders per event here (2 million in all); planned again, none.
    expect(read).toBeLessThan(rows);
  });
});
