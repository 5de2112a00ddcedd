import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NotFoundInLayout } from '../../../app/errors/route-error.tsx';
import { assertMayManageUsers } from '../../../features/users/access.ts';

// User management: only for roles that may view users (Viewers and Agents get the error page).
export const Route = createFileRoute('/_authenticated/users')({
  beforeLoad: ({ context }) => assertMayManageUsers(context.queryClient, 'view'),
  component: Outlet,
  notFoundComponent: NotFoundInLayout,
});
