// A select prepared with its own reader of rows: each row arrives as the array of its columns' values
// (as the driver gives them to drizzle) and the reader makes of it what the caller returns, in one
// pass. drizzle's own mapping builds an object per row through each column's decoder (a Date of
// every timestamp), which a caller that only turns it into an API shape then maps again: for a list
// of 20 orders that was about a quarter of the server's CPU spent on the page's statement
// (bench/orders-list.ts). Everything else is drizzle's: the statement's text and placeholders, its
// name, the driver (node-postgres through the tenant-scoped pool, or PGlite) and its type parsers,
// the logger. A named statement run on a pool of node-postgres is described once, not at each
// execution (db/known-shape-query.ts).
import { fillPlaceholders, type Logger, type Query } from 'drizzle-orm';
import type { PreparedQueryConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client.ts';
import { KnownShapeStatement, type ArrayModeQueryConfig } from './known-shape-query.ts';

/** A prepared select: run with the values of its placeholders, it answers what its reader made of its rows. */
export interface ReadStatement<Result> {
  execute(values: Record<string, unknown>): Promise<Result>;
}

/** What drizzle's node-postgres session and prepared query hold that their types leave out. */
interface NodePgSessionInternals {
  client?: unknown;
  logger?: Logger;
}
interface NodePgPreparedInternals {
  queryConfig?: ArrayModeQueryConfig;
}

/**
 * Prepares `query` under `name` ('' for none) on `db`'s session (the database or a transaction), its
 * rows read by `read`. Each row holds the columns in the order of the select's fields.
 */
export function prepareWithReader<Result>(db: Pick<Database, '_'>, query: { toSQL(): Query }, name: string, read: (rows: unknown[][]) => Result): ReadStatement<Result> {
  const sqlQuery = query.toSQL();
  const prepared = db._.session.prepareQuery<PreparedQueryConfig & { execute: Result }>(sqlQuery, undefined, name, true, read);
  const session = db._.session as unknown as NodePgSessionInternals;
  const config = (prepared as unknown as NodePgPreparedInternals).queryConfig;
  // A transaction's client (one connection already checked out) and PGlite run drizzle's way.
  if (!name || !(session.client instanceof pg.Pool) || config?.rowMode !== 'array' || config.name !== name) return prepared;
  const statement = new KnownShapeStatement(session.client, config);
  const logger = session.logger;
  return {
    async execute(values) {
      const params = fillPlaceholders(sqlQuery.params, values);
      logger?.logQuery(sqlQuery.sql, params);
      return read(await statement.rows(params));
    },
  };
}
