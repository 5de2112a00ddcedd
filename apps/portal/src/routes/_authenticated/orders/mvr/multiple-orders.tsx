import { createFileRoute } from '@tanstack/react-router';
import { BulkOrdersPage } from '../../../../features/bulk-orders/components/bulk-orders-page.tsx';

// Placing orders needs `create Order` (Viewers get "Not Authorized") and the company's bulk-orders
// plugin. The page component is split into its own chunk by the router plugin (autoCodeSplitting).
export const Route = createFileRoute('/_authenticated/orders/mvr/multiple-orders')({
  staticData: { title: 'Order MVRs in bulk' },
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../../features/bulk-orders/access.ts')).assertMayPlaceBulkOrders(context.queryClient),
  component: BulkOrdersPage,
});
