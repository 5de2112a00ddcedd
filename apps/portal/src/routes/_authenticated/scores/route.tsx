import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NotFoundInLayout } from '../../../app/errors/route-error.tsx';

// DOT quality scores: the dot-scores plugin, then the ability to view Scores (every role by default).
export const Route = createFileRoute('/_authenticated/scores')({
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../features/dot-scores/access.ts')).assertMayViewScores(context.queryClient),
  component: Outlet,
  notFoundComponent: NotFoundInLayout,
});
