// A named statement run again without asking PostgreSQL to describe its rows.
//
// node-postgres runs a prepared statement as Bind, Describe, Execute, Sync: every execution asks
// for the row description and builds each column's parser from it again, though a named
// statement's columns never change. An orders list (26 columns) spent ~12 µs of the server's one
// thread per request on that, of the ~0.45 ms its list costs it, where the thread is what bounds a
// list's throughput (bench/README.md). The first execution of a statement here is node-postgres's
// own and keeps the columns and parsers it built; later ones send Bind, Execute, Sync and read the
// rows with them: the same values, parsed by the same parsers, through the same pool and
// connection. Only for statements run on a pool (pg.Pool, the tenant-scoped one included): a
// transaction's client and PGlite keep drizzle's way.
import { createRequire } from 'node:module';
import pg from 'pg';

// node-postgres's own conversion of parameter values, as its Query binds them (pg/lib/utils.js,
// which its types do not declare).
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown };

/** What node-postgres's Query does that is not in its types: its protocol steps and its result. */
interface QueryInternals {
  text: string;
  name: string;
  values: unknown[];
  types: unknown;
  _result: { fields: unknown[]; _parsers: unknown[] };
  _accumulateRows: boolean;
  hasBeenParsed(connection: unknown): boolean;
  _getRows(connection: unknown, rows: number | undefined): void;
}

interface ProtocolConnection {
  parse(message: { text: string; name: string; types: unknown }): void;
  bind(message: { portal: string; statement: string; values: unknown[]; binary: boolean; valueMapper: unknown }): void;
  submittedNamedStatements: Record<string, string>;
}

/** The columns of a statement's rows as node-postgres described them, and their parsers. */
interface RowShape {
  fields: unknown[];
  parsers: unknown[];
}

/** The rows of an execution, each the array of its columns' parsed values. */
interface ArrayRows {
  rows: unknown[][];
}

const BaseQuery = pg.Query as unknown as new (config: object) => QueryInternals;

/** node-postgres's Query, without the Describe: its rows read with the shape of an earlier execution. */
class KnownShapeQuery extends BaseQuery {
  constructor(config: object, shape: RowShape) {
    super(config);
    this._result.fields = shape.fields;
    this._result._parsers = shape.parsers;
    this._accumulateRows = true;
  }

  // Query.prepare without connection.describe: parsed on this connection once, then bound and run.
  prepare(connection: ProtocolConnection): void {
    if (!this.hasBeenParsed(connection)) {
      connection.parse({ text: this.text, name: this.name, types: this.types });
      connection.submittedNamedStatements[this.name] = this.text;
    }
    connection.bind({ portal: '', statement: this.name, values: this.values, binary: false, valueMapper: prepareValue });
    this._getRows(connection, undefined);
  }
}

/** Query config as drizzle's node-postgres driver builds it: name, text, rowMode 'array', its type parsers. */
export interface ArrayModeQueryConfig {
  name: string;
  text: string;
  rowMode: 'array';
  types?: unknown;
}

/**
 * Runs the named statement `config` on a connection of `pool` with `params`: described the first
 * time (its shape is then kept here), not again after.
 */
export class KnownShapeStatement {
  private shape: RowShape | undefined;

  constructor(private readonly pool: pg.Pool, private readonly config: ArrayModeQueryConfig) {
    if (!config.name) throw new Error('KnownShapeStatement needs a named statement');
  }

  async rows(params: unknown[]): Promise<unknown[][]> {
    const client = await this.pool.connect();
    let failure: Error | undefined;
    try {
      return await this.rowsOn(client, params);
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      // As pg.Pool's own query(): a connection whose query failed is not reused.
      client.release(failure);
    }
  }

  /** The same on a connection the caller holds (and releases): TenantScopedPool.readBehind's lead. */
  async rowsOn(client: pg.PoolClient, params: unknown[]): Promise<unknown[][]> {
    const shape = this.shape;
    if (!shape) {
      const described = (await client.query({ ...this.config, values: params } as pg.QueryConfig)) as unknown as ArrayRows & { fields: unknown[]; _parsers: unknown[] };
      this.shape = { fields: described.fields, parsers: described._parsers };
      return described.rows;
    }
    const result = await new Promise<ArrayRows>((resolve, reject) => {
      const query = new KnownShapeQuery({ ...this.config, values: params, callback: (error: Error | null, done: ArrayRows) => (error ? reject(error) : resolve(done)) }, shape);
      void client.query(query as unknown as pg.QueryConfig);
    });
    return result.rows;
  }
}
