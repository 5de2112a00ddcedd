import { createFileRoute } from '@tanstack/react-router';
import { requireUuidParams } from '../../../../../app/errors/route-validity.ts';
import { alertQueryOptions } from '../../../../../features/drivers/api/get-alert.ts';

// A monitoring alert of a driver: for users who may view Monitoring, when the company has the plugin.
export const Route = createFileRoute('/_authenticated/drivers/$driverId/alerts/$id')({
  beforeLoad: async (options) => {
    requireUuidParams('driverId', 'id')(options);
    // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
    await (await import('../../../../../features/drivers/monitoring-access.ts')).assertMayViewMonitoring(options.context.queryClient);
  },
  // Another company's alert, or another driver's, answers 404: the loader throws, the error page shows.
  loader: ({ context, params }) => context.queryClient.ensureQueryData(alertQueryOptions(params.driverId, params.id)),
});
