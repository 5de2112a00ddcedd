// Rows of a bulk upload, written many at a time: one multi-row INSERT per chunk rather than one
// per order keeps a 10,000-row sheet to a few dozen statements. Chunks stay well under
// PostgreSQL's 65,535 bind parameters per statement.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, orderEvents, orders, reportGroups } from '../../db/schema.ts';

/** Orders set ~16 parameters each, events ~8: 1,000 rows a statement is ~16,000 parameters at most. */
const ROWS_PER_STATEMENT = 1_000;

export type NewReportGroupRow = typeof reportGroups.$inferInsert;
export type NewBulkOrderRow = typeof orders.$inferInsert;
export type NewBulkEventRow = typeof orderEvents.$inferInsert;

async function insertInChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) await insert(rows.slice(start, start + ROWS_PER_STATEMENT));
}

export async function companyPlugins(db: Executor, companyId: string): Promise<string[]> {
  const [row] = await db.select({ plugins: companies.plugins }).from(companies).where(eq(companies.id, companyId));
  return row?.plugins ?? [];
}

export async function insertReportGroup(db: Executor, group: NewReportGroupRow) {
  await db.insert(reportGroups).values(group);
}

export async function insertOrders(db: Executor, rows: readonly NewBulkOrderRow[]) {
  await insertInChunks(rows, (chunk) => db.insert(orders).values(chunk));
}

export async function insertEvents(db: Executor, rows: readonly NewBulkEventRow[]) {
  await insertInChunks(rows, (chunk) => db.insert(orderEvents).values(chunk));
}
