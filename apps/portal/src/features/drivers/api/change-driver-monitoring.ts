// PATCH /api/v1/person/{id}/monitoring {monitoringType, action}: enrols the driver in a kind of
// monitoring or removes them (create Monitoring). Answers the driver, whose enrolments have changed;
// the change is an event of the driver's history.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MonitoringChangeBody } from '@clearlane/contract/monitoring';
import type { Person } from '@clearlane/contract/persons';
import { api } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const changeDriverMonitoring = ({ personId, body }: { personId: string; body: MonitoringChangeBody }) =>
  api.patch<Person>(`/api/v1/person/${encodeURIComponent(personId)}/monitoring`, body);

export function useChangeDriverMonitoring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeDriverMonitoring,
    onSuccess: (driver, { personId }) => {
      queryClient.setQueryData(queryKeys.drivers.detail(personId), driver);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.drivers.lists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.company.metrics }),
        queryClient.invalidateQueries({ queryKey: queryKeys.monitoring.personEvents(personId) }),
      ]);
    },
  });
}
