import { createFileRoute } from '@tanstack/react-router';
import { reportsQueryOptions } from '../../../features/reports/api/get-reports.ts';
import { reportsQueryOf, reportsSearchSchema } from '../../../features/reports/reports-search.ts';

export const Route = createFileRoute('/_authenticated/reports/')({
  staticData: { title: 'Reports' },
  validateSearch: reportsSearchSchema,
  loaderDeps: ({ search }) => reportsQueryOf(search),
  // Starts the request early (also on link hover); the page shows its skeleton until it answers.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(reportsQueryOptions(deps));
  },
});
