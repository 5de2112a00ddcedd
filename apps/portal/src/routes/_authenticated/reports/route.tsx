import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NotFoundInLayout } from '../../../app/errors/route-error.tsx';

// Reports: for every role that may view them.
export const Route = createFileRoute('/_authenticated/reports')({
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../features/reports/access.ts')).assertMayViewReports(context.queryClient),
  component: Outlet,
  notFoundComponent: NotFoundInLayout,
});
