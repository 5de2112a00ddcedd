// How lists count their rows. Counting every order of a company with 134,000 of them cost 40-50 ms
// for a page that takes 0.1 ms to read (bench/orders-list.ts), so lists count at most COUNT_CAP + 1
// matching rows: up to COUNT_CAP the total is exact, above it the answer is "more than 10,000"
// (PageMeta.totalElementsCapped). Nobody pages to the 10,001st row of a list; they filter.
//
// The count travels with the page: it is a column of the page's own statement (an uncorrelated
// subquery, which PostgreSQL evaluates once), so a list costs one round trip and one connection,
// not two.
import { COUNT_CAP } from '@clearlane/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** A page of rows and how many rows match the list's filter in all. */
export interface CountedPage<T> {
  rows: T[];
  /** Exact when `capped` is false; otherwise the cap, a lower bound. */
  total: number;
  /** True when more than the cap match: counting stopped there. */
  capped: boolean;
}

/**
 * How many rows `matching` (a select of the rows the list shows, with the list's WHERE) returns,
 * counting no further than cap + 1. Selectable as a column, or on its own.
 */
export function countUpTo(matching: SQLWrapper, cap = COUNT_CAP): SQL<number> {
  return sql`(select count(*) from (${matching} limit ${cap + 1}) as matching)`.mapWith(Number);
}

/** The total a list reports for a count that stopped at cap + 1. */
export function cappedTotal(counted: number, cap = COUNT_CAP): { total: number; capped: boolean } {
  return counted > cap ? { total: cap, capped: true } : { total: counted, capped: false };
}

// A company's whole list of orders only grows (orders are never deleted, only with their company),
// so once it has counted past the cap it stays past it: the count of 10,001 index entries, most of
// such a page's database time, is then skipped. Only lists without any filter qualify (a status
// or outcome changes, so a filtered list can shrink). Per process and never wrong, so nothing to share.
const MAX_REMEMBERED_LISTS = 10_000;
const listsAboveCap = new Set<string>();

/**
 * Whether a page's statement counts its matches, reads a count the database keeps of them (the
 * list's `kept` total), or carries a count already known to pass the cap.
 */
export type CountKind = 'counted' | 'kept' | 'aboveCap';

/** A page as its statement read it: its rows, and the count its first row carried (undefined without rows). */
export interface ReadPage<T> {
  rows: T[];
  counted: number | undefined;
}

/** What a counted page reads: see readCountedRows. */
export interface CountedPageOptions {
  matching: SQLWrapper;
  kept?: SQLWrapper;
  offset: number;
  cap?: number;
  growsOnly?: string;
  values?: Record<string, unknown>;
}

/**
 * Reads one page and its capped count in one statement. `readPage` selects the count it is given
 * as a column beside the row's own columns, with the list's WHERE, order, limit and offset, and
 * answers the rows and the count the first one carried; `countKind` says which count it was given
 * (part of the statement's shape, for a statement built once per shape: db/statements-by-shape.ts).
 * `kept`, when given, is the exact number of matching rows kept apart by the database (a scalar
 * select: orders' counts, migration 0022): it is read instead of counting `matching`, and capped the
 * same. A page past the end has no row to carry the count: only then is it counted on its own,
 * through `db` (which may carry the statement's WITH), with `values` for the placeholders `matching`
 * or `kept` may hold. `cap` is COUNT_CAP; tests pass a smaller one to reach it with a few rows.
 * `growsOnly` names a list whose rows are never removed (one company's unfiltered orders): once it
 * has counted past the cap it is not counted again.
 */
export function readCountedRows<T>(
  db: Pick<Executor, 'select'>,
  options: CountedPageOptions,
  readPage: (matchingCount: SQL<number>, countKind: CountKind) => Promise<ReadPage<T>>,
): Promise<CountedPage<T>> {
  const { matching, kept } = options;
  return readCountedRowsOfShape(
    { ...options, matching: () => matching, kept: kept && (() => kept), source: () => db },
    (countKind, matchingCount) => readPage(matchingCount(), countKind),
  );
}

/**
 * What readCountedRowsOfShape reads: readCountedRows' options, each piece of SQL built only when
 * it is asked for (`source` is readCountedRows' `db`).
 */
export interface ShapedCountOptions extends Omit<CountedPageOptions, 'matching' | 'kept'> {
  matching: () => SQLWrapper;
  /** Present when the list has a kept count. */
  kept?: () => SQLWrapper;
  source: () => Pick<Executor, 'select'>;
}

/**
 * readCountedRows for a list whose statement is built once per shape and then only executed: the
 * count's kind is known before any SQL is built, and `matchingCount()` builds the count's SQL for
 * the statement's builder, or for a page past the end counted alone. A list that answers the same
 * few shapes over and over then builds no SQL per request: building it and throwing it away cost an
 * orders list 10-15 µs of the server's one thread, which bounds its throughput (bench/README.md).
 */
export async function readCountedRowsOfShape<T>(
  options: ShapedCountOptions,
  readPage: (countKind: CountKind, matchingCount: () => SQL<number>) => Promise<ReadPage<T>>,
): Promise<CountedPage<T>> {
  const cap = options.cap ?? COUNT_CAP;
  const remembered = options.growsOnly === undefined ? undefined : `${cap} ${options.growsOnly}`;
  const knownAboveCap = remembered !== undefined && listsAboveCap.has(remembered);
  const countKind: CountKind = knownAboveCap ? 'aboveCap' : options.kept ? 'kept' : 'counted';
  const kept = options.kept;
  const matchingCount = (): SQL<number> =>
    countKind === 'aboveCap' ? sql<number>`${cap + 1}::int`.mapWith(Number) : kept ? sql<number>`(${kept()})`.mapWith(Number) : countUpTo(options.matching(), cap);
  const { rows, counted: carried } = await readPage(countKind, matchingCount);
  const counted = carried ?? (knownAboveCap ? cap + 1 : options.offset === 0 ? 0 : await countAlone(options.source(), matchingCount(), options.values));
  if (remembered !== undefined && counted > cap && !knownAboveCap) {
    if (listsAboveCap.size >= MAX_REMEMBERED_LISTS) listsAboveCap.clear();
    listsAboveCap.add(remembered);
  }
  return { rows, ...cappedTotal(counted, cap) };
}

/**
 * readCountedRows for a page read by drizzle: `readPage` selects the count as a column named
 * `matchingCount`, which is taken off each row.
 */
export function readCountedPage<T extends { matchingCount: number }>(
  db: Pick<Executor, 'select'>,
  options: CountedPageOptions,
  readPage: (matchingCount: SQL<number>, countKind: CountKind) => Promise<T[]>,
): Promise<CountedPage<Omit<T, 'matchingCount'>>> {
  return readCountedRows(db, options, async (matchingCount, countKind) => {
    const found = await readPage(matchingCount, countKind);
    const counted = found[0]?.matchingCount;
    // Deleted in place: a rest copy of every row (…row) cost 8% of the server's CPU on an orders
    // list (bench/orders-list.ts), some 35 times what deleting does.
    for (const row of found) delete (row as Partial<T>).matchingCount;
    return { rows: found as Omit<T, 'matchingCount'>[], counted };
  });
}

async function countAlone(db: Pick<Executor, 'select'>, matchingCount: SQL<number>, values: Record<string, unknown> = {}): Promise<number> {
  const [row] = await db.select({ counted: matchingCount }).from(sql`(values (1)) as one`).execute(values);
  return row?.counted ?? 0;
}
