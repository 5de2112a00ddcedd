// GET|PUT /api/v1/company/me/monitoring-settings: whether a new conviction or DMV action orders a
// fresh MVR of the driver, and the ruleset that judges it (view Monitoring reads, create Monitoring saves).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonitoringSettings } from '@clearlane/contract/monitoring';
import { api } from '../../../lib/http.ts';
import { mutationKeys, queryKeys } from '../../../lib/query-keys.ts';

const PATH = '/api/v1/company/me/monitoring-settings';

export const getMonitoringSettings = (signal?: AbortSignal) => api.get<MonitoringSettings>(PATH, { signal });
export const saveMonitoringSettings = (body: MonitoringSettings) => api.put<MonitoringSettings>(PATH, body);

export const useMonitoringSettings = () => useQuery({ queryKey: queryKeys.monitoring.settings, queryFn: ({ signal }) => getMonitoringSettings(signal) });

export function useSaveMonitoringSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.monitoring.saveSettings,
    mutationFn: saveMonitoringSettings,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.monitoring.settings, saved),
  });
}
