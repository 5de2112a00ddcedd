import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NotFoundInLayout } from '../../../app/errors/route-error.tsx';

// Claims: the claims plugin on for the company, then every role that may view them (filing and
// editing check create Claim on their own routes).
export const Route = createFileRoute('/_authenticated/claims')({
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../features/claims/access.ts')).assertMayUseClaims(context.queryClient, 'view'),
  component: Outlet,
  notFoundComponent: NotFoundInLayout,
});
