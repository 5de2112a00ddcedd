// Many rows in one statement: the rows travel as ONE JSON parameter and the database unpacks them
// (json_to_recordset). Measured on 10,000 orders this was about 4 times faster than a multi-row
// VALUES list, mostly on PGlite, where binding tens of thousands of parameters dominates; it also
// stays clear of PostgreSQL's 65,535 parameters per statement whatever the chunk size. Column
// names and types always come from the drizzle table, never from the caller's data.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

export const ROWS_PER_STATEMENT = 2_000;

export interface Recordset {
  /** `"col_a", "col_b"`: the columns' names, for an INSERT's column list. */
  names: SQL;
  /** `"colA", "colB"`: the same columns of the recordset r, in the same order, for its SELECT. */
  fields: SQL;
  /**
   * `json_to_recordset($1::json) as r("colA" uuid, ...)`: the rows as a table named r, whose
   * columns are named as the rows' own (drizzle) keys, so the rows are sent as they are: no copy of
   * each row under its columns' names (most of the time of sending 10,000 orders was that copy).
   * Other keys of a row are ignored, and a key that is missing or undefined reads as null.
   */
  from: (rows: readonly Record<string, unknown>[]) => SQL;
}

/** The recordset of some columns of a table, by their drizzle keys. */
export function recordsetOf(table: PgTable, keys: readonly string[]): Recordset {
  const columns = getTableColumns(table);
  const definitions = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    if (key.includes('"')) throw new Error(`${key} cannot name a recordset column`);
    return { key, name: column.name, type: column.getSQLType() };
  });
  const names = sql.raw(definitions.map((column) => `"${column.name}"`).join(', '));
  const fields = sql.raw(definitions.map((column) => `"${column.key}"`).join(', '));
  const recordType = sql.raw(definitions.map((column) => `"${column.key}" ${column.type}`).join(', '));
  return {
    names,
    fields,
    from: (rows) => sql`json_to_recordset(${JSON.stringify(rows)}::json) as r(${recordType})`,
  };
}

/** INSERT ... SELECT FROM json_to_recordset, ROWS_PER_STATEMENT rows per statement. */
export async function insertAsRecordset<T extends Record<string, unknown>>(db: Executor, table: PgTable, keys: readonly (keyof T & string)[], rows: readonly T[]) {
  const recordset = recordsetOf(table, keys);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    await db.execute(sql`insert into ${table} (${recordset.names}) select ${recordset.fields} from ${recordset.from(chunk)}`);
  }
}
