// GET /api/v1/company/me/alerts/drivers: one page of the company's driver alerts (page 0-based,
// sort=field,dir; filters acknowledged, type, severity, personId, from, to). Shared by the alerts
// list and the home page's newest alerts: one cache, refreshed together.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertSeverity, AlertType, DriverAlert } from '@clearlane/contract/monitoring';
import type { Page } from '@clearlane/contract/pagination';
import { ApiError } from '../../api-error.ts';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

export interface DriverAlertsQuery {
  page: number;
  size: number;
  sort: string;
  acknowledged?: boolean;
  type?: AlertType;
  severity?: AlertSeverity;
  personId?: string;
  /** Raised on or after this day (YYYY-MM-DD). */
  from?: string;
  /** Raised on or before this day (YYYY-MM-DD). */
  to?: string;
}

export const getDriverAlerts = (query: DriverAlertsQuery, signal?: AbortSignal) =>
  api.get<Page<DriverAlert>>('/api/v1/company/me/alerts/drivers', { query: { ...query }, signal });

export const driverAlertsQueryOptions = (query: DriverAlertsQuery) =>
  queryOptions({
    queryKey: queryKeys.alerts.list(query),
    queryFn: ({ signal }) => getDriverAlerts(query, signal),
    placeholderData: keepPreviousData,
  });

/** A refusal (401/403) goes to the error page; anything else stays on the page with "Try again". */
const isRefusal = (error: Error) => error instanceof ApiError && (error.status === 401 || error.status === 403);

export const useDriverAlerts = (query: DriverAlertsQuery) => useQuery({ ...driverAlertsQueryOptions(query), throwOnError: isRefusal });
