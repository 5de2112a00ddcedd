// PATCH /api/v1/person/monitoring: enrols many drivers in a monitoring type, or removes them
// ({ changed, unchanged }: who was already as asked is not an error).
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkMonitoringChangeBody, BulkMonitoringChangeResult } from '@clearlane/contract/monitoring';
import { api } from '../../../lib/http.ts';
import { mutationKeys, queryKeys } from '../../../lib/query-keys.ts';

export const changeMonitoring = (body: BulkMonitoringChangeBody) => api.patch<BulkMonitoringChangeResult>('/api/v1/person/monitoring', body);

export const changeMonitoringMutationOptions = () => mutationOptions({ mutationKey: mutationKeys.drivers.bulkMonitoring, mutationFn: changeMonitoring });

export function useChangeMonitoring() {
  const queryClient = useQueryClient();
  return useMutation({
    ...changeMonitoringMutationOptions(),
    // The drivers' monitoring and qualification changed, and so did the home page's figures.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.drivers.all }), queryClient.invalidateQueries({ queryKey: queryKeys.company.metrics })]),
  });
}
