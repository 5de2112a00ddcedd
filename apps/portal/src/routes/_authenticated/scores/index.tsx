import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authenticated/scores/')({
  staticData: { title: 'DOT scores' },
  // Starts the request early (also on link hover); the page shows its skeleton until it answers. The
  // fetcher is imported on demand: the entry chunk is near its budget.
  loader: async ({ context }) => {
    const { dotQualityReportQueryOptions } = await import('../../../lib/entities/dot-scores/get-dot-quality-report.ts');
    void context.queryClient.prefetchQuery(dotQualityReportQueryOptions());
  },
});
