// PATCH /api/v1/orders/{id}/status {subStatus, changeNotes}: needs manage Order; the answer is the
// order with its timeline, which now ends with the change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail, UpdateOrderStatusBody } from '@clearlane/contract/orders';
import { api } from '../../../lib/http.ts';
import { ordersQueryKeys } from './get-orders.ts';
import { mutationKeys } from '../../../lib/query-keys.ts';

export const updateOrderStatus = ({ id, body }: { id: string; body: UpdateOrderStatusBody }) =>
  api.patch<OrderDetail>(`/api/v1/orders/${encodeURIComponent(id)}/status`, body);

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.orders.updateStatus,
    mutationFn: updateOrderStatus,
    onSuccess: (order) => {
      queryClient.setQueryData(ordersQueryKeys.detail(order.id), order);
      return queryClient.invalidateQueries({ queryKey: ordersQueryKeys.lists });
    },
  });
}
