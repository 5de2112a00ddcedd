// GET /api/v1/orders?status=Complete&isReviewed=false&sort=createdAt,asc: the home page's "Needs
// review" list, the oldest completed orders nobody has reviewed yet (oldest by when they were
// ordered: the orders list sorts and says so the same way, its "See all" view). Under the orders' list key, so
// marking an order reviewed anywhere refreshes it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@clearlane/contract/orders';
import type { Page } from '@clearlane/contract/pagination';
import { api } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** How many the home page lists; the rest are a link away. */
export const NEEDS_REVIEW_SHOWN = 5;

/** The orders list's view of the same orders (its search params), for "See all". */
export const NEEDS_REVIEW_SEARCH = { status: 'Complete', isReviewed: false, sort: 'createdAt,asc' } as const;

const query = { page: 0, size: NEEDS_REVIEW_SHOWN, ...NEEDS_REVIEW_SEARCH };

export const needsReviewQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.orders.list({ ...query, purpose: 'needs-review' }),
    queryFn: ({ signal }) => api.get<Page<Order>>('/api/v1/orders', { query: { ...query }, signal }),
    staleTime: 30_000,
  });

export const useNeedsReview = (enabled: boolean) => useQuery({ ...needsReviewQueryOptions(), enabled });
