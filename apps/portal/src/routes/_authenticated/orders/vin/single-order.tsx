import { createFileRoute } from '@tanstack/react-router';
import { VinOrderPage } from '../../../../features/orders/place/components/vin-order-page.tsx';

export const Route = createFileRoute('/_authenticated/orders/vin/single-order')({
  staticData: { title: 'Order a vehicle report' },
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../../features/orders/place/access.ts')).assertMayPlaceOrders(context.queryClient),
  // Split into its own chunk by the router plugin (autoCodeSplitting).
  component: VinOrderPage,
});
