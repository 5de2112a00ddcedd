// GET /api/v1/reports: one page of the company's reports (completed orders), by type, sorted.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@clearlane/contract/pagination';
import type { ReportSummary } from '@clearlane/contract/reports';
import { api } from '../../../lib/http.ts';
import type { ReportsQuery } from '../reports-search.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getReports = (query: ReportsQuery, signal?: AbortSignal) => api.get<Page<ReportSummary>>('/api/v1/reports', { query: { ...query }, signal });

/** The reports' keys (src/lib/query-keys.ts), under the name the reports feature has used. */
export const reportsQueryKeys = queryKeys.reports;

export const reportsQueryOptions = (query: ReportsQuery) =>
  queryOptions({
    queryKey: reportsQueryKeys.list(query),
    queryFn: ({ signal }) => getReports(query, signal),
    placeholderData: keepPreviousData,
  });

export const useReports = (query: ReportsQuery) => useQuery(reportsQueryOptions(query));
