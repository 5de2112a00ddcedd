import { createFileRoute } from '@tanstack/react-router';
import { reportsQueryOptions } from '../../../features/reports/api/get-reports.ts';
import { reportGroupsQueryOptions } from '../../../features/reports/api/get-report-groups.ts';
import { reportGroupsQueryOf, reportsQueryOf, reportsSearchSchema } from '../../../features/reports/reports-search.ts';

export const Route = createFileRoute('/_authenticated/reports/')({
  staticData: { title: 'Reports' },
  validateSearch: reportsSearchSchema,
  // ?view=groups lists the report groups instead of the reports.
  loaderDeps: ({ search }) => (search.view === 'groups' ? { groups: reportGroupsQueryOf(search), reports: undefined } : { groups: undefined, reports: reportsQueryOf(search) }),
  // Starts the request early (also on link hover); the page shows its skeleton until it answers.
  loader: ({ context, deps }) => {
    if (deps.groups) void context.queryClient.prefetchQuery(reportGroupsQueryOptions(deps.groups));
    else void context.queryClient.prefetchQuery(reportsQueryOptions(deps.reports));
  },
});
