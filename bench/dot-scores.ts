// Scoring 500 DOT numbers on the sandbox (issue 12): the scoring the pg-boss jobs run
// (modules/scores/scoring.ts), in batches of SCORE_BATCH_SIZE numbers as POST /scores/dot/quality
// queues them, run as the company. The numbers' last digits cycle through the sandbox table (README),
// so a tenth are unknown and a tenth fail. Three rounds:
//   first   — every number scored for the first time: lookups, measures, peer measures, scorings;
//   rescore — the same numbers again: changes found (OOS orders, authority, insurance) and mailed;
//   bare    — the sandbox's lookups alone, no database: what scoring costs on top of the provider.
// Prints carriers/s of each and the ratio scoring ÷ bare lookups. On PGlite in memory, and on
// PostgreSQL too when DATABASE_URL is set (a throwaway database).
//
//   node --import tsx bench/dot-scores.ts
//   BENCH_CARRIERS=500 (default)
import { loadConfig } from '../apps/server/src/config/config.ts';
import { openDatabase, runMigrations, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { runAsCompany } from '../apps/server/src/db/tenant-scope.ts';
import { Messenger } from '../apps/server/src/mail/messenger.ts';
import { SCORE_BATCH_SIZE } from '../apps/server/src/modules/scores/scores.service.ts';
import { watchDots } from '../apps/server/src/modules/scores/scores.repository.ts';
import { CarrierScoring, newRunId } from '../apps/server/src/modules/scores/scoring.ts';
import { sandboxCarrierDataProvider, SandboxCarrierDataProvider } from '../apps/server/src/providers/carrier-data/sandbox-carrier-data-provider.ts';
import { seedRolePermissions } from '../apps/server/src/seed/roles.ts';
import { createActiveUser, upsertCompany } from '../apps/server/src/seed/operator.ts';
import { createThrowawayDatabase } from './support/throwaway-database.ts';

const CARRIERS = Number(process.env.BENCH_CARRIERS ?? 500);
const dotNumbers = Array.from({ length: CARRIERS }, (_, index) => String(3_000_000 + index));

async function scoreAll(scoring: CarrierScoring, companyId: string): Promise<number> {
  const started = performance.now();
  for (let start = 0; start < dotNumbers.length; start += SCORE_BATCH_SIZE) {
    const run = { companyId, runId: newRunId(), dotNumbers: dotNumbers.slice(start, start + SCORE_BATCH_SIZE) };
    await runAsCompany(companyId, () => scoring.score(run));
  }
  return (performance.now() - started) / 1000;
}

async function bareLookups(): Promise<number> {
  const provider = new SandboxCarrierDataProvider();
  const started = performance.now();
  for (const dotNumber of dotNumbers) await provider.lookup(dotNumber).catch(() => undefined);
  return (performance.now() - started) / 1000;
}

const line = (label: string, seconds: number, extra = '') =>
  console.log(`  ${label.padEnd(8)} ${String(CARRIERS).padStart(5)} carriers ${seconds.toFixed(2).padStart(7)} s ${(CARRIERS / seconds).toFixed(0).padStart(6)} carriers/s${extra}`);

async function run(kind: string, handle: DatabaseHandle, databaseUrl?: string) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  await runMigrations(handle);
  await seedRolePermissions(handle.db);
  const company = await upsertCompany(handle.db, { tenantIdentifier: 'benchdots', name: 'Bench Dots' });
  await createActiveUser(handle.db, { tenantIdentifier: 'benchdots', email: 'manager@bench.test', firstName: 'Bench', lastName: 'Manager', role: 'Manager', password: 'Bench-password-1' });
  await runAsCompany(company.id, () => watchDots(handle.db, company.id, dotNumbers, '00000000-0000-4000-8000-000000000000'));
  const scoring = new CarrierScoring(handle.db, sandboxCarrierDataProvider(handle.db), new Messenger(handle.db, config), config);

  console.log(`${kind}:`);
  const first = await scoreAll(scoring, company.id);
  line('first', first);
  const rescore = await scoreAll(scoring, company.id);
  const changes = await handle.db.execute('select count(*)::int as n from carrier_changes') as unknown as { rows: { n: number }[] };
  line('rescore', rescore, `   (${changes.rows[0]!.n} changes recorded)`);
  const bare = await bareLookups();
  line('bare', bare, '   (sandbox lookups alone)');
  console.log(`  ratio first ÷ bare: ${(first / bare).toFixed(1)}   rescore ÷ first: ${(rescore / first).toFixed(2)}`);
}

console.log(`Clearlane bench: DOT quality scores — ${CARRIERS} DOT numbers on the sandbox, batches of ${SCORE_BATCH_SIZE}, Node ${process.version}`);
const pglite = await openDatabase({ dataDir: 'memory://' });
try {
  await run('PGlite (in memory)', pglite);
} finally {
  await pglite.close();
}
if (process.env.DATABASE_URL) {
  const database = await createThrowawayDatabase(process.env.DATABASE_URL, 'dot_scores');
  const handle = await openDatabase({ databaseUrl: database.url });
  try {
    await run('PostgreSQL', handle, database.url);
  } finally {
    await handle.close();
    await database.drop();
  }
}
