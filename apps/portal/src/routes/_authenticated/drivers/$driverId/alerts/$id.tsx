import { createFileRoute } from '@tanstack/react-router';
import { requireUuidParams } from '../../../../../app/errors/route-validity.ts';
import { alertQueryOptions } from '../../../../../features/drivers/api/get-alert.ts';
import { AlertPage } from '../../../../../features/drivers/components/alert/alert-page.tsx';

// A monitoring alert of a driver. The server decides who sees it: with the monitoring plugin off it
// answers 403 PluginNotEnabled, to a role without view Monitoring 403, for another company's alert
// or another driver's 404; the loader throws and the error page says which. (No guard of its own:
// its chunk would push the entry chunk over its budget.)
export const Route = createFileRoute('/_authenticated/drivers/$driverId/alerts/$id')({
  beforeLoad: requireUuidParams('driverId', 'id'),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(alertQueryOptions(params.driverId, params.id)),
  // Split into its own chunk by the router plugin (autoCodeSplitting).
  component: AlertPage,
});
