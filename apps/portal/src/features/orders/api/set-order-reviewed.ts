// PATCH /api/v1/orders/{id}/reviewed {isReviewed}: needs manage Order. The switch flips at once
// (optimistic) in every cached list and in the order itself; a refusal puts it back and says why.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Order, OrderDetail } from '@clearlane/contract/orders';
import type { Page } from '@clearlane/contract/pagination';
import { notify } from '../../../lib/toasts/notify.ts';
import { api } from '../../../lib/http.ts';
import { mutationKeys, queryKeys } from '../../../lib/query-keys.ts';

export interface OrderReviewed {
  isReviewed: boolean;
  reviewedAt: string | null;
  reviewedBy: string | null;
}

export const setOrderReviewed = ({ id, isReviewed }: { id: string; isReviewed: boolean }) =>
  api.patch<OrderReviewed>(`/api/v1/orders/${encodeURIComponent(id)}/reviewed`, { isReviewed });

export const setReviewedMutationKey = mutationKeys.orders.setReviewed;

type Snapshot = [QueryKey, unknown][];

export function useSetOrderReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: setReviewedMutationKey,
    mutationFn: setOrderReviewed,
    onMutate: async ({ id, isReviewed }): Promise<{ snapshot: Snapshot }> => {
      // In-flight reads would overwrite the optimistic value with the old one.
      await queryClient.cancelQueries({ queryKey: queryKeys.orders.lists });
      await queryClient.cancelQueries({ queryKey: queryKeys.orders.detail(id) });
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData({ queryKey: queryKeys.orders.lists }),
        ...queryClient.getQueriesData({ queryKey: queryKeys.orders.detail(id) }),
      ];
      queryClient.setQueriesData<Page<Order>>({ queryKey: queryKeys.orders.lists }, (page) =>
        page ? { ...page, content: page.content.map((order) => (order.id === id ? { ...order, isReviewed } : order)) } : page,
      );
      queryClient.setQueryData<OrderDetail>(queryKeys.orders.detail(id), (order) => (order ? { ...order, isReviewed } : order));
      return { snapshot };
    },
    onError: (error, { isReviewed }, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      notify.error(error.message, { title: isReviewed ? 'Could not mark the order reviewed' : 'Could not clear the review' });
    },
    // The server adds who and when and a timeline event: fetch them.
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(id) }),
      ]),
  });
}
