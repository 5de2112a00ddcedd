// GET /api/v1/reports/groups: one page of the company's report groups (batches of a bulk sheet), each
// with its progress. Polled every 2 s while a group on the page is still working, so the progress
// moves without a reload; then left alone.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@clearlane/contract/pagination';
import type { ReportGroupSummary } from '@clearlane/contract/reports';
import { api } from '../../../lib/http.ts';
import { listQueryOf } from '../../../lib/list-search.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { REPORT_GROUP_SORT_KEYS, sortOver, type ReportsSearch } from '../reports-search.ts';
import { isGroupFinished, REPORT_GROUP_POLL_MS } from './get-report-group.ts';

export const DEFAULT_REPORT_GROUPS_SORT = 'createdAt,desc';

/** The API query of the Reports page's groups view (?view=groups): newest first unless sorted. */
export function reportGroupsQueryOf(search: ReportsSearch) {
  return listQueryOf({ ...search, sort: sortOver(search.sort, REPORT_GROUP_SORT_KEYS) }, DEFAULT_REPORT_GROUPS_SORT);
}
export type ReportGroupsQuery = ReturnType<typeof reportGroupsQueryOf>;

export const getReportGroups = (query: ReportGroupsQuery, signal?: AbortSignal) =>
  api.get<Page<ReportGroupSummary>>('/api/v1/reports/groups', { query: { ...query }, signal });

export const reportGroupsQueryOptions = (query: ReportGroupsQuery) =>
  queryOptions({
    queryKey: queryKeys.reports.groups(query),
    queryFn: ({ signal }) => getReportGroups(query, signal),
    refetchInterval: (current) => (current.state.data?.content.some((group) => !isGroupFinished(group)) ? REPORT_GROUP_POLL_MS : false),
    placeholderData: keepPreviousData,
  });

export const useReportGroups = (query: ReportGroupsQuery) => useQuery(reportGroupsQueryOptions(query));
