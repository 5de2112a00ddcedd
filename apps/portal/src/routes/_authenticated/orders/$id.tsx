import { createFileRoute } from '@tanstack/react-router';
import { requireUuidParams } from '../../../app/errors/route-validity.ts';
import { orderQueryOptions } from '../../../features/orders/api/get-order.ts';
import { OrderPage } from '../../../features/orders/components/order-page.tsx';

export const Route = createFileRoute('/_authenticated/orders/$id')({
  beforeLoad: async (options) => {
    requireUuidParams('id')(options);
    // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
    await (await import('../../../features/orders/access.ts')).assertMayViewOrders(options.context.queryClient);
  },
  // Another company's order answers 404 like a missing one: the loader throws, the error page shows.
  loader: ({ context, params }) => context.queryClient.ensureQueryData(orderQueryOptions(params.id)),
  // Split into its own chunk by the router plugin (autoCodeSplitting).
  component: OrderPage,
});
