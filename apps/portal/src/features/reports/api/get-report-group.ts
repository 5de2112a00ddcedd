// GET /api/v1/reports/groups/{id}: a batch of orders (a bulk upload), how far the whole batch has got
// and one page of its orders. The page's view (page, size, sort, status and outcome filter) lives in
// the URL like every list's. The view on screen is polled every 2 s until every order of the group
// has finished (Complete, Failed or Error), then left alone.
// UI-free and library-free: the route config that imports this lands in the entry chunk.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatus, Outcome } from '@clearlane/contract/orders';
import type { ReportGroup, ReportGroupOrderSortField } from '@clearlane/contract/reports';
import { api } from '../../../lib/http.ts';
import { listSearchFields } from '../../../lib/list-search.ts';
import { oneOfField, searchSchema, type SearchOfSchema } from '../../../lib/search-schema.ts';
import { reportsQueryKeys } from './get-reports.ts';

export const REPORT_GROUP_POLL_MS = 2_000;

// Spelled out rather than imported (the contract's modules build full zod schemas at load time);
// the `satisfies` clauses keep them in step with the contract.
export const GROUP_STATUS_OPTIONS = ['New', 'Ordered', 'Received', 'Complete', 'Failed', 'Error'] as const satisfies readonly OrderStatus[];
export const GROUP_OUTCOME_OPTIONS = ['Pass', 'Fail', 'Indeterminate', 'NoResults', 'NotFulfilled'] as const satisfies readonly Outcome[];
export const GROUP_SORT_KEYS = ['createdAt', 'subjectLabel', 'type', 'status', 'outcome'] as const satisfies readonly ReportGroupOrderSortField[];
export type GroupSortKey = (typeof GROUP_SORT_KEYS)[number];

export const GROUP_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_GROUP_PAGE_SIZE = 20;
/** The order the orders were placed in: a sheet's row order. */
export const DEFAULT_GROUP_SORT = 'createdAt,asc';

// A bad value in a hand-edited URL falls back to the default instead of failing the page.
export const reportGroupSearchSchema = searchSchema({
  ...listSearchFields(GROUP_SORT_KEYS),
  status: oneOfField(GROUP_STATUS_OPTIONS),
  outcome: oneOfField(GROUP_OUTCOME_OPTIONS),
});
export type ReportGroupSearch = SearchOfSchema<typeof reportGroupSearchSchema>;

/** The API query of a view: page 0-based, default size and sort filled in. */
export function reportGroupQueryOf(search: ReportGroupSearch) {
  return {
    page: search.page ?? 0,
    size: search.size ?? DEFAULT_GROUP_PAGE_SIZE,
    sort: search.sort ?? DEFAULT_GROUP_SORT,
    status: search.status,
    outcome: search.outcome,
  };
}
export type ReportGroupQuery = ReturnType<typeof reportGroupQueryOf>;
export const DEFAULT_GROUP_QUERY: ReportGroupQuery = reportGroupQueryOf({});

export const getReportGroup = (id: string, query: ReportGroupQuery, signal?: AbortSignal) =>
  api.get<ReportGroup>(`/api/v1/reports/groups/${encodeURIComponent(id)}`, { query: { ...query }, signal });

/** Whether nothing more will happen to the group's orders. */
export const isGroupFinished = (group: Pick<ReportGroup, 'progress'>) => group.progress.finished >= group.progress.total;

// Under the group's key, so invalidating reportsQueryKeys.group(id) refreshes every view of it.
export const reportGroupQueryOptions = (id: string, query: ReportGroupQuery = DEFAULT_GROUP_QUERY) =>
  queryOptions({
    queryKey: reportsQueryKeys.groupPage(id, query),
    queryFn: ({ signal }) => getReportGroup(id, query, signal),
    refetchInterval: (current) => (current.state.data && !isGroupFinished(current.state.data) ? REPORT_GROUP_POLL_MS : false),
    // Progress is what the page is for: keep counting while the tab is in the background too.
    refetchIntervalInBackground: true,
    // Another page keeps the progress and the old rows on screen until it arrives.
    placeholderData: keepPreviousData,
  });

export const useReportGroup = (id: string, query: ReportGroupQuery) => useQuery(reportGroupQueryOptions(id, query));
