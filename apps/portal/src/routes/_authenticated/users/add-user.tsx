import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authenticated/users/add-user')({
  staticData: { title: 'Invite a user' },
  // Loaded on demand: the ability builder (CASL) need not be in the entry chunk.
  beforeLoad: async ({ context }) => (await import('../../../features/users/access.ts')).assertMayManageUsers(context.queryClient, 'create'),
});
