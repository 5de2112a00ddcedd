// Whether an order is still on its way, and how often pages ask again while it is. Word-free: the
// route loaders (the entry chunk) poll with it, and the labels of lib/order-labels.ts stay out of the
// first load.
import type { OrderStatus } from '@clearlane/contract/orders';

/** Statuses after which nothing more happens to an order on its own. */
export const FINISHED_STATUSES: readonly OrderStatus[] = ['Complete', 'Failed', 'Error'];
export const isPending = (status: OrderStatus) => !FINISHED_STATUSES.includes(status);

/** How often pages showing unfinished orders ask again, so status changes appear without a reload. */
export const PENDING_POLL_MS = 2_000;
