import { createFileRoute } from '@tanstack/react-router';
import { usersQueryOptions } from '../../../features/users/api/get-users.ts';
import { usersQueryOf, usersSearchSchema } from '../../../features/users/users-search.ts';

export const Route = createFileRoute('/_authenticated/users/')({
  staticData: { title: 'Users' },
  validateSearch: usersSearchSchema,
  loaderDeps: ({ search }) => usersQueryOf(search),
  // Starts the request early (also on link hover); the page shows its skeleton until it answers.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(usersQueryOptions(deps));
  },
});
