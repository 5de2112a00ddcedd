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
  /** `"col_a", "col_b"`: the columns' names, for an INSERT's column list or a SELECT. */
  names: SQL;
  /** `json_to_recordset($1::json) as r("col_a" uuid, ...)`: the rows as a table named r. */
  from: (rows: readonly Record<string, unknown>[]) => SQL;
}

/** The recordset of some columns of a table, by their drizzle keys. */
export function recordsetOf(table: PgTable, keys: readonly string[]): Recordset {
  const columns = getTableColumns(table);
  const definitions = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    return { key, name: column.name, type: column.getSQLType() };
  });
  const names = sql.raw(definitions.map((column) => `"${column.name}"`).join(', '));
  const recordType = sql.raw(definitions.map((column) => `"${column.name}" ${column.type}`).join(', '));
  return {
    names,
    from: (rows) => {
      const json = rows.map((row) => Object.fromEntries(definitions.map((column) => [column.name, row[column.key] ?? null])));
      return sql`json_to_recordset(${JSON.stringify(json)}::json) as r(${recordType})`;
    },
  };
}

/** INSERT ... SELECT FROM json_to_recordset, ROWS_PER_STATEMENT rows per statement. */
export async function insertAsRecordset<T extends Record<string, unknown>>(db: Executor, table: PgTable, keys: readonly (keyof T & string)[], rows: readonly T[]) {
  const recordset = recordsetOf(table, keys);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    await db.execute(sql`insert into ${table} (${recordset.names}) select ${recordset.names} from ${recordset.from(chunk)}`);
  }
}
