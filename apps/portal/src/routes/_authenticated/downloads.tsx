import { createFileRoute } from '@tanstack/react-router';
import { downloadsQueryOptions } from '../../lib/entities/downloads/get-downloads.ts';
import { downloadsQueryOf, downloadsSearchSchema } from '../../features/downloads/downloads-search.ts';

export const Route = createFileRoute('/_authenticated/downloads')({
  staticData: { title: 'Downloads' },
  validateSearch: downloadsSearchSchema,
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../features/downloads/access.ts')).assertMayViewDownloads(context.queryClient),
  loaderDeps: ({ search }) => downloadsQueryOf(search),
  // Starts the request early (also on link hover); the page shows its skeleton until it answers.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(downloadsQueryOptions(deps));
  },
});
