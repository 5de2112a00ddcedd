import { createFileRoute } from '@tanstack/react-router';
import { driverAlertsQueryOptions } from '../../../lib/entities/alerts/get-driver-alerts.ts';
import { alertsQueryOf, alertsSearchSchema } from '../../../features/alerts-list/alerts-search.ts';

// /drivers/alerts: a static segment, so it wins over /drivers/$id.
export const Route = createFileRoute('/_authenticated/drivers/alerts')({
  validateSearch: alertsSearchSchema,
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../features/alerts-list/access.ts')).assertMayViewAlerts(context.queryClient),
  loaderDeps: ({ search }) => alertsQueryOf(search),
  // Starts the request early (also on link hover); the page shows its skeleton until it answers.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(driverAlertsQueryOptions(deps));
  },
});
