// GET /api/v1/orders/health/mvr-metrics: the company's MVR orders of the last 30 days, counted by
// status and by outcome (the server decides the period and answers 403 to those who may not view
// orders).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MvrMetrics, OrderStatus } from '@clearlane/contract/orders';
import { api } from '../../../lib/http.ts';
import { isPending } from '../../../lib/order-status.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getMvrMetrics = (signal?: AbortSignal) => api.get<MvrMetrics>('/api/v1/orders/health/mvr-metrics', { signal });

// While orders are on their way the counts move by themselves; an aggregate is asked for less often
// than a single order's page polls.
const WHILE_PENDING_MS = 15_000;
const hasPending = (metrics: MvrMetrics | undefined) =>
  Object.entries(metrics?.byStatus ?? {}).some(([status, count]) => count > 0 && isPending(status as OrderStatus));

export const mvrMetricsQueryOptions = () =>
  queryOptions({
    // Under 'orders': whatever refreshes orders refreshes these counts too.
    queryKey: queryKeys.orders.mvrMetrics,
    queryFn: ({ signal }) => getMvrMetrics(signal),
    staleTime: 30_000,
    refetchInterval: (query) => (hasPending(query.state.data) ? WHILE_PENDING_MS : false),
  });

export const useMvrMetrics = () => useQuery(mvrMetricsQueryOptions());
