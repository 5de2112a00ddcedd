import { createFileRoute, redirect } from '@tanstack/react-router';
import { session } from '../lib/auth.ts';
import { fetchUserContext, userContextQueryKey } from '../lib/current-user.ts';
import { DefaultLayout } from '../app/layouts/default-layout.tsx';

// The default layout: every page in it needs a valid session, otherwise /login.
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ location }) => {
    const current = await session.getSession();
    if (!current) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData({ queryKey: userContextQueryKey, queryFn: fetchUserContext, staleTime: 60_000 }),
  component: DefaultLayout,
});
