// Opens the database: embedded PGlite in a data folder by default, PostgreSQL with DATABASE_URL.
// Both speak the same SQL through drizzle, so every repository runs unchanged on either.
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import { AsyncLocalStorage } from 'node:async_hooks';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { currentCompanyId, runAsCompany } from './tenant-scope.ts';

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
  /**
   * Where a lost idle connection is reported (PostgreSQL only: the server restarted, a backend was
   * terminated). The pool has already let the connection go and opens another when one is needed;
   * until a reporter is set, a line goes to stderr.
   */
  reportLostConnections?(report: (error: Error) => void): void;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  databaseUrl?: string;
  /** Data folder of the embedded database; "memory://" keeps it in memory (tests). */
  dataDir?: string;
}

/** Connections of each kind a TenantScopedPool keeps (so at most twice this in all). */
const CONNECTIONS_PER_KIND = 10;

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new TenantScopedPool({ connectionString: options.databaseUrl, max: CONNECTIONS_PER_KIND });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      kind: 'postgres',
      db,
      connectionString: options.databaseUrl,
      reportLostConnections: (report) => (pool.reportLostConnection = report),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? './data';
  const inMemory = dataDir.startsWith('memory://');
  const releaseLock = inMemory ? () => {} : lockDataDir(resolve(dataDir));
  try {
    // The extensions migration 0004 creates (free-text order search by trigrams, which 0018 replaced
    // by a word index of built-in text search); PostgreSQL has them in contrib.
    const pglite = new PGlite(inMemory ? dataDir : join(resolve(dataDir), 'pgdata'), { extensions: { pg_trgm, btree_gin } });
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

/** The role of work done for one company; row-level security applies to it (migration 0003). */
export const TENANT_ROLE = 'clearlane_tenant';

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, release: (error?: Error | boolean) => void) => void;

/**
 * A pool whose connections act for the company of the work that checks them out
 * (db/tenant-scope.ts): as TENANT_ROLE with app.company_id set, or as the connecting role when the
 * work acts for no company. Both drizzle's transactions and pg's pool.query() check out through
 * connect(), so every query is covered.
 *
 * The two kinds of work keep two sets of connections: this pool's own for work outside any company,
 * which are never switched, and `companyConnections`, which act as TENANT_ROLE once set and are set
 * again (one round trip) only when they pass to another company. A signed-in request does both
 * kinds (principal_of() as the connecting role, then its work as the company): with one set of
 * connections, each request switched a connection to the tenant role and the next one's
 * authentication switched it back, two more round trips per request (bench/orders-list.ts).
 */
class TenantScopedPool extends pg.Pool {
  private readonly companyConnections: pg.Pool;
  /** The company a connection of `companyConnections` was last set to; settings last for the session. */
  private readonly appliedCompany = new WeakMap<pg.PoolClient, string>();

  /** See DatabaseHandle.reportLostConnections. */
  reportLostConnection: (error: Error) => void = (error) => console.warn(`A database connection was lost while idle (a new one opens when needed): ${error.message}`);

  constructor(config: pg.PoolConfig) {
    super(config);
    // Pipeline mode (node-postgres 8.23): a query is written as soon as it is asked, not after the
    // answer of the one before it, so a statement sent behind another costs no round trip of its own
    // (readBehind). Work that awaits each query, as drizzle and its transactions do, runs as before.
    this.companyConnections = new pg.Pool({ ...config, pipeline: true } as pg.PoolConfig);
    this.companyConnections.on('error', (error) => this.emit('error', error));
    // pg pools emit 'error' when an idle connection fails (PostgreSQL restarted, a backend was
    // terminated, the network dropped it), having already let it go. Without a listener, that
    // event would end the process: every request in flight, and the server, for a connection
    // nobody was using.
    this.on('error', (error) => this.reportLostConnection(error));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const companyId = currentCompanyId(); // read now: the scope is the caller's, not the pool's
    const behind = readsBehind.getStore();
    const scoped = companyId ? (behind?.companyId === companyId ? behind.checkout(() => this.connectAsCompany(companyId)) : this.connectAsCompany(companyId)) : super.connect();
    if (!callback) return scoped;
    scoped.then(
      (client) => callback(undefined, client, (error) => client.release(error)),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }

  /**
   * Sends `lead` on a connection of `companyId` and, written right behind it on the same connection,
   * the first statement of `read` (run as that company): the two answers come back in one round
   * trip. The lead decides whether the read counts: `read`'s result is given only when `accept`
   * says yes of the lead's; its statements after the first wait for that answer (and fail when it
   * is no), so at most one statement runs before the lead is accepted, and its rows are dropped
   * unless it is. A failure of `read` gives no result (the caller does the work its usual way); a
   * failure of `lead` is thrown. access/principal.ts: the caller's principal, then a list's page.
   */
  async readBehind<Lead, Result>(companyId: string, lead: (client: pg.PoolClient) => Promise<Lead>, accept: (lead: Lead) => boolean, read: () => Promise<Result>): Promise<{ lead: Lead; result?: Result }> {
    const client = await this.connectAsCompany(companyId);
    const held = new ConnectionHeldForRead(companyId, client);
    let leadFailure: Error | undefined;
    try {
      const leading = lead(client); // written first: its answer comes first
      const reading = readsBehind.run(held, () => runAsCompany(companyId, read)).then(
        (result) => ({ result }),
        () => ({ result: undefined }),
      );
      let answer: Lead;
      try {
        answer = await leading;
      } catch (error) {
        leadFailure = error as Error;
        held.decide(false);
        await reading;
        throw error;
      }
      const accepted = accept(answer);
      held.decide(accepted);
      const { result } = await reading;
      return accepted ? { lead: answer, result } : { lead: answer };
    } finally {
      held.giveBack(leadFailure);
    }
  }

  override async end(): Promise<void> {
    await Promise.all([super.end(), this.companyConnections.end()]);
  }

  private async connectAsCompany(companyId: string): Promise<pg.PoolClient> {
    const client = await this.companyConnections.connect();
    if (this.appliedCompany.get(client) === companyId) return client;
    try {
      // Set outside any transaction (a connection is checked out between them), so a rollback
      // cannot undo it. Forgotten first, so a connection whose setting failed is never reused as set.
      this.appliedCompany.delete(client);
      // Company work plans its statements for any company (plan_cache_mode force_generic_plan):
      // with `auto`, PostgreSQL made a new plan for the orders list's named statements on every
      // request (pg_prepared_statements: 0 generic plans in 2,000 runs), as each company's sizes
      // made its own plan look cheaper than the shared one. Planning was 0.1-0.5 ms of PostgreSQL's
      // CPU per page, more than running it; the shared plans read the same indexes (bench/README.md).
      await client.query(
        "SELECT set_config('role', $1, false), set_config('app.company_id', $2, false), set_config('plan_cache_mode', 'force_generic_plan', false)",
        [TENANT_ROLE, companyId],
      );
      this.appliedCompany.set(client, companyId);
      return client;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }
}

/**
 * The connection readBehind holds for one read: its first checkout gets the connection the lead was
 * written on; later ones wait for the lead's verdict and then check out as usual. The read's own
 * release of the held connection only marks it free: readBehind gives it back once both are done.
 */
class ConnectionHeldForRead {
  private taken = false;
  private releasedWith: Error | undefined;
  private readonly originalRelease: pg.PoolClient['release'];
  private settle!: (accepted: boolean) => void;
  private readonly verdict = new Promise<boolean>((resolve) => (this.settle = resolve));

  constructor(readonly companyId: string, private readonly client: pg.PoolClient) {
    this.originalRelease = client.release;
  }

  decide(accepted: boolean): void {
    this.settle(accepted);
  }

  async checkout(connect: () => Promise<pg.PoolClient>): Promise<pg.PoolClient> {
    if (!this.taken) {
      this.taken = true;
      this.client.release = (error?: Error | boolean) => {
        if (error instanceof Error) this.releasedWith = error;
      };
      return this.client;
    }
    if (!(await this.verdict)) throw new Error('The read was not accepted: its statements after the first do not run');
    return connect();
  }

  /** Back to the pool, or destroyed when the lead or the read's statement on it failed. */
  giveBack(leadFailure: Error | undefined): void {
    this.client.release = this.originalRelease;
    this.client.release(leadFailure ?? this.releasedWith);
  }
}

/** The connection a readBehind's read runs its first statement on (TenantScopedPool.connect). */
const readsBehind = new AsyncLocalStorage<ConnectionHeldForRead>();

/** The tenant-scoped pool under `db`, on PostgreSQL; undefined on PGlite (one session: nothing to pipeline). */
export function tenantScopedPoolOf(db: Pick<Database, '_'>): TenantScopedPool | undefined {
  const client = (db._.session as unknown as { client?: unknown }).client;
  return client instanceof TenantScopedPool ? client : undefined;
}

export type { TenantScopedPool };

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
