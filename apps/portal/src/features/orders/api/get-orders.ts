// GET /api/v1/orders: one page of the company's orders (page 0-based, sort=field,dir and the filters).
import { keepPreviousData, queryOptions, useIsMutating, useQuery } from '@tanstack/react-query';
import type { Order } from '@clearlane/contract/orders';
import type { Page } from '@clearlane/contract/pagination';
import { api } from '../../../lib/http.ts';
import { isPending, PENDING_POLL_MS } from '../../../lib/order-status.ts';
import type { OrdersQuery } from '../orders-search.ts';
import { mutationKeys, queryKeys } from '../../../lib/query-keys.ts';

export const getOrders = (query: OrdersQuery, signal?: AbortSignal) => api.get<Page<Order>>('/api/v1/orders', { query: { ...query }, signal });

/** The orders' keys (src/lib/query-keys.ts), under the name the orders feature has used. */
export const ordersQueryKeys = queryKeys.orders;

export const ordersQueryOptions = (query: OrdersQuery) =>
  queryOptions({
    queryKey: ordersQueryKeys.list(query),
    queryFn: ({ signal }) => getOrders(query, signal),
    placeholderData: keepPreviousData,
  });

/** Whether a page of orders has any that are still moving (so it is worth asking again). */
export const hasPendingOrders = (page: Page<Order> | undefined) => Boolean(page?.content.some((order) => isPending(order.status)));

export function useOrders(query: OrdersQuery) {
  // A poll landing while a reviewed toggle is in flight would flicker the switch back; wait for it.
  const toggling = useIsMutating({ mutationKey: mutationKeys.orders.setReviewed }) > 0;
  return useQuery({
    ...ordersQueryOptions(query),
    refetchInterval: (q) => (!toggling && hasPendingOrders(q.state.data) ? PENDING_POLL_MS : false),
  });
}
