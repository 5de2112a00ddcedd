import { createFileRoute } from '@tanstack/react-router';
import { PersonRiskOrderPage } from '../../../../features/orders/place/components/person-risk-order-page.tsx';
import { personOrderSearchSchema } from '../../../../features/orders/place/place-search.ts';

export const Route = createFileRoute('/_authenticated/orders/person-risk-assessment/single-order')({
  staticData: { title: 'Order a person risk assessment' },
  // ?personId= pre-selects the driver (the driver page links here).
  validateSearch: personOrderSearchSchema,
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../../features/orders/place/access.ts')).assertMayPlaceOrders(context.queryClient),
  // Split into its own chunk by the router plugin (autoCodeSplitting).
  component: PersonRiskOrderRoute,
});

function PersonRiskOrderRoute() {
  const { personId } = Route.useSearch();
  return <PersonRiskOrderPage personId={personId} />;
}
