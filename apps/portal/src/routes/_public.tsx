import { createFileRoute, redirect } from '@tanstack/react-router';
import { session } from '../lib/auth.ts';
import { PublicLayout } from '../app/layouts/public-layout.tsx';

// The unauthenticated layout (login, forgotPassword, healthCheck): a signed-in user goes to /.
export const Route = createFileRoute('/_public')({
  beforeLoad: async () => {
    const current = await session.getSession().catch(() => null);
    if (current) throw redirect({ to: '/' });
  },
  component: PublicLayout,
});
