import { createFileRoute } from '@tanstack/react-router';
import { requireUuidParams } from '../../../../app/errors/route-validity.ts';
import { reportGroupQueryOptions } from '../../../../features/reports/api/get-report-group.ts';

export const Route = createFileRoute('/_authenticated/reports/group/$id')({
  beforeLoad: requireUuidParams('id'),
  // Another company's group answers 404: the loader throws, the error page shows.
  loader: ({ context, params }) => context.queryClient.ensureQueryData(reportGroupQueryOptions(params.id)),
});
