import { createFileRoute } from '@tanstack/react-router';
import { BusinessRiskOrderPage } from '../../../../features/orders/place/components/business-risk-order-page.tsx';
import { businessOrderSearchSchema } from '../../../../features/orders/place/place-search.ts';

export const Route = createFileRoute('/_authenticated/orders/business-risk-assessment/single-order')({
  staticData: { title: 'Order a business risk assessment' },
  // ?businessId= pre-selects the business (the business page links here).
  validateSearch: businessOrderSearchSchema,
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../../features/orders/place/access.ts')).assertMayPlaceOrders(context.queryClient, 'businesses'),
  // Split into its own chunk by the router plugin (autoCodeSplitting).
  component: BusinessRiskOrderRoute,
});

function BusinessRiskOrderRoute() {
  const { businessId } = Route.useSearch();
  return <BusinessRiskOrderPage businessId={businessId} />;
}
