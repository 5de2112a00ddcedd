import { createFileRoute } from '@tanstack/react-router';
import { requireUuidParams } from '../../../app/errors/route-validity.ts';
import { reportQueryOptions } from '../../../features/reports/api/get-report.ts';

export const Route = createFileRoute('/_authenticated/reports/$id')({
  beforeLoad: requireUuidParams('id'),
  // Another company's report (or an order not complete yet) answers 404: the loader throws, the error page shows.
  loader: ({ context, params }) => context.queryClient.ensureQueryData(reportQueryOptions(params.id)),
});
