import { createFileRoute } from '@tanstack/react-router';
import { ordersQueryOptions } from '../../../features/orders/api/get-orders.ts';
import { OrdersPage } from '../../../features/orders/components/orders-page.tsx';
import { ordersQueryOf, ordersSearchSchema } from '../../../features/orders/orders-search.ts';

export const Route = createFileRoute('/_authenticated/orders/')({
  staticData: { title: 'Orders' },
  validateSearch: ordersSearchSchema,
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../features/orders/access.ts')).assertMayViewOrders(context.queryClient),
  loaderDeps: ({ search }) => ordersQueryOf(search),
  // Starts the request early (also on link hover); the page shows its skeleton until it answers.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(ordersQueryOptions(deps));
  },
  // Split into its own chunk by the router plugin (autoCodeSplitting).
  component: OrdersPage,
});
