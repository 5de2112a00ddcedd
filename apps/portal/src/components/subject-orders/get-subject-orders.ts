// GET /api/v1/orders?personId=… or ?businessId=…: one page of a driver's or a business's orders
// (page 0-based, sort=field,dir), and with status=Complete their reports (a report is a completed
// order; its id is the order's). Shared by the drivers and businesses features.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderSortField, OrderStatus } from '@clearlane/contract/orders';
import type { Page } from '@clearlane/contract/pagination';
import { api } from '../../lib/http.ts';
import { isPending } from '../../lib/order-status.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Whose orders: a driver (a person) or a business, as the API filters them. */
export type OrderSubject = { personId: string } | { businessId: string };

export type SubjectOrdersQuery = OrderSubject & {
  page: number;
  size: number;
  sort: `${OrderSortField},${'asc' | 'desc'}`;
  status?: OrderStatus;
};

export const getSubjectOrders = (query: SubjectOrdersQuery, signal?: AbortSignal) => api.get<Page<Order>>('/api/v1/orders', { query: { ...query }, signal });

/** How often the tables ask again while an order is still on its way, so its status moves on screen. */
export const PENDING_ORDERS_POLL_MS = 3_000;

export const subjectOrdersQueryOptions = (query: SubjectOrdersQuery) =>
  queryOptions({
    // Under 'orders' so that anything that refreshes orders refreshes these tables too.
    queryKey: queryKeys.orders.list(query),
    queryFn: ({ signal }) => getSubjectOrders(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.content.some((order) => isPending(order.status)) ? PENDING_ORDERS_POLL_MS : false),
  });

export const useSubjectOrders = (query: SubjectOrdersQuery, enabled = true) => useQuery({ ...subjectOrdersQueryOptions(query), enabled });
