// GET /api/v1/orders?filter=…: the company's orders matching what was typed into a picker (subject,
// licence, VIN, reference), newest first. Under the orders' keys, so a new order shows up at once.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Order } from '@clearlane/contract/orders';
import type { Page } from '@clearlane/contract/pagination';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

/** How many matches a picker offers; typing more narrows them. */
export const ORDER_PICKER_SIZE = 20;

export const orderPickerQuery = (filter: string) => ({ page: 0, size: ORDER_PICKER_SIZE, sort: 'createdAt,desc', filter: filter.trim() || undefined });

export const searchOrders = (filter: string, signal?: AbortSignal) => api.get<Page<Order>>('/api/v1/orders', { query: orderPickerQuery(filter), signal });

/** The orders matching what was typed into a picker. */
export const useOrderSearch = (filter: string) =>
  useQuery({ queryKey: queryKeys.orders.list({ picker: orderPickerQuery(filter) }), queryFn: ({ signal }) => searchOrders(filter, signal), placeholderData: keepPreviousData });
