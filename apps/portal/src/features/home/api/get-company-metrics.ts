// GET /api/v1/company/me/metrics: the company's figures for the home page — drivers and their
// qualification, monitoring, open alerts by severity, annual reviews due, orders of the last 30 days.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyMetrics } from '@clearlane/contract/monitoring';
import { api } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getCompanyMetrics = (signal?: AbortSignal) => api.get<CompanyMetrics>('/api/v1/company/me/metrics', { signal });

export const companyMetricsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.company.metrics, queryFn: ({ signal }) => getCompanyMetrics(signal), staleTime: 30_000 });

export const useCompanyMetrics = () => useQuery(companyMetricsQueryOptions());
