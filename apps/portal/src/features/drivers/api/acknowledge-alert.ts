// PATCH /api/v1/person/{id}/alert/{alertId}/acknowledge {note?, annualReview?}: Managers and
// Company Admins (create Monitoring; the server checks). Answers the alert; acknowledging twice
// keeps the first. The driver's qualification, history, reviews and alert lists change with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcknowledgeAlertBody, DriverAlertDetail } from '@clearlane/contract/monitoring';
import { api } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { alertPath } from './get-alert.ts';

export interface AcknowledgeAlertInput {
  personId: string;
  alertId: string;
  body: AcknowledgeAlertBody;
}

export const acknowledgeAlert = ({ personId, alertId, body }: AcknowledgeAlertInput) =>
  api.patch<DriverAlertDetail>(`${alertPath(personId, alertId)}/acknowledge`, body);

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlert,
    onSuccess: (alert, { personId, alertId }) => {
      queryClient.setQueryData(queryKeys.alerts.detail(personId, alertId), alert);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.alerts.lists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.company.metrics }),
        queryClient.invalidateQueries({ queryKey: queryKeys.monitoring.personEvents(personId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.monitoring.annualReviews(personId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.drivers.detail(personId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.drivers.lists }),
      ]);
    },
  });
}
