import { createFileRoute } from '@tanstack/react-router';
import { requireUuidParams } from '../../../app/errors/route-validity.ts';
import { businessQueryOptions } from '../../../lib/entities/businesses/get-business.ts';

export const Route = createFileRoute('/_authenticated/businesses/$id')({
  beforeLoad: requireUuidParams('id'),
  // Another company's business answers 404 like a missing one: the loader throws, the error page shows.
  loader: ({ context, params }) => context.queryClient.ensureQueryData(businessQueryOptions(params.id)),
});
