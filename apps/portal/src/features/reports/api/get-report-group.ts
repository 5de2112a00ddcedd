// GET /api/v1/reports/groups/{id}: a batch of orders (a bulk upload) and how far it has got. Polled
// every 2 s until every order has finished (Complete, Failed or Error), then left alone.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { ReportGroup } from '@clearlane/contract/reports';
import { api } from '../../../lib/http.ts';
import { reportsQueryKeys } from './get-reports.ts';

export const REPORT_GROUP_POLL_MS = 2_000;

export const getReportGroup = (id: string, signal?: AbortSignal) => api.get<ReportGroup>(`/api/v1/reports/groups/${encodeURIComponent(id)}`, { signal });

/** Whether nothing more will happen to the group's orders. */
export const isGroupFinished = (group: Pick<ReportGroup, 'progress'>) => group.progress.finished >= group.progress.total;

export const reportGroupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: reportsQueryKeys.group(id),
    queryFn: ({ signal }) => getReportGroup(id, signal),
    refetchInterval: (query) => (query.state.data && !isGroupFinished(query.state.data) ? REPORT_GROUP_POLL_MS : false),
    // Progress is what the page is for: keep counting while the tab is in the background too.
    refetchIntervalInBackground: true,
  });

export const useReportGroup = (id: string) => useSuspenseQuery(reportGroupQueryOptions(id));
