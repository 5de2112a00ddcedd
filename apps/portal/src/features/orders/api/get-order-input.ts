// GET /api/v1/orders/{id}/input: what was ordered, as submitted (driver, VIN, person or business).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderType } from '@clearlane/contract/orders';
import { api } from '../../../lib/http.ts';
import { ordersQueryKeys } from './get-orders.ts';

export interface OrderInput {
  id: string;
  type: OrderType;
  input: Record<string, unknown>;
}

export const getOrderInput = (id: string, signal?: AbortSignal) => api.get<OrderInput>(`/api/v1/orders/${encodeURIComponent(id)}/input`, { signal });

// What was ordered never changes.
export const orderInputQueryOptions = (id: string) =>
  queryOptions({ queryKey: ordersQueryKeys.input(id), queryFn: ({ signal }) => getOrderInput(id, signal), staleTime: Infinity });

export const useOrderInput = (id: string) => useQuery(orderInputQueryOptions(id));
