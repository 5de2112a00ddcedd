// GET /api/v1/orders/{id}: one order with its timeline and adjudication (another company's: 404).
import { queryOptions, useIsMutating, useSuspenseQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@clearlane/contract/orders';
import { api } from '../../../lib/http.ts';
import { isPending, PENDING_POLL_MS } from '../../../lib/order-status.ts';
import { mutationKeys, queryKeys } from '../../../lib/query-keys.ts';

export const getOrder = (id: string, signal?: AbortSignal) => api.get<OrderDetail>(`/api/v1/orders/${encodeURIComponent(id)}`, { signal });

export const orderQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.orders.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });

/** The order, asked again every ~2 s while it is New, Ordered or Received. */
export function useOrder(id: string) {
  const toggling = useIsMutating({ mutationKey: mutationKeys.orders.setReviewed }) > 0;
  return useSuspenseQuery({
    ...orderQueryOptions(id),
    refetchInterval: (q) => (!toggling && q.state.data && isPending(q.state.data.status) ? PENDING_POLL_MS : false),
  });
}
