// GET /api/v1/orders/{id}/adverse-action and its steps (POST …/pre-adverse-notice, …/final-notice,
// …/cancel; manage Order). A step changes the order too (its sub-status, a dated event in the
// timeline): the order is fetched again after each.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdverseAction, CancelAdverseActionBody, FinalNoticeBody, PreAdverseNoticeBody } from '@clearlane/contract/order-review';
import { api } from '../../../lib/http.ts';
import { mutationKeys, queryKeys } from '../../../lib/query-keys.ts';

const pathOf = (id: string) => `/api/v1/orders/${encodeURIComponent(id)}/adverse-action`;

export const getAdverseAction = (id: string, signal?: AbortSignal) => api.get<AdverseAction>(pathOf(id), { signal });

export const adverseActionQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.orders.adverseAction(id), queryFn: ({ signal }) => getAdverseAction(id, signal) });

export const useAdverseAction = (id: string) => useQuery(adverseActionQueryOptions(id));

export type AdverseActionStep =
  | { step: 'pre-adverse-notice'; body: PreAdverseNoticeBody }
  | { step: 'final-notice'; body: FinalNoticeBody }
  | { step: 'cancel'; body: CancelAdverseActionBody };

export const takeAdverseActionStep = (id: string, { step, body }: AdverseActionStep) => api.post<AdverseAction>(`${pathOf(id)}/${step}`, body);

export function useAdverseActionStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.orders.adverseAction,
    mutationFn: (step: AdverseActionStep) => takeAdverseActionStep(id, step),
    onSuccess: async (action) => {
      queryClient.setQueryData(queryKeys.orders.adverseAction(id), action);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists }),
      ]);
    },
  });
}
