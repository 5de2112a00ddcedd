import { createFileRoute } from '@tanstack/react-router';
import { assertMayManageUsers } from '../../../features/users/access.ts';

export const Route = createFileRoute('/_authenticated/users/add-user')({
  staticData: { title: 'Invite a user' },
  beforeLoad: ({ context }) => assertMayManageUsers(context.queryClient, 'create'),
});
