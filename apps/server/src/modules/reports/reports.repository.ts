// Report groups of one company with their orders. companyId leads every WHERE.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReportGroupOrderSortField, ReportGroupOrdersFilter, ReportGroupSortField, SortTerm } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { readCountedPage } from '../../db/capped-count.ts';
import { orders, reportGroups } from '../../db/schema.ts';
import { inDirection } from '../../db/sort-order.ts';

export async function findReportGroup(db: Executor, companyId: string, groupId: string) {
  const [group] = await db.select().from(reportGroups).where(and(eq(reportGroups.companyId, companyId), eq(reportGroups.id, groupId)));
  return group;
}

/** How many of the group's orders are in each (status, outcome): the whole group in one small answer. */
export async function countGroupOrders(db: Executor, companyId: string, groupId: string) {
  return (await countOrdersOfGroups(db, companyId, [groupId])).filter((row) => row.groupId === groupId);
}

/** The (status, outcome) counts of several groups at once: one statement for a page of groups. */
export async function countOrdersOfGroups(db: Executor, companyId: string, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({ groupId: orders.reportGroupId, status: orders.status, outcome: orders.outcome, count: count() })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.reportGroupId, groupIds)))
    .groupBy(orders.reportGroupId, orders.status, orders.outcome);
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

const GROUP_SORT_COLUMNS: Record<ReportGroupSortField, SQL> = {
  createdAt: sql`${reportGroups.createdAt}`,
  name: sql`lower(${reportGroups.name})`,
  totalOrders: sql`${reportGroups.totalOrders}`,
};

/** One page of the company's report groups; every sort ends with the id so that pages neither repeat nor skip. */
export async function listReportGroups(db: Executor, companyId: string, query: { page: number; size: number; sort: SortTerm<ReportGroupSortField>[] }) {
  const where = eq(reportGroups.companyId, companyId);
  const sort = query.sort.length > 0 ? query.sort : [{ field: 'createdAt' as const, direction: 'desc' as const }];
  const ordering = sort.map((term) => inDirection(term.direction, GROUP_SORT_COLUMNS[term.field]));
  const offset = query.page * query.size;
  return readCountedPage(db, { matching: db.select({ one: sql`1` }).from(reportGroups).where(where), offset }, (matchingCount) =>
    db
      .select({
        id: reportGroups.id, name: reportGroups.name, source: reportGroups.source, fileName: reportGroups.fileName,
        totalOrders: reportGroups.totalOrders, createdAt: reportGroups.createdAt, matchingCount,
      })
      .from(reportGroups)
      .where(where)
      .orderBy(...ordering, sort[0]!.direction === 'asc' ? asc(reportGroups.id) : desc(reportGroups.id))
      .limit(query.size)
      .offset(offset),
  );
}

const SORT_COLUMNS: Record<Exclude<ReportGroupOrderSortField, 'createdAt'>, SQL> = {
  subjectLabel: sql`lower(${orders.subjectLabel})`,
  type: sql`${orders.type}`,
  status: sql`${orders.status}`,
  outcome: sql`${orders.outcome}`,
};

export interface GroupOrdersQuery extends ReportGroupOrdersFilter {
  page: number;
  size: number;
  sort: SortTerm<ReportGroupOrderSortField>[];
}

/**
 * One page of the group's orders. A sheet's orders are inserted many to a statement and can share
 * their creation time; their UUIDv7 ids follow the rows, so "placed" order is (createdAt, id), and
 * every sort ends with it so that pages neither repeat nor skip an order.
 */
export async function listGroupOrders(db: Executor, companyId: string, groupId: string, query: GroupOrdersQuery) {
  const conditions = [eq(orders.companyId, companyId), eq(orders.reportGroupId, groupId)];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.outcome) conditions.push(eq(orders.outcome, query.outcome));
  const where = and(...conditions);
  const direction = (term: SortTerm<ReportGroupOrderSortField>) => (term.direction === 'desc' ? desc : asc);
  const ordering: SQL[] = [];
  let placed: SortTerm<ReportGroupOrderSortField>['direction'] = 'asc';
  for (const term of query.sort) {
    if (term.field === 'createdAt') {
      placed = term.direction;
      break; // (createdAt, id) is unique: any later term could not change the order.
    }
    ordering.push(direction(term)(SORT_COLUMNS[term.field]));
  }
  const tieBreak = placed === 'desc' ? [desc(orders.createdAt), desc(orders.id)] : [asc(orders.createdAt), asc(orders.id)];
  const offset = query.page * query.size;
  return readCountedPage(db, { matching: db.select({ one: sql`1` }).from(orders).where(where), offset }, (matchingCount) =>
    db
      .select({ id: orders.id, type: orders.type, status: orders.status, outcome: orders.outcome, subjectLabel: orders.subjectLabel, matchingCount })
      .from(orders)
      .where(where)
      .orderBy(...ordering, ...tieBreak)
      .limit(query.size)
      .offset(offset),
  );
}
