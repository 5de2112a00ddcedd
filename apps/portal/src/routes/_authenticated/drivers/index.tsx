import { createFileRoute } from '@tanstack/react-router';
import { driversQueryOptions } from '../../../lib/entities/drivers/get-drivers.ts';
import { driversQueryOf, driversSearchSchema } from '../../../features/drivers/drivers-search.ts';

export const Route = createFileRoute('/_authenticated/drivers/')({
  validateSearch: driversSearchSchema,
  loaderDeps: ({ search }) => driversQueryOf(search),
  // Starts the request early (also on link hover); the page shows its skeleton until it answers.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(driversQueryOptions(deps));
  },
});
