import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NotFoundInLayout } from '../../../app/errors/route-error.tsx';

// The adjudication rules (issue 13): read by whoever may read orders; edited by Managers and Company Admins.
export const Route = createFileRoute('/_authenticated/rules')({
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../features/rules/access.ts')).assertMayViewRules(context.queryClient),
  component: Outlet,
  notFoundComponent: NotFoundInLayout,
});
