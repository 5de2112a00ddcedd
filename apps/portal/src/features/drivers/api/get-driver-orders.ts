// GET /api/v1/orders?personId=…: one page of a driver's orders (page 0-based, sort=field,dir), and
// with status=Complete the driver's reports (a report is a completed order; its id is the order's).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderSortField, OrderStatus } from '@clearlane/contract/orders';
import type { Page } from '@clearlane/contract/pagination';
import { api } from '../../../lib/http.ts';

export interface DriverOrdersQuery {
  personId: string;
  page: number;
  size: number;
  sort: `${OrderSortField},${'asc' | 'desc'}`;
  status?: OrderStatus;
}

export const getDriverOrders = (query: DriverOrdersQuery, signal?: AbortSignal) => api.get<Page<Order>>('/api/v1/orders', { query: { ...query }, signal });

/** How often the tables ask again while an order is still on its way, so its status moves on screen. */
export const PENDING_ORDERS_POLL_MS = 3_000;
const FINISHED: readonly OrderStatus[] = ['Complete', 'Failed', 'Error'];

export const driverOrdersQueryOptions = (query: DriverOrdersQuery) =>
  queryOptions({
    // Under 'orders' so that anything that refreshes orders refreshes these tables too.
    queryKey: ['orders', 'list', query] as const,
    queryFn: ({ signal }) => getDriverOrders(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.content.some((order) => !FINISHED.includes(order.status)) ? PENDING_ORDERS_POLL_MS : false),
  });

export const useDriverOrders = (query: DriverOrdersQuery, enabled = true) => useQuery({ ...driverOrdersQueryOptions(query), enabled });
