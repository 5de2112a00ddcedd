import { createFileRoute } from '@tanstack/react-router';
import { requireUuidParams } from '../../../app/errors/route-validity.ts';
import { userQueryOptions } from '../../../features/users/api/get-user.ts';

export const Route = createFileRoute('/_authenticated/users/$id')({
  beforeLoad: requireUuidParams('id'),
  // Another company's user answers 404 like a missing one: the loader throws, the error page shows.
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userQueryOptions(params.id)),
});
