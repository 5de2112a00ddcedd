// Orders of one company and their events. Every function takes companyId and puts it first in its
// WHERE (midday's habit, STYLE.md): another company's order is simply not there.
import { and, asc, avg, count, desc, eq, gte, inArray, isNotNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { COUNT_CAP, SUMMARIZED_ORDER_TYPES, summarizeOrderResult, type Order, type OrderListFilter, type OrderSortField, type SortTerm } from '@clearlane/contract';
import type { Database, Executor } from '../../db/client.ts';
import { inDirection } from '../../db/sort-order.ts';
import { cappedTotal, readCountedRowsOfShape, type CountedPage, type CountKind, type ReadPage } from '../../db/capped-count.ts';
import { prepareWithReader, type ReadStatement } from '../../db/read-rows.ts';
import { StatementsByShape } from '../../db/statements-by-shape.ts';
import { isoOfTimestampText } from '../../db/timestamp-text.ts';
import { businesses, orderCounts, orderEvents, orders, persons, users } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

/** The columns of lists: the order without its (large) input and provider result. */
export const summaryColumns = {
  id: orders.id, type: orders.type, status: orders.status, processingStatus: orders.processingStatus, outcome: orders.outcome,
  subStatus: orders.subStatus, changeNotes: orders.changeNotes, isReviewed: orders.isReviewed, reviewedAt: orders.reviewedAt,
  reviewedBy: orders.reviewedBy, subjectLabel: orders.subjectLabel, personId: orders.personId, businessId: orders.businessId,
  reportGroupId: orders.reportGroupId, permissiblePurpose: orders.permissiblePurpose, ruleNamespace: orders.ruleNamespace,
  riskAssessmentDefinitionName: orders.riskAssessmentDefinitionName, mvrExternalReferenceId: orders.mvrExternalReferenceId,
  isAutoAdjudicated: orders.isAutoAdjudicated, tags: orders.tags, failureReason: orders.failureReason,
  createdAt: orders.createdAt, updatedAt: orders.updatedAt, completedAt: orders.completedAt,
};

const SORT_COLUMNS: Record<OrderSortField, SQL | typeof orders.createdAt> = {
  createdAt: orders.createdAt,
  updatedAt: sql`${orders.updatedAt}`,
  completedAt: sql`${orders.completedAt}`,
  status: sql`${orders.status}`,
  type: sql`${orders.type}`,
  outcome: sql`${orders.outcome}`,
  subjectLabel: sql`lower(${orders.subjectLabel})`,
};

export interface OrderListQuery extends Omit<OrderListFilter, 'from' | 'to' | 'type'> {
  companyId: string;
  page: number;
  size: number;
  sort: SortTerm<OrderSortField>[];
  from?: Date;
  /** Exclusive upper bound. */
  toExclusive?: Date;
  /** Only these statuses (the reports view: Complete). */
  statuses?: string[];
  types?: string[];
}

type ListFilterKey = Exclude<keyof OrderListQuery, 'companyId' | 'page' | 'size' | 'sort' | 'filter'>;

// The filters on the columns order_counts keeps (migration 0022), as conditions on orders or on
// the counts alike: the same condition on the same values, so a count summed from order_counts is
// the count of the orders the list shows (an outcome filter matches no order without one, either way).
const groupFilters = (table: typeof orders | typeof orderCounts) => ({
  isReviewed: (value: Placeholder) => eq(table.isReviewed, value),
  types: (value: Placeholder) => sql`${table.type} = any(${value}::text[])`,
  status: (value: Placeholder) => eq(table.status, value),
  statuses: (value: Placeholder) => sql`${table.status} = any(${value}::text[])`,
  outcome: (value: Placeholder) => eq(table.outcome, value),
});
const COUNTED_FILTERS: Partial<Record<ListFilterKey, (value: Placeholder) => SQL>> = groupFilters(orderCounts);

// The filters of a list, each a condition on its value's placeholder (the statement of a list's
// shape is built once and run with each request's values: db/statements-by-shape.ts). Every filter
// of OrderListQuery must be here (the type says so), or a list would silently ignore it.
const FILTERS: Record<ListFilterKey, (value: Placeholder) => SQL> = {
  ...groupFilters(orders),
  from: (value) => gte(orders.createdAt, value),
  toExclusive: (value) => lt(orders.createdAt, value),
  tag: (value) => sql`${orders.tags} @> array[${value}]::text[]`,
  personId: (value) => eq(orders.personId, value),
  businessId: (value) => eq(orders.businessId, value),
  reportGroupId: (value) => eq(orders.reportGroupId, value),
};
const FILTER_KEYS = Object.keys(FILTERS) as ListFilterKey[];

/** The filters of a company's orders list, without its page and order. */
export type OrderFilterQuery = Omit<OrderListQuery, 'page' | 'size' | 'sort'>;

type ListExecutor = Executor & Pick<Database, 'with' | '$with' | '_'>;

// The search's arguments (migration 0020): the company, the words typed, and the same text as a
// reference (an order's external reference or its driver's external id, whole).
const searchArguments = (companyId: Placeholder) =>
  sql`${companyId}::uuid, order_search_query(${companyId}::uuid, ${sql.placeholder('words')}::text), ${sql.placeholder('reference')}`;
const searchValues = (filter: string) => ({ words: filter, reference: filter });

/**
 * The WHERE of a company's orders matching the list's filters (with placeholders, and the values
 * that go in them), and where the rows come from. Free text reads the company's orders whose
 * subject's words begin with the words typed (identifiers also by their end), or whose reference
 * (the order's external reference, the driver's external id) is the text, through
 * orders_matching_subject (migrations 0013, 0018, 0020), which the words table and indexes answer
 * (written as a plain condition here, row-level security would keep the indexes from answering
 * it). Its rows stand in for the table under the table's own name, for this one statement: the
 * filters, order and count read the same either way, and the search runs once for the page and
 * its count.
 */
function filteredOrders(db: ListExecutor, query: OrderFilterQuery, filtersUsed = filtersUsedBy(query)) {
  const companyId = sql.placeholder('companyId');
  const where = and(eq(orders.companyId, companyId), ...filtersUsed.map((key) => FILTERS[key](sql.placeholder(key))));
  const source = query.filter
    ? db.with(db.$with('orders', summaryColumns).as(sql`SELECT * FROM orders_matching_subject(${searchArguments(companyId)})`))
    : db;
  return { filtersUsed, values: filterValues(query, filtersUsed), companyId, where, source };
}

/** The list's filters that have a value. */
const filtersUsedBy = (query: OrderFilterQuery) => FILTER_KEYS.filter((key) => query[key] !== undefined);

/** The values of the placeholders filteredOrders' WHERE and source hold. */
function filterValues(query: OrderFilterQuery, filtersUsed: ListFilterKey[]): Record<string, unknown> {
  const values: Record<string, unknown> = { companyId: query.companyId };
  for (const key of filtersUsed) values[key] = query[key];
  if (query.filter) Object.assign(values, searchValues(query.filter));
  return values;
}

/**
 * The ids of the company's orders matching the list's filters, as the list orders them by default
 * (newest first), at most `limit` (a report bundle of "every order matching the filters").
 */
export async function matchingOrderIds(db: ListExecutor, query: OrderFilterQuery, limit: number): Promise<string[]> {
  const { where, source, values } = filteredOrders(db, query);
  // Unnamed ('' in pg): a bundle is asked for rarely, not worth a statement kept in every session.
  const rows = await source.select({ id: orders.id }).from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).prepare('').execute(values);
  return rows.map((row) => row.id);
}

// The result line of list rows (domain/result-summary.ts) is worked out from the report of a
// finished vehicle or risk order. A list reads its page without the provider reports
// (summaryColumns) but those few, in the page's own statement: no second query per list.
const summarizedResult = sql<unknown>`case when ${orders.status} = 'Complete' and ${inArray(orders.type, [...SUMMARIZED_ORDER_TYPES])} then ${orders.result} end`;

/** The columns a list's page reads of each order (pageCarryingCount names them as the table does). */
const pageColumns = { ...summaryColumns, summarizedResult: summarizedResult.as('summarized_result') };

/**
 * The columns of a list's statement, then its count: readListedPage reads them by their position
 * here. They are those of the page's subquery, which pageCarryingCount names `orders`, so each
 * column of the table reads the page's column of its name.
 */
const pageColumn = (name: string) => sql<unknown>`${sql.identifier('orders')}.${sql.identifier(name)}`;
const listedColumns = {
  ...(Object.fromEntries(Object.entries(summaryColumns).map(([key, column]) => [key, pageColumn(column.name)])) as Record<keyof typeof summaryColumns, SQL<unknown>>),
  summarizedResult: pageColumn('summarized_result'),
};
const at = Object.fromEntries(Object.keys(listedColumns).map((key, position) => [key, position])) as Record<keyof typeof listedColumns, number>;
const COUNT_POSITION = Object.keys(listedColumns).length;

const isoOf = (value: unknown) => (typeof value === 'string' ? isoOfTimestampText(value) : (value as Date).toISOString());
const isoOrNull = (value: unknown) => (value === null ? null : isoOf(value));

/**
 * A row of a list's page, as the driver gives it (db/read-rows.ts), straight into the API's Order:
 * what toOrder (orders.mapping.ts) makes of a whole row, key for key, without the Date of each
 * timestamp nor an object of the row in between. Each value is decoded as drizzle would: the
 * timestamps from their text (db/timestamp-text.ts), the tags and report by their columns' own decoders.
 */
function readListedOrder(row: unknown[]): Order {
  const type = row[at.type] as string;
  const summarized = row[at.summarizedResult];
  return {
    id: row[at.id] as string,
    type: type as Order['type'],
    status: row[at.status] as Order['status'],
    processingStatus: row[at.processingStatus] as Order['processingStatus'],
    outcome: row[at.outcome] as Order['outcome'],
    subStatus: row[at.subStatus] as string | null,
    changeNotes: row[at.changeNotes] as string | null,
    isReviewed: row[at.isReviewed] as boolean,
    reviewedAt: isoOrNull(row[at.reviewedAt]),
    reviewedBy: row[at.reviewedBy] as string | null,
    subjectLabel: row[at.subjectLabel] as string,
    personId: row[at.personId] as string | null,
    businessId: row[at.businessId] as string | null,
    reportGroupId: row[at.reportGroupId] as string | null,
    permissiblePurpose: row[at.permissiblePurpose] as Order['permissiblePurpose'],
    ruleNamespace: row[at.ruleNamespace] as string | null,
    riskAssessmentDefinitionName: row[at.riskAssessmentDefinitionName] as string | null,
    mvrExternalReferenceId: row[at.mvrExternalReferenceId] as string | null,
    isAutoAdjudicated: row[at.isAutoAdjudicated] as boolean,
    tags: orders.tags.mapFromDriverValue(row[at.tags]) as string[],
    failureReason: row[at.failureReason] as string | null,
    resultSummary: summarizeOrderResult(type, summarized === null ? null : orders.result.mapFromDriverValue(summarized)),
    createdAt: isoOf(row[at.createdAt]),
    updatedAt: isoOf(row[at.updatedAt]),
    completedAt: isoOrNull(row[at.completedAt]),
  };
}

/**
 * A list's page: its orders, and the count every row carries (read from the first). A page past
 * the end is one row of nulls that carries the count alone (pageCarryingCount).
 */
const readListedPage = (rows: unknown[][]): ReadPage<Order> => ({
  rows: rows.filter((row) => row[at.id] !== null).map(readListedOrder),
  counted: rows.length > 0 ? Number(rows[0]![COUNT_POSITION]) : undefined,
});

/** Whether an empty page would leave its count unknown: a page after the first, its count not known to pass the cap. */
const countStillToFind = (offset: number, countKind: CountKind) => offset > 0 && countKind !== 'aboveCap';

/**
 * A page of orders and the count of the list's matches, in one statement even when the page is
 * empty: the count is a one-row relation and the page is joined to it (LEFT JOIN LATERAL), so a
 * page past the end still answers one row, of nulls and the count. Counted in a second statement,
 * such a page cost a second round trip (bench/orders-list.ts: the median company's page 50). The
 * page's subquery is named `orders`, so the columns and the order of the table read its columns;
 * with a WITH in `source` (free text) the count and the page both read it.
 *
 * Only a page after the first whose count is still to be found is worth it: an empty first page
 * counts none, and a count known to pass the cap is known without its rows. The join and its
 * sort cost the largest company's page 50 (above the cap) ~0.08 ms of PostgreSQL's CPU for
 * nothing, so the other pages carry the count on each row, as a column of the page alone.
 */
function pageCarryingCount(db: ListExecutor, source: Pick<ListExecutor, 'select'>, onPage: SQL | undefined, ordering: SQL[], size: number, matchingCount: SQL<number>, mayBePastTheEnd: boolean) {
  if (!mayBePastTheEnd) return source.select({ ...pageColumns, matchingCount }).from(orders).where(onPage).orderBy(...ordering).limit(size);
  const page = db.select(pageColumns).from(orders).where(onPage).orderBy(...ordering).limit(size);
  return source
    .select({ ...listedColumns, matchingCount: sql<number>`counted.matching_count` })
    .from(sql`(select ${matchingCount} as matching_count) as counted left join lateral ${page} as ${sql.identifier('orders')} on true`)
    .orderBy(...ordering);
}

const listStatements = new StatementsByShape<ReadStatement<ReadPage<Order>>>('orders_list');

const NEWEST_FIRST: SortTerm<OrderSortField>[] = [{ field: 'createdAt', direction: 'desc' }];

/**
 * Orders that tie on the sort are ordered by id, in the direction of the sort's last term: the
 * indexes a list sorts by end with the id (orders_created_idx, orders_subject_idx), so a page in
 * either direction is read from the index forward or backward in exactly this order, with no sort
 * of the ties (migration 0026). Newest first is so by created_at desc, id desc, as before.
 */
const tieBreak = (sort: SortTerm<OrderSortField>[]) => inDirection(sort[sort.length - 1]!.direction, orders.id);
const isNewestFirst = (sort: SortTerm<OrderSortField>[]) => sort.length === 1 && sort[0]!.field === 'createdAt' && sort[0]!.direction === 'desc';

/** One page of a company's orders, as the API gives them, and how many match (capped: db/capped-count.ts). */
export async function listOrders(db: ListExecutor, query: OrderListQuery): Promise<CountedPage<Order>> {
  const filtersUsed = filtersUsedBy(query);
  const sort = query.sort.length > 0 ? query.sort : NEWEST_FIRST;
  if (query.filter && filtersUsed.length === 0 && isNewestFirst(sort)) return listNewestMatches(db, query, query.filter);
  const deep = query.page > 0;
  const values = { ...filterValues(query, filtersUsed), offset: query.page * query.size };
  // Without any filter the list is the company's every order, which only grows (capped-count.ts).
  const allOrders = filtersUsed.length === 0 && !query.filter;
  const growsOnly = allOrders ? `orders of ${query.companyId}` : undefined;
  // The SQL is built only for a shape not seen before: a list of a known shape only runs its statement.
  let built: ReturnType<typeof filteredOrders> | undefined;
  const filtered = () => (built ??= filteredOrders(db, query, filtersUsed));
  const counting = {
    matching: () => db.select({ one: sql`1` }).from(orders).where(filtered().where),
    kept: query.filter || !hasKeptCount(filtersUsed) ? undefined : () => keptCount(db, filtered().companyId, filtersUsed),
    source: () => filtered().source,
    offset: query.page * query.size,
    growsOnly,
    values,
  };
  return readCountedRowsOfShape(counting, (countKind, matchingCount) => {
    const shape = JSON.stringify([filtersUsed, Boolean(query.filter), sort, query.size, deep, countKind]);
    const statement = listStatements.of(db, shape, (name) => {
      const { companyId, where, source } = filtered();
      const ordering = [...sort.map((term) => inDirection(term.direction, SORT_COLUMNS[term.field])), tieBreak(sort)];
      const onPage = deep ? deepPageRows(db, companyId, where, ordering, query.size, allOrders && isNewestFirst(sort)) : where;
      return prepareWithReader(db, pageCarryingCount(db, source, onPage, ordering, query.size, matchingCount(), countStillToFind(query.page * query.size, countKind)), name, readListedPage);
    });
    return statement.execute(values);
  });
}

/**
 * The rows a page after the first reads (its offset is the `offset` placeholder). All of a
 * company's orders newest first, the list a user pages through deeply, read on from the page's
 * remembered first order (migration 0024: order_page_start), as the first page reads from the
 * newest: 20 index entries, not the 1,000 before them. Any other list finds its page's ids first
 * (from an index alone where one covers the order) and reads just those rows: skipping 1,000
 * orders then costs index entries, not 1,000 rows.
 */
function deepPageRows(db: ListExecutor, companyId: Placeholder, where: SQL | undefined, ordering: SQL[], size: number, fromRememberedStart: boolean) {
  if (fromRememberedStart) {
    const start = sql`(select start.start_created_at, start.start_order_id from order_page_start(${companyId}::uuid, ${sql.placeholder('offset')}::integer) as start)`;
    return and(eq(orders.companyId, companyId), sql`(${orders.createdAt}, ${orders.id}) <= ${start}`);
  }
  return and(eq(orders.companyId, companyId), inArray(orders.id, db.select({ id: orders.id }).from(orders).where(where).orderBy(...ordering).limit(size).offset(sql.placeholder('offset'))));
}

/** Whether every filter of a list is among the columns whose counts the database keeps (order_counts). */
const hasKeptCount = (filtersUsed: ListFilterKey[]) => filtersUsed.every((key) => COUNTED_FILTERS[key] !== undefined);

/**
 * The exact count of a list's matches from the counts the database keeps (order_counts, migration
 * 0022), for filters all among the kept columns (hasKeptCount): a few rows summed, where counting
 * the orders read an index entry per match (up to 10,001).
 */
function keptCount(db: ListExecutor, companyId: Placeholder, filtersUsed: ListFilterKey[]) {
  const conditions = filtersUsed.map((key) => COUNTED_FILTERS[key]!(sql.placeholder(key)));
  return db.select({ orders: sql`coalesce(sum(${orderCounts.orders}), 0)` }).from(orderCounts).where(and(eq(orderCounts.companyId, companyId), ...conditions));
}

/**
 * A free-text search is remembered (migration 0023: order_search_page) once this many orders match:
 * every search that finds something. Read from its memo, even a search of a few matches costs
 * PostgreSQL about half of finding them again (bench company of 266 orders, "martin": 0.07 against
 * 0.13 ms a call), and a list's search is asked again and again (the portal keeps it in the URL;
 * its page sizes and pages all read the one memo) while the generation lasts; remembering it is
 * one small write per generation, on an unlogged table. A search that finds nothing is found again
 * (its memo would hold no id to slice).
 */
export const SEARCH_MEMO_FROM_MATCHES = 1;

/**
 * Free text alone, newest first (the list's default): the matches' count and the page's ids come
 * from order_search_page (migrations 0023, 0025), which finds them in the words table's index
 * (order_ids_matching_subject, migration 0020) or, while nothing a search reads has changed, in the
 * memo of the text typed; only the page's orders are read. Read whole, each match costs a heap page
 * of its own (a large company's 2,243 "martin" orders lie on 2,221 pages); found in the index,
 * 3.3 ms of PostgreSQL per request; remembered, a slice of one array (a first page's, of the few
 * ids the memo keeps inline).
 */
async function listNewestMatches(db: ListExecutor, query: OrderListQuery, filter: string): Promise<CountedPage<Order>> {
  const statement = listStatements.of(db, JSON.stringify(['newest matches', query.size]), (name) => {
    const companyId = sql.placeholder('companyId');
    const typed = sql`${sql.placeholder('typed')}::text`;
    const offset = sql`${sql.placeholder('offset')}::integer`;
    // Both CTEs answer the same two columns: how many match, and the page's ids.
    const pageColumns = () => ({ matches: sql<number>`matches`.as('matches'), orderIds: sql<string[]>`order_ids`.as('order_ids') });
    // The remembered page, read in this statement (the function is inlined); else order_search_page
    // finds the search and remembers it: it is called only when nothing was remembered.
    const remembered = db.$with('remembered').as(
      db.select(pageColumns())
        .from(sql`remembered_search_page(${companyId}::uuid, ${typed}, ${offset}, ${query.size}::integer)`),
    );
    const found = db.$with('found').as(
      db.select(pageColumns()).from(sql`(
        select matches, order_ids from ${remembered}
        union all
        select matches, order_ids from order_search_page(${companyId}::uuid, ${typed}, ${offset}, ${query.size}::integer, ${SEARCH_MEMO_FROM_MATCHES}::integer, ${COUNT_CAP + 1}::integer)
        where not exists (select from ${remembered})
      ) as found_page`),
    );
    const onPage = and(eq(orders.companyId, companyId), sql`${orders.id} = any((select ${found.orderIds} from ${found})::uuid[])`);
    const matchingCount = sql<number>`(select ${found.matches} from ${found})`;
    return prepareWithReader(db, pageCarryingCount(db, db.with(remembered, found), onPage, [desc(orders.createdAt), desc(orders.id)], query.size, matchingCount, true), name, readListedPage);
  });
  const { rows, counted } = await statement.execute({ companyId: query.companyId, typed: filter, offset: query.page * query.size });
  return { rows, ...cappedTotal(counted ?? 0) };
}

export async function findOrder(db: Executor, companyId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)));
  return row;
}

/** The name of the user who placed an order, for documents; a removed user leaves it unknown. */
export async function ordererName(db: Executor, companyId: string, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.orderedBy))
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)));
  return row ? `${row.firstName} ${row.lastName}` : null;
}

export async function insertOrder(db: Executor, values: NewOrderRow) {
  await db.insert(orders).values(values);
}

/**
 * Updates an order, optionally only while it is in one of `whenStatus` (a worker's transitions
 * are conditional, so a late retry cannot move a finished order backwards). Returns the new row.
 */
export async function updateOrder(db: Executor, companyId: string, orderId: string, set: Partial<NewOrderRow>, whenStatus?: string[]) {
  const conditions = [eq(orders.companyId, companyId), eq(orders.id, orderId)];
  if (whenStatus) conditions.push(inArray(orders.status, whenStatus));
  const [row] = await db.update(orders).set({ ...set, updatedAt: new Date() }).where(and(...conditions)).returning();
  return row;
}

export interface NewEvent {
  companyId: string;
  orderId: string;
  type: string;
  message: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  actorId?: string | null;
  data?: Record<string, unknown> | null;
}

export async function insertEvent(db: Executor, event: NewEvent) {
  await db.insert(orderEvents).values({ id: uuidv7(), fromStatus: null, toStatus: null, actorId: null, data: null, ...event });
}

export async function listEvents(db: Executor, companyId: string, orderId: string) {
  return db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.companyId, companyId), eq(orderEvents.orderId, orderId)))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

export async function findPerson(db: Executor, companyId: string, personId: string) {
  const [row] = await db
    .select({
      id: persons.id, firstName: persons.firstName, middleName: persons.middleName, lastName: persons.lastName,
      dateOfBirth: persons.dateOfBirth, licenceNumber: persons.licenceNumber, licenceState: persons.licenceState,
    })
    .from(persons)
    .where(and(eq(persons.companyId, companyId), eq(persons.id, personId)));
  return row;
}

export async function findBusiness(db: Executor, companyId: string, businessId: string) {
  const [row] = await db
    .select({ id: businesses.id, name: businesses.name, ein: businesses.ein, state: businesses.state, dotNumber: businesses.dotNumber })
    .from(businesses)
    .where(and(eq(businesses.companyId, companyId), eq(businesses.id, businessId)));
  return row;
}

/** MVR orders of a company since a moment: counts by status and outcome, mean turnaround. */
export async function mvrMetrics(db: Executor, companyId: string, since: Date) {
  const where = and(eq(orders.companyId, companyId), inArray(orders.type, ['MVR', 'MVR_WITH_ADJUDICATION']), gte(orders.createdAt, since));
  const [byStatus, byOutcome, [turnaround]] = await Promise.all([
    db.select({ key: orders.status, value: count() }).from(orders).where(where).groupBy(orders.status),
    db.select({ key: orders.outcome, value: count() }).from(orders).where(where).groupBy(orders.outcome),
    db
      .select({ seconds: avg(sql`extract(epoch from (${orders.completedAt} - ${orders.createdAt}))`) })
      .from(orders)
      .where(and(where, eq(orders.status, 'Complete'))),
  ]);
  return {
    byStatus: byStatus.map((row) => ({ key: row.key, value: Number(row.value) })),
    byOutcome: byOutcome.map((row) => ({ key: row.key, value: Number(row.value) })),
    averageTurnaroundSeconds: turnaround?.seconds == null ? null : Number(turnaround.seconds),
  };
}

const isMvrOrder = inArray(orders.type, ['MVR', 'MVR_WITH_ADJUDICATION']);

/** The DPPA purpose of the driver's newest MVR order, if they have one. */
export async function latestMvrPurpose(db: Executor, companyId: string, personId: string): Promise<string | null> {
  const [row] = await db
    .select({ permissiblePurpose: orders.permissiblePurpose })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.personId, personId), isMvrOrder, isNotNull(orders.permissiblePurpose)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row?.permissiblePurpose ?? null;
}

/** The outcome of the driver's newest complete MVR that a ruleset judged, if there is one. */
export async function latestJudgedMvrOutcome(db: Executor, companyId: string, personId: string): Promise<string | null> {
  const [row] = await db
    .select({ outcome: orders.outcome })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.personId, personId), isMvrOrder, eq(orders.status, 'Complete'), isNotNull(orders.adjudication)))
    .orderBy(desc(orders.completedAt), desc(orders.id))
    .limit(1);
  return row?.outcome ?? null;
}
