import { createFileRoute } from '@tanstack/react-router';
import { dotListOf, dotQualitySearchSchema } from '../../../features/dot-scores/dot-quality-search.ts';

export const Route = createFileRoute('/_authenticated/scores/dot-quality')({
  validateSearch: dotQualitySearchSchema,
  loaderDeps: ({ search }) => ({ dots: dotListOf(search.dot) }),
  // Starts the request early; the page shows its skeleton until it answers. The fetcher is imported
  // on demand: the entry chunk is near its budget.
  loader: async ({ context, deps }) => {
    if (deps.dots.length === 0) return;
    const { dotQualityReportQueryOptions } = await import('../../../lib/entities/dot-scores/get-dot-quality-report.ts');
    void context.queryClient.prefetchQuery(dotQualityReportQueryOptions(deps.dots));
  },
});
