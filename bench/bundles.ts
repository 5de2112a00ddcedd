// Report bundles on PostgreSQL (issue 10: a merged PDF of 1,000 MVR reports and a zip of 1,000, each
// under 30 s with a peak RSS under 512 MB). A throwaway database on the server DATABASE_URL names gets
// one company and 1,000 completed MVR orders whose records come from the sandbox provider's generator
// (clean records, minor and multiple moving violations, major violations, suspended and expired
// licences, no record found; half auto-adjudicated, with their outcome). Each bundle is then built by
// writeMvrBundle in a process of its own (so its peak RSS is its own): the entries are read out of
// PostgreSQL in keyset batches of 100, and the file is written into a sink that stores it in
// PostgreSQL in 1 MB bytea chunks, as the database file store does. Prints seconds, peak RSS
// (process.resourceUsage().maxRSS), size, pages (pdfinfo) or entries (the zip's own directory), and
// the ratios to the targets; the files are reassembled from their chunks into bench/out/.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/bundles.ts
//   BENCH_ORDERS=1000 (default), BENCH_MODES=pdf,zip (also: text, textzip)
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { uuidv7 } from 'uuidv7';
import { DEFAULT_RULESET, permissiblePurposeLabel, type MvrRecord, type UsStateCode } from '@clearlane/contract';
import { adjudicate, type Adjudication } from '../apps/server/src/adjudication/evaluate.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { orders } from '../apps/server/src/db/schema.ts';
import { mvrBundleFile, writeMvrBundle, type MvrBundleOptions } from '../apps/server/src/documents/bundles/mvr-bundle.ts';
import type { MvrReportInput } from '../apps/server/src/documents/mvr-report.ts';
import { mvrPlacement, newOrderRow } from '../apps/server/src/modules/orders/order-rows.ts';
import { buildRecord, type SandboxScenario } from '../apps/server/src/providers/mvr/sandbox-mvr-provider.ts';
import { openPreparedDatabase } from '../apps/server/src/runtime.ts';
import { createActiveUser, upsertCompany } from '../apps/server/src/seed/operator.ts';
import { createThrowawayDatabase } from './support/throwaway-database.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000);
const MODES = (process.env.BENCH_MODES ?? 'pdf,zip').split(',') as Mode[];
const TARGET_SECONDS = 30;
const TARGET_RSS_MB = 512;
const BATCH = 100;
const CHUNK = 1024 * 1024;
const COMPANY = 'Acme Freight Lines';

type Mode = 'pdf' | 'zip' | 'text' | 'textzip';
const CHOICES: Record<Mode, Pick<MvrBundleOptions, 'mergeIntoSingleReport' | 'textOnly'>> = {
  pdf: { mergeIntoSingleReport: true, textOnly: false },
  zip: { mergeIntoSingleReport: false, textOnly: false },
  text: { mergeIntoSingleReport: true, textOnly: true },
  textzip: { mergeIntoSingleReport: false, textOnly: true },
};

interface Figures {
  mode: Mode;
  seconds: number;
  maxRssMb: number;
  /** RSS of the process once its modules are loaded, before the bundle: what the bundle adds is the rest. */
  startRssMb: number;
  bytes: number;
  chunks: number;
}

// --- the child: builds one bundle -------------------------------------------------------------

/** The company's completed MVR orders as report inputs, 100 at a time in id order (keyset). */
function entriesFrom(pool: pg.Pool, companyId: string) {
  return async function* entries(): AsyncIterable<MvrReportInput> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const { rows } = await pool.query<{ id: string; created_at: Date; permissible_purpose: string; result: MvrRecord; adjudication: Adjudication | null; orderer: string | null }>(
        `select o.id, o.created_at, o.permissible_purpose, o.result, o.adjudication, u.first_name || ' ' || u.last_name as orderer
           from orders o left join users u on u.id = o.ordered_by
          where o.company_id = $1 and o.status = 'Complete' and o.type in ('MVR', 'MVR_WITH_ADJUDICATION') and o.id > $2
          order by o.id limit $3`, [companyId, after, BATCH]);
      for (const row of rows) {
        yield {
          companyName: COMPANY, orderId: row.id, orderedAt: row.created_at, orderedBy: row.orderer ?? 'Clearlane (automatically)',
          permissiblePurpose: permissiblePurposeLabel(row.permissible_purpose), record: row.result, adjudication: row.adjudication,
        };
      }
      if (rows.length < BATCH) return;
      after = rows[rows.length - 1]!.id;
    }
  };
}

/** Stores what is written in 1 MB bytea rows, each insert awaited before more is taken (backpressure). */
function chunkedPostgresSink(pool: pg.Pool, file: string) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  const store = async (data: Buffer) => {
    await pool.query('insert into bench_file_chunks (file, seq, data) values ($1, $2, $3)', [file, seq++, data]);
  };
  const sink = new Writable({
    highWaterMark: CHUNK,
    write(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes < CHUNK) return done();
      const all = Buffer.concat(pending);
      pending = [all.subarray(CHUNK)];
      pendingBytes = pending[0]!.length;
      store(all.subarray(0, CHUNK)).then(() => done(), done);
    },
    final(done) {
      (pendingBytes > 0 ? store(Buffer.concat(pending)) : Promise.resolve()).then(() => done(), done);
    },
  });
  return { sink, chunks: () => seq };
}

async function buildOne(mode: Mode, url: string, companyId: string): Promise<Figures> {
  const startRssMb = process.memoryUsage.rss() / 1048576;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const { sink, chunks } = chunkedPostgresSink(pool, mode);
    const started = performance.now();
    await writeMvrBundle(entriesFrom(pool, companyId), { ...CHOICES[mode], companyName: COMPANY, generatedAt: new Date(), total: ORDERS }, sink);
    const seconds = (performance.now() - started) / 1000;
    const { rows } = await pool.query<{ bytes: string }>('select coalesce(sum(length(data)), 0) as bytes from bench_file_chunks where file = $1', [mode]);
    return { mode, seconds, maxRssMb: process.resourceUsage().maxRSS / 1024, startRssMb, bytes: Number(rows[0]!.bytes), chunks: chunks() };
  } finally {
    await pool.end();
  }
}

// --- the parent: seeds, runs a child per bundle, reads the files back -----------------------------

const SCENARIOS: SandboxScenario[] = ['CLEAN', 'MINOR_VIOLATION', 'MULTIPLE_MOVING_VIOLATIONS', 'MAJOR_VIOLATION', 'SUSPENDED_LICENCE', 'EXPIRED_LICENCE', 'NO_RECORD_FOUND', 'CLEAN', 'MINOR_VIOLATION', 'MULTIPLE_MOVING_VIOLATIONS'];
const FIRST_NAMES = ['Aisha', 'José', 'Dana', 'Wei', 'Fatima', 'Liam', 'Priya', 'Mateo', 'Olga', 'Kwame', 'Siobhán', 'Hiroshi'];
const LAST_NAMES = ['Khan', 'García', 'Nguyen', 'Smith', 'Okafor', "O'Neill", 'Kowalski', 'Johnson', 'Müller', 'Patel', 'Rossi', 'Brown', 'Martin'];
const STATES: UsStateCode[] = ['CA', 'TX', 'FL', 'NY', 'IL', 'OH', 'GA', 'PA'];

async function seed(url: string) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url, SEED_DEMO: 'false' });
  const handle = await openPreparedDatabase(config, { seedDemo: false });
  try {
    const company = await upsertCompany(handle.db, { tenantIdentifier: 'benchbundles', name: COMPANY });
    const { userId } = await createActiveUser(handle.db, { tenantIdentifier: 'benchbundles', email: 'agent@bench.example', firstName: 'Aggie', lastName: 'Agent', role: 'Agent', password: 'Bench-password-1' });
    const requestedAt = new Date();
    for (let start = 0; start < ORDERS; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, ORDERS - start) }, (_, offset) => {
        const index = start + offset;
        const state = STATES[index % STATES.length]!;
        const driver = {
          firstName: FIRST_NAMES[index % FIRST_NAMES.length]!, lastName: LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]!,
          dateOfBirth: `19${60 + (index % 40)}-0${1 + (index % 9)}-1${index % 10}`, licenceNumber: `D${String(1_000_000 + index)}`, licenceState: state,
        };
        const isAutoAdjudicated = index % 2 === 0;
        const placement = mvrPlacement({ driver, personId: null, permissiblePurpose: 'CDL_EMPLOYER_VERIFICATION', isAutoAdjudicated });
        const id = uuidv7();
        const record = buildRecord(SCENARIOS[index % SCENARIOS.length]!, {
          idempotencyKey: id, state, licenceNumber: driver.licenceNumber, firstName: driver.firstName, lastName: driver.lastName,
          dateOfBirth: driver.dateOfBirth, permissiblePurpose: 'CDL_EMPLOYER_VERIFICATION', requestedAt, ...(state === 'TX' ? { texasRecordType: 'TYPE_3_CERTIFIED_THREE_YEAR' as const } : {}),
        });
        const adjudication = isAutoAdjudicated ? adjudicate(record, DEFAULT_RULESET) : null;
        return {
          ...newOrderRow(placement, { id, companyId: company.id, orderedBy: userId }),
          status: 'Complete', processingStatus: 'Complete', result: record as unknown as Record<string, unknown>,
          adjudication: adjudication as unknown as Record<string, unknown> | null, outcome: adjudication?.outcome ?? null, completedAt: requestedAt,
        };
      });
      await handle.db.insert(orders).values(rows);
    }
    return company.id;
  } finally {
    await handle.close();
  }
}

function runChild(mode: Mode, url: string, companyId: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_BUNDLE_CHILD: JSON.stringify({ mode, url, companyId }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output.trim().split('\n').pop()!) as Figures) : reject(new Error(`the ${mode} bundle's process exited with ${code}`))));
  });
}

/** The file, reassembled from its chunks, in bench/out/. */
async function readBack(pool: pg.Pool, mode: Mode): Promise<string> {
  const { rows } = await pool.query<{ data: Buffer }>('select data from bench_file_chunks where file = $1 order by seq', [mode]);
  mkdirSync('bench/out', { recursive: true });
  const path = `bench/out/bundle-${mode}.${mvrBundleFile(CHOICES[mode]).extension}`;
  writeFileSync(path, Buffer.concat(rows.map((row) => row.data)));
  return path;
}

/** Pages of a PDF (pdfinfo), or entries of a zip (its end records), or lines of a text. */
function contentsOf(path: string, mode: Mode): string {
  try {
    if (mode === 'pdf') return `${/^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]} pages`;
    if (mode === 'text') return `${execFileSync('wc', ['-l', path], { encoding: 'utf8' }).trim().split(' ')[0]} lines`;
    execFileSync('unzip', ['-tqq', path]); // every entry's CRC checked; throws when one fails
    return `${execFileSync('zipinfo', ['-1', path], { encoding: 'utf8' }).trim().split('\n').length} entries, unzip -t OK`;
  } catch (error) {
    return `(not read back: ${(error as Error).message.split('\n')[0]})`;
  }
}

if (process.env.BENCH_BUNDLE_CHILD) {
  const { mode, url, companyId } = JSON.parse(process.env.BENCH_BUNDLE_CHILD) as { mode: Mode; url: string; companyId: string };
  console.log(JSON.stringify(await buildOne(mode, url, companyId)));
} else {
  if (!process.env.DATABASE_URL) {
    console.error('Set DATABASE_URL (a PostgreSQL server the benchmark may create a database on).');
    process.exit(1);
  }
  console.log(`Clearlane bench: report bundles — ${ORDERS} completed MVR orders, PostgreSQL, batches of ${BATCH}, 1 MB chunks, Node ${process.version}`);
  const database = await createThrowawayDatabase(process.env.DATABASE_URL, 'bundles');
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  try {
    const seeding = performance.now();
    const companyId = await seed(database.url);
    await pool.query('create table bench_file_chunks (file text not null, seq integer not null, data bytea not null, primary key (file, seq))');
    await pool.query('analyze');
    console.log(`seeded ${ORDERS} orders in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    for (const mode of MODES) {
      const figures = await runChild(mode, database.url, companyId);
      const path = await readBack(pool, mode);
      console.log(
        `${mode.padEnd(8)} ${figures.seconds.toFixed(1).padStart(6)} s   peak RSS ${figures.maxRssMb.toFixed(0).padStart(4)} MB (at start ${figures.startRssMb.toFixed(0)} MB)   ${(figures.bytes / 1048576).toFixed(1).padStart(6)} MB in ${figures.chunks} chunks   ${contentsOf(path, mode)}` +
          `   ratio to ${TARGET_SECONDS} s: ${(figures.seconds / TARGET_SECONDS).toFixed(2)}, to ${TARGET_RSS_MB} MB: ${(figures.maxRssMb / TARGET_RSS_MB).toFixed(2)}   → ${path}`,
      );
    }
  } finally {
    await pool.end();
    await database.drop();
  }
}
