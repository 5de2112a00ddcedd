import { createFileRoute } from '@tanstack/react-router';
import { businessesQueryOptions } from '../../../lib/entities/businesses/get-businesses.ts';
import { businessesQueryOf, businessesSearchSchema } from '../../../features/businesses/businesses-search.ts';

export const Route = createFileRoute('/_authenticated/businesses/')({
  validateSearch: businessesSearchSchema,
  loaderDeps: ({ search }) => businessesQueryOf(search),
  // Starts the request early (also on link hover); the page shows its skeleton until it answers.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(businessesQueryOptions(deps));
  },
});
