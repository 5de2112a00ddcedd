// A select prepared with its own reader of rows: each row arrives as the array of its columns' values
// (as the driver gives them to drizzle) and the reader makes of it what the caller returns, in one
// pass. drizzle's own mapping builds an object per row through each column's decoder (a Date of
// every timestamp), which a caller that only turns it into an API shape then maps again: for a list
// of 20 orders that was about a quarter of the server's CPU spent on the page's statement
// (bench/orders-list.ts). Everything else is drizzle's: the statement's text and placeholders, its
// name, the driver (node-postgres through the tenant-scoped pool, or PGlite) and its type parsers,
// the logger.
import type { Query } from 'drizzle-orm';
import type { PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/** A prepared select: run with the values of its placeholders, it answers what its reader made of its rows. */
export interface ReadStatement<Result> {
  execute(values: Record<string, unknown>): Promise<Result>;
}

/**
 * Prepares `query` under `name` ('' for none) on `db`'s session (the database or a transaction), its
 * rows read by `read`. Each row holds the columns in the order of the select's fields.
 */
export function prepareWithReader<Result>(db: Pick<Database, '_'>, query: { toSQL(): Query }, name: string, read: (rows: unknown[][]) => Result): ReadStatement<Result> {
  return db._.session.prepareQuery<PreparedQueryConfig & { execute: Result }>(query.toSQL(), undefined, name, true, read);
}
