// Starts the real server exactly like production (`node --import tsx apps/server/src/main.ts`) on a
// throwaway PostgreSQL database with the demo data, waits for GET /api/v1/health, and returns the
// teardown: SIGTERM to the server, then the database is dropped.
//
// PostgreSQL: the server named by DATABASE_URL, else postgres://postgres@127.0.0.1:5432. When none is
// reachable the server falls back to the embedded database in a temp folder (the outbox fixture then
// cannot read messages and says so).
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BASE_URL, PORT } from './env.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LOG_FILE = join(ROOT, 'test-results', 'e2e-server.log');
const SCREENSHOT_DIR = join(ROOT, 'test-results', 'screenshots'); // fixtures.ts saveScreenshot()
const STALE_AFTER_SECONDS = 12 * 3600;

function adminUrl(): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates clearlane_e2e_<epoch>_<random> (and drops such databases left by runs that died long ago). */
async function createDatabase(): Promise<string | undefined> {
  try {
    return await withAdmin(async (client) => {
      const now = Math.floor(Date.now() / 1000);
      const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like 'clearlane\\_e2e\\_%'");
      for (const { datname } of rows) {
        const created = Number(datname.split('_')[2]);
        if (created && now - created > STALE_AFTER_SECONDS) await client.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
      }
      const name = `clearlane_e2e_${now}_${Math.random().toString(36).slice(2, 8)}`;
      await client.query(`create database "${name}"`);
      const url = new URL(adminUrl());
      url.pathname = `/${name}`;
      return url.toString();
    });
  } catch (error) {
    console.warn(`[e2e] PostgreSQL is not reachable (${(error as Error).message}); using the embedded database.`);
    return undefined;
  }
}

async function dropDatabase(databaseUrl: string) {
  const name = new URL(databaseUrl).pathname.slice(1);
  await withAdmin((client) => client.query(`drop database if exists "${name}" with (force)`));
}

async function waitForHealth(server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${BASE_URL}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`GET /api/v1/health did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`);
}

function stop(server: ChildProcess, timeoutMs = 20_000): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => server.kill('SIGKILL'), timeoutMs);
    server.once('exit', () => {
      clearTimeout(force);
      done();
    });
    server.kill('SIGTERM');
  });
}

export default async function globalSetup() {
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true }); // only this run's screenshots
  const dataDir = mkdtempSync(join(tmpdir(), 'clearlane-e2e-'));
  const databaseUrl = await createDatabase();
  if (databaseUrl) process.env.E2E_DATABASE_URL = databaseUrl; // read by the outbox fixture in the workers
  else delete process.env.E2E_DATABASE_URL;

  mkdirSync(dirname(LOG_FILE), { recursive: true });
  const log = createWriteStream(LOG_FILE);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SEED_DEMO: 'true',
    // Every journey comes from 127.0.0.1: the per-address limit on identity calls would throttle the
    // suite, not a person. The per-account lock (what the journeys test) is unaffected.
    AUTH_RATE_LIMIT_PER_MINUTE: process.env.AUTH_RATE_LIMIT_PER_MINUTE ?? '1000',
  };
  delete env.NODE_ENV; // as `npm start` runs it
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.pipe(log);
  server.stderr!.pipe(log);
  const killOnExit = () => server.kill('SIGKILL');
  process.once('exit', killOnExit);

  const teardown = async () => {
    process.off('exit', killOnExit);
    await stop(server);
    if (databaseUrl) await dropDatabase(databaseUrl).catch((error) => console.warn(`[e2e] could not drop the database: ${error.message}`));
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(server, 60_000);
  } catch (error) {
    await teardown();
    const tail = readFileSync(LOG_FILE, 'utf8').split('\n').slice(-40).join('\n');
    throw new Error(`[e2e] the server did not start: ${(error as Error).message}\n--- ${LOG_FILE} (last lines) ---\n${tail}`);
  }
  return teardown;
}
