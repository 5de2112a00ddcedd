// Bulk MVR orders from a 10,000-row sheet: reading and checking every row (XLSX and CSV), the one
// creation transaction (report group, orders, events, fulfilment jobs), and the whole upload
// through POST /api/v1/orders. On PGlite in memory, and on PostgreSQL too when DATABASE_URL is set
// (a throwaway database, dropped at the end). No workers run: the orders stay New.
//
//   node --import tsx bench/bulk-orders.ts           (BENCH_ROWS=10000 BENCH_RUNS=3)
//
// Prints ms, rows/s and memory (RSS and heap after each step), the ratio of XLSX to CSV reading, and
// the ratio of each whole XLSX upload to a bare exceljs parse of the same file (`workbook.xlsx.load`,
// nothing else): what the upload costs beyond reading the workbook at all. BENCH_PGLITE=0 skips the
// embedded database (to profile PostgreSQL alone).
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { BULK_MVR_COLUMNS, BULK_ORDER_CONTENT_TYPES } from '@clearlane/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { companies, users } from '../apps/server/src/db/schema.ts';
import { startQueue } from '../apps/server/src/jobs/queue.ts';
import { Messenger } from '../apps/server/src/mail/messenger.ts';
import type { Principal } from '../apps/server/src/access/principal.ts';
import { BulkOrdersService, parseBulkSheet, type UploadedSheet } from '../apps/server/src/modules/bulk-orders/bulk-orders.service.ts';
import { openPreparedDatabase } from '../apps/server/src/runtime.ts';
import { runAsCompany } from '../apps/server/src/db/tenant-scope.ts';
import { createThrowawayDatabase } from './support/throwaway-database.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const EMAIL = 'admin@acme.test';
const PASSWORD = 'Clearlane-demo-1';

const STATES = [['CA', (i: number) => `D${String(i).padStart(7, '0')}`], ['TX', (i: number) => String(10_000_000 + i)], ['FL', (i: number) => `S${String(i).padStart(12, '0')}`]] as const;

/** Rows as the template has them, every one valid, a mix of states and optional columns. */
function rows(count: number): string[][] {
  return Array.from({ length: count }, (_, i) => {
    const [state, licence] = STATES[i % STATES.length]!;
    return [`First${i}`, i % 4 === 0 ? 'Q' : '', `Last${i}`, `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`, licence(i), state, 'WRITTEN_CONSENT', '', `EMP-${i}`, i % 5 === 0 ? 'bench, fleet' : ''];
  });
}

const header = BULK_MVR_COLUMNS.map((column) => column.header);

function csvOf(data: string[][]): Buffer {
  return Buffer.from([header, ...data].map((row) => row.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(',')).join('\n'));
}

async function xlsxOf(data: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow(header);
  for (const row of data) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MiB`;
const memory = () => { const usage = process.memoryUsage(); return `rss ${mib(usage.rss).padStart(8)}  heap ${mib(usage.heapUsed).padStart(8)}`; };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function line(label: string, ms: number, rowCount: number) {
  console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(7)} ms  ${(rowCount / (ms / 1000)).toFixed(0).padStart(8)} rows/s  ${memory()}`);
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

/** One multipart body with the sheet in the field "file", as the portal sends it. */
function multipart(file: Buffer, fileName: string, contentType: string) {
  const boundary = '----clearlanebench';
  return {
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
      file, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}


async function benchDatabase(label: string, env: Record<string, string>, sheets: { csv: UploadedSheet; xlsx: UploadedSheet }) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'true', HOST: '127.0.0.1', PORT: '0', ...env });
  const handle = await openPreparedDatabase(config, { seedDemo: true });
  const queue = await startQueue(handle, (error) => console.error('queue error:', error.message));
  const { app } = await buildApp({ config, db: handle.db, queue: () => queue, messenger: new Messenger(handle.db, config) });
  try {
    console.log(`\n${label}`);
    const [admin] = await handle.db.select({ userId: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.email, EMAIL));
    const [acme] = await handle.db.select({ id: companies.id }).from(companies).where(eq(companies.tenantIdentifier, 'acme'));
    // placeOrders reads only who orders for which company: the rest of a principal is not needed here.
    const principal = { ...admin!, companyId: acme!.id } as Principal;
    const service = new BulkOrdersService(handle.db, () => queue);
    const parsed = await parseBulkSheet(sheets.csv);
    // In the company's scope, as a request runs it (db/tenant-scope.ts): on connections of company
    // work. (A connection's cached plan of the events' foreign-key check, made while orders was
    // nearly empty, once scanned all of orders per event here and in uploads alike: 30-76 s.
    // placeOrders now has it planned again after writing the orders; bench/README.md.)
    const place = (fileName: string, count: number) => runAsCompany(principal.companyId, () => service.placeOrders(principal, fileName, parsed.slice(0, count).map((row) => ({ ...row, options: {} }))));
    await place('warm-up.csv', 200);
    const creation = await timed(() => place('bench.csv', parsed.length));
    line(`creation transaction, ${parsed.length} orders`, creation.ms, parsed.length);

    const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: EMAIL, password: PASSWORD } });
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
    const token = signIn.json().tokens.idToken as string;
    for (const sheet of [sheets.csv, sheets.xlsx]) {
      const form = multipart(sheet.data, sheet.fileName, sheet.mimeType);
      const times: number[] = [];
      const ratios: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        // The bare parse right before each upload, so that both see the same load on a shared machine.
        const bare = sheet === sheets.xlsx ? await bareParseMs(sheet.data, 1) : 0;
        const upload = await timed(() => app.inject({ method: 'POST', url: '/api/v1/orders', payload: form.body, headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType } }));
        if (upload.value.statusCode !== 201) throw new Error(`upload failed: ${upload.value.statusCode} ${upload.value.body.slice(0, 500)}`);
        times.push(upload.ms);
        if (bare) ratios.push(upload.ms / bare);
      }
      line(`POST /api/v1/orders ${sheet.fileName} (${(sheet.data.length / 1024).toFixed(0)} KiB)`, median(times), ROWS);
      if (ratios.length > 0) console.log(`ratio POST XLSX ÷ bare exceljs parse just before it: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')} (median ${median(ratios).toFixed(2)}; target ≤ 3)`);
    }
  } finally {
    await app.close();
    await queue.stop({ graceful: false, timeout: 2_000 }).catch(() => {});
    await handle.close();
  }
}

console.log(`Clearlane bench: bulk-orders — ${ROWS} rows, median of ${RUNS} runs for reading, Node ${process.version}`);
const data = rows(ROWS);
const sheets = {
  csv: { fileName: 'bench.csv', mimeType: BULK_ORDER_CONTENT_TYPES.csv, data: csvOf(data) },
  xlsx: { fileName: 'bench.xlsx', mimeType: BULK_ORDER_CONTENT_TYPES.xlsx, data: await xlsxOf(data) },
};
console.log(`sheets: CSV ${(sheets.csv.data.length / 1024).toFixed(0)} KiB, XLSX ${(sheets.xlsx.data.length / 1024).toFixed(0)} KiB\n`);

/** exceljs reading the workbook and nothing else: the floor of any XLSX upload. */
async function bareParseMs(file: Buffer, runs = RUNS) {
  await new ExcelJS.Workbook().xlsx.load(file as unknown as ExcelJS.Buffer); // warm-up
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push((await timed(() => new ExcelJS.Workbook().xlsx.load(file as unknown as ExcelJS.Buffer))).ms);
  return median(times);
}
const bareXlsxMs = await bareParseMs(sheets.xlsx.data);
line('bare exceljs parse XLSX (workbook.xlsx.load)', bareXlsxMs, ROWS);

const readingMs: Record<string, number> = {};
for (const [format, sheet] of Object.entries(sheets)) {
  await parseBulkSheet(sheet); // warm-up: JIT, exceljs and zod compiled paths
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { ms, value } = await timed(() => parseBulkSheet(sheet));
    if (value.length !== ROWS) throw new Error(`${format}: ${value.length} valid rows of ${ROWS}`);
    times.push(ms);
  }
  readingMs[format] = median(times);
  line(`read + validate ${format.toUpperCase()}`, readingMs[format]!, ROWS);
}
console.log(`ratio XLSX ÷ CSV read + validate time: ${(readingMs.xlsx! / readingMs.csv!).toFixed(2)}`);
console.log(`ratio XLSX read + validate ÷ bare exceljs parse: ${(readingMs.xlsx! / bareXlsxMs).toFixed(2)}`);

if (process.env.BENCH_PGLITE !== '0') await benchDatabase('PGlite in memory', { DATA_DIR: 'memory://bench' }, sheets);
if (process.env.DATABASE_URL) {
  const database = await createThrowawayDatabase(process.env.DATABASE_URL, 'bulk');
  try {
    await benchDatabase('PostgreSQL', { DATABASE_URL: database.url }, sheets);
  } finally {
    await database.drop();
  }
}
