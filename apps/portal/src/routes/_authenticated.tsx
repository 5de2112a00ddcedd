import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '../app/auth/guards.ts';
import { DefaultLayout } from '../app/layouts/default-layout.tsx';
import { NotFoundInLayout, StandaloneRouteErrorPage } from '../app/errors/route-error.tsx';
import { persistedUserFor, userContextQuery } from '../lib/current-user.ts';

// The default layout: every page in it needs a valid session (SPEC.md §2 "Access guard").
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: requireSession,
  loader: ({ context }) => {
    // A reload paints at once from the persisted user; a fresh copy is fetched right after.
    const persisted = persistedUserFor(context.session.claims);
    if (persisted && !context.queryClient.getQueryData(userContextQuery.queryKey)) {
      context.queryClient.setQueryData(userContextQuery.queryKey, persisted, { updatedAt: 0 });
    }
    return context.queryClient.ensureQueryData(userContextQuery);
  },
  component: DefaultLayout,
  // The guard or the user fetch failed: there is no shell to show the error in.
  errorComponent: StandaloneRouteErrorPage,
  // Unknown paths of signed-in users keep the shell around the not-found page.
  notFoundComponent: NotFoundInLayout,
});
