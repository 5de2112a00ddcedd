// GET /api/v1/company/me/alerts/drivers?personId=…: one driver's alerts, newest first (the driver
// page lists them all; the alert page lists the other open ones).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverAlert } from '@clearlane/contract/monitoring';
import type { Page } from '@clearlane/contract/pagination';
import { api } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface DriverAlertsQuery {
  personId: string;
  page: number;
  size: number;
  acknowledged?: boolean;
}

export const getDriverAlerts = (query: DriverAlertsQuery, signal?: AbortSignal) =>
  api.get<Page<DriverAlert>>('/api/v1/company/me/alerts/drivers', { query: { ...query, sort: 'createdAt,desc' }, signal });

export const driverAlertsQueryOptions = (query: DriverAlertsQuery) =>
  queryOptions({
    queryKey: queryKeys.monitoring.alertList(query),
    queryFn: ({ signal }) => getDriverAlerts(query, signal),
    placeholderData: keepPreviousData,
  });

export const useDriverAlerts = (query: DriverAlertsQuery) => useQuery(driverAlertsQueryOptions(query));
