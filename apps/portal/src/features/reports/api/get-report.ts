// GET /api/v1/reports/{id}: one report with its content (the id is the order's; another company's
// report, or an order that has not completed, answers 404).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Report } from '@clearlane/contract/reports';
import { api } from '../../../lib/http.ts';
import { reportsQueryKeys } from './get-reports.ts';

export const getReport = (id: string, signal?: AbortSignal) => api.get<Report>(`/api/v1/reports/${encodeURIComponent(id)}`, { signal });

export const reportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: reportsQueryKeys.detail(id),
    queryFn: ({ signal }) => getReport(id, signal),
    // A completed report never changes: no refetch on focus or remount.
    staleTime: Infinity,
  });

export const useReport = (id: string) => useSuspenseQuery(reportQueryOptions(id));
