import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authenticated/drivers/add-driver')({
  staticData: { title: 'Add a driver' },
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../features/drivers/access.ts')).assertMayUseDrivers(context.queryClient, 'create'),
});
