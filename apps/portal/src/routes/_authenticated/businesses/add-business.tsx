import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authenticated/businesses/add-business')({
  staticData: { title: 'Add a business' },
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../features/businesses/access.ts')).assertMayUseBusinesses(context.queryClient, 'create'),
});
