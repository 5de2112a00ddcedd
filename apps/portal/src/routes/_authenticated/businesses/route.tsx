import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NotFoundInLayout } from '../../../app/errors/route-error.tsx';

// Businesses: for every role that may view them.
export const Route = createFileRoute('/_authenticated/businesses')({
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../features/businesses/access.ts')).assertMayUseBusinesses(context.queryClient, 'view'),
  component: Outlet,
  notFoundComponent: NotFoundInLayout,
});
