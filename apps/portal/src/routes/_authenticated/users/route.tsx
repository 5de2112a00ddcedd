import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NotFoundInLayout } from '../../../app/errors/route-error.tsx';

// User management: only for roles that may view users (Viewers and Agents get the error page).
export const Route = createFileRoute('/_authenticated/users')({
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../features/users/access.ts')).assertMayManageUsers(context.queryClient, 'view'),
  component: Outlet,
  notFoundComponent: NotFoundInLayout,
});
