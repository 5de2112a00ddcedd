import { createFileRoute } from '@tanstack/react-router';
import { requireUuidParams } from '../../../app/errors/route-validity.ts';
import { driverQueryOptions } from '../../../lib/entities/drivers/get-driver.ts';

export const Route = createFileRoute('/_authenticated/drivers/$id')({
  beforeLoad: requireUuidParams('id'),
  // Another company's driver answers 404 like a missing one: the loader throws, the error page shows.
  loader: ({ context, params }) => context.queryClient.ensureQueryData(driverQueryOptions(params.id)),
});
