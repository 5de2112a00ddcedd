import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authenticated/businesses/add-business')({
  // No staticData title: the page's <h1> names it, so a refused visit is titled "Not Authorized".
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../features/businesses/access.ts')).assertMayUseBusinesses(context.queryClient, 'create'),
});
