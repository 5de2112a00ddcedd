// Reports: a completed order seen from the report side. A report's id is its order's id.
import {
  ORDER_TYPES, REPORT_GROUP_ORDER_SORT_FIELDS, REPORT_GROUP_SORT_FIELDS, REPORT_SORT_FIELDS, REPORT_TYPE_OF_ORDER,
  type Order, type OrderSortField, type Page, type PageQuery, type Report, type ReportGroup, type ReportGroupOrder, type ReportGroupOrdersFilter,
  type ReportGroupSummary, type ReportSummary, type ReportType,
} from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { notFound } from '../../http/errors.ts';
import { pageMeta } from '../../http/page-meta.ts';
import { sortTerms } from '../../http/list-params.ts';
import { toOrder } from '../orders/orders.service.ts';
import * as orders from '../orders/orders.repository.ts';
import * as repo from './reports.repository.ts';

const SORT_AS_ORDER: Record<(typeof REPORT_SORT_FIELDS)[number], OrderSortField> = {
  completedAt: 'completedAt', orderedAt: 'createdAt', subjectLabel: 'subjectLabel', reportType: 'type',
};
const FINISHED = new Set(['Complete', 'Failed', 'Error']);

type GroupOrdersInput = Pick<PageQuery, 'page' | 'size' | 'sort'> & ReportGroupOrdersFilter;

type SummarizedOrder = Pick<Order, 'id' | 'type' | 'subjectLabel' | 'personId' | 'businessId' | 'reportGroupId' | 'outcome' | 'resultSummary' | 'isReviewed' | 'createdAt' | 'updatedAt' | 'completedAt'>;

/** A completed order as a report: an order of the orders list's page, or one read whole and mapped by toOrder (`get`). */
function toSummary(order: SummarizedOrder): ReportSummary {
  return {
    id: order.id, reportType: REPORT_TYPE_OF_ORDER[order.type], orderType: order.type, subjectLabel: order.subjectLabel, personId: order.personId,
    businessId: order.businessId, reportGroupId: order.reportGroupId, outcome: order.outcome, resultSummary: order.resultSummary, isReviewed: order.isReviewed,
    orderedAt: order.createdAt, completedAt: order.completedAt ?? order.updatedAt,
  };
}

/** A group's progress from its (status, outcome) counts: the whole group, whatever page is shown. */
function progressOf(counts: { status: string; outcome: string | null; count: number }[]): ReportGroupSummary['progress'] {
  const byStatus: Record<string, number> = {};
  const byOutcome: Record<string, number> = {};
  let total = 0;
  let finished = 0;
  for (const { status, outcome, count } of counts) {
    total += count;
    if (FINISHED.has(status)) finished += count;
    byStatus[status] = (byStatus[status] ?? 0) + count;
    if (status === 'Complete' && outcome) byOutcome[outcome] = (byOutcome[outcome] ?? 0) + count;
  }
  return { total, finished, byStatus, byOutcome };
}

type GroupRow = NonNullable<Awaited<ReturnType<typeof repo.findReportGroup>>>;
const toGroupSummary = (group: Pick<GroupRow, 'id' | 'name' | 'source' | 'fileName' | 'totalOrders' | 'createdAt'>, progress: ReportGroupSummary['progress']): ReportGroupSummary => ({
  id: group.id, name: group.name, source: group.source, fileName: group.fileName, totalOrders: group.totalOrders, createdAt: group.createdAt.toISOString(), progress,
});

export class ReportsService {
  constructor(private readonly db: Database) {}

  async list(principal: Principal, input: { page: number; size: number; sort?: string | string[]; type?: ReportType }): Promise<Page<ReportSummary>> {
    assertCan(principal, 'view', 'Reports');
    const terms = sortTerms(input.sort, REPORT_SORT_FIELDS);
    const types = input.type ? ORDER_TYPES.filter((type) => REPORT_TYPE_OF_ORDER[type] === input.type) : undefined;
    const page = await orders.listOrders(this.db, {
      companyId: principal.companyId, page: input.page, size: input.size, statuses: ['Complete'], types: types ? [...types] : undefined,
      sort: terms.length > 0 ? terms.map((term) => ({ field: SORT_AS_ORDER[term.field], direction: term.direction })) : [{ field: 'completedAt', direction: 'desc' }],
    });
    return { content: page.rows.map(toSummary), page: pageMeta(input, page) };
  }

  async get(principal: Principal, id: string): Promise<Report> {
    assertCan(principal, 'view', 'Reports');
    const order = await orders.findOrder(this.db, principal.companyId, id);
    // An order that has not completed has no report yet: as far as reports go, it is not there.
    if (!order || order.status !== 'Complete' || !order.result) throw notFound('report');
    return { ...toSummary(toOrder(order)), content: order.result as unknown as Report['content'] };
  }

  /** The company's report groups, newest first, each with its progress. */
  async groups(principal: Principal, input: Pick<PageQuery, 'page' | 'size' | 'sort'>): Promise<Page<ReportGroupSummary>> {
    assertCan(principal, 'view', 'Reports');
    const terms = sortTerms(input.sort, REPORT_GROUP_SORT_FIELDS);
    const page = await repo.listReportGroups(this.db, principal.companyId, { page: input.page, size: input.size, sort: terms });
    const counts = await repo.countOrdersOfGroups(this.db, principal.companyId, page.rows.map((group) => group.id));
    return {
      content: page.rows.map((group) => toGroupSummary(group, progressOf(counts.filter((row) => row.groupId === group.id)))),
      page: pageMeta(input, page),
    };
  }

  async group(principal: Principal, id: string, input: GroupOrdersInput): Promise<ReportGroup> {
    assertCan(principal, 'view', 'Reports');
    const terms = sortTerms(input.sort, REPORT_GROUP_ORDER_SORT_FIELDS);
    const group = await repo.findReportGroup(this.db, principal.companyId, id);
    if (!group) throw notFound('report group');
    const [counts, page] = await Promise.all([
      repo.countGroupOrders(this.db, principal.companyId, id),
      repo.listGroupOrders(this.db, principal.companyId, id, { page: input.page, size: input.size, status: input.status, outcome: input.outcome, sort: terms }),
    ]);
    return {
      ...toGroupSummary(group, progressOf(counts)),
      orders: {
        content: page.rows as ReportGroupOrder[],
        page: pageMeta(input, page),
      },
    };
  }
}
