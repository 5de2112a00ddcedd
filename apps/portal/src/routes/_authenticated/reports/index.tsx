import { createFileRoute } from '@tanstack/react-router';
import { reportsQueryOptions } from '../../../features/reports/api/get-reports.ts';
import { reportsQueryOf, reportsSearchSchema } from '../../../features/reports/reports-search.ts';

export const Route = createFileRoute('/_authenticated/reports/')({
  staticData: { title: 'Reports' },
  validateSearch: reportsSearchSchema,
  // ?view=groups lists the report groups instead: its page asks for them (kept out of the entry chunk).
  loaderDeps: ({ search }) => (search.view === 'groups' ? { reports: undefined } : { reports: reportsQueryOf(search) }),
  // Starts the request early (also on link hover); the page shows its skeleton until it answers.
  loader: ({ context, deps }) => {
    if (deps.reports) void context.queryClient.prefetchQuery(reportsQueryOptions(deps.reports));
  },
});
