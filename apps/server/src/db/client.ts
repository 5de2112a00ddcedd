// Opens the database: embedded PGlite in a data folder by default, PostgreSQL with DATABASE_URL.
// Both speak the same SQL through drizzle, so every repository runs unchanged on either.
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repository functions accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Set on the embedded database: pg-boss shares the one PGlite session. */
  pglite?: PGlite;
  /** Set on PostgreSQL. */
  connectionString?: string;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  databaseUrl?: string;
  /** Data folder of the embedded database; "memory://" keeps it in memory (tests). */
  dataDir?: string;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { kind: 'postgres', db, connectionString: options.databaseUrl, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? './data';
  const inMemory = dataDir.startsWith('memory://');
  const releaseLock = inMemory ? () => {} : lockDataDir(resolve(dataDir));
  try {
    const pglite = new PGlite(inMemory ? dataDir : join(resolve(dataDir), 'pgdata'));
    await pglite.waitReady;
    const db = drizzlePglite(pglite, { schema }) as unknown as Database;
    return {
      kind: 'pglite',
      db,
      pglite,
      close: async () => {
        await pglite.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    await migratePg(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

/** Another live process (usually the server) has the embedded database open. */
export class DataDirLockedError extends Error {
  constructor(public readonly dir: string, public readonly ownerPid: number) {
    super(`The data folder ${dir} is in use by process ${ownerPid}. Stop it first, or choose another DATA_DIR.`);
    this.name = 'DataDirLockedError';
  }
}

/**
 * PGlite is a single session: two processes on one data folder would corrupt it. A lock file with
 * the owner's pid keeps a second process out; a lock left by a dead process is taken over.
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, 'clearlane.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) throw new DataDirLockedError(dir, owner);
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
