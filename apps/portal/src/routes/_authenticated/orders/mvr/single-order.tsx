import { createFileRoute } from '@tanstack/react-router';
import { MvrOrderPage } from '../../../../features/orders/place/components/mvr-order-page.tsx';
import { personOrderSearchSchema } from '../../../../features/orders/place/place-search.ts';

export const Route = createFileRoute('/_authenticated/orders/mvr/single-order')({
  staticData: { title: 'Order an MVR' },
  // ?personId= pre-selects the driver (the driver page links here).
  validateSearch: personOrderSearchSchema,
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../../features/orders/place/access.ts')).assertMayPlaceOrders(context.queryClient),
  // Split into its own chunk by the router plugin (autoCodeSplitting).
  component: MvrOrderRoute,
});

function MvrOrderRoute() {
  const { personId } = Route.useSearch();
  return <MvrOrderPage personId={personId} />;
}
