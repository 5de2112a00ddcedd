// GET /api/v1/person/{id}/alert/{alertId}: one alert of a driver with the change behind it and the
// re-judged outcome. A refused (403) or unknown (404) alert throws from the route's loader, and the
// error page shows.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { DriverAlertDetail } from '@clearlane/contract/monitoring';
import { api } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const alertPath = (personId: string, alertId: string) => `/api/v1/person/${encodeURIComponent(personId)}/alert/${encodeURIComponent(alertId)}`;

export const getAlert = (personId: string, alertId: string, signal?: AbortSignal) => api.get<DriverAlertDetail>(alertPath(personId, alertId), { signal });

export const alertQueryOptions = (personId: string, alertId: string) =>
  queryOptions({ queryKey: queryKeys.alerts.detail(personId, alertId), queryFn: ({ signal }) => getAlert(personId, alertId, signal) });

export const useAlert = (personId: string, alertId: string) => useSuspenseQuery(alertQueryOptions(personId, alertId));

export { alertPath };
