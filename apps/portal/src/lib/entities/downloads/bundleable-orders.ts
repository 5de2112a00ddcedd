// Which orders a report bundle can hold: complete MVRs (with or without adjudication), nothing else
// (the server refuses the rest with their ids). A selection made by filters ("every order matching",
// a report group, a driver) is counted by asking the orders list itself, one type at a time, so the
// dialog can say how many qualify before anything is sent.
import { useQuery } from '@tanstack/react-query';
import type { Order, OrderListFilter, OrderType } from '@clearlane/contract/orders';
import type { Page } from '@clearlane/contract/pagination';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

type ContractMax = typeof import('@clearlane/contract/downloads').MAX_BUNDLE_ORDERS;
/** The most orders one bundle holds (spelled out: the contract's module builds zod schemas at load). */
export const MAX_BUNDLE_ORDERS: ContractMax = 5000;

export const BUNDLEABLE_TYPES = ['MVR', 'MVR_WITH_ADJUDICATION'] as const satisfies readonly OrderType[];

export const isBundleable = (order: Pick<Order, 'type' | 'status'>) => order.status === 'Complete' && (BUNDLEABLE_TYPES as readonly string[]).includes(order.type);

/**
 * The /orders filters of a selection: the list's own, type and status included (they narrow it
 * further). A bundle request sends them as `orderFilter`, type included (bundle-request.ts).
 */
export type OrderSelectionFilter = OrderListFilter;

/**
 * The /orders queries whose results together are the bundleable orders of a filter: one per MVR
 * type the filter allows, each limited to complete orders. None when the filter names another type
 * or an unfinished status.
 */
export function bundleableQueriesOf(filter: OrderSelectionFilter): OrderListFilter[] {
  if (filter.status && filter.status !== 'Complete') return [];
  const types = filter.type ? BUNDLEABLE_TYPES.filter((type) => type === filter.type) : BUNDLEABLE_TYPES;
  return types.map((type) => ({ ...filter, type, status: 'Complete' }));
}

const getOrdersPage = (query: OrderListFilter & { page: number; size: number; sort: string }, signal?: AbortSignal) =>
  api.get<Page<Order>>('/api/v1/orders', { query: { ...query }, signal });

/** How many orders of a filter can be bundled, and whether counting stopped at the list's cap. */
export interface BundleableCount {
  count: number;
  capped: boolean;
}

export async function countBundleableOrders(filter: OrderSelectionFilter, signal?: AbortSignal): Promise<BundleableCount> {
  const pages = await Promise.all(bundleableQueriesOf(filter).map((query) => getOrdersPage({ ...query, page: 0, size: 1, sort: 'createdAt,desc' }, signal)));
  return {
    count: pages.reduce((sum, page) => sum + page.page.totalElements, 0),
    capped: pages.some((page) => page.page.totalElementsCapped === true),
  };
}

export const useBundleableCount = (filter: OrderSelectionFilter | undefined) =>
  useQuery({
    // Under 'orders': anything that refreshes the orders refreshes the count.
    queryKey: queryKeys.orders.list({ bundleable: filter }),
    queryFn: ({ signal }) => countBundleableOrders(filter!, signal),
    enabled: filter !== undefined,
  });
