// POST /api/v1/users/{id}/resendInvite: a new temporary password for a user who has not signed in yet.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSummary } from '@clearlane/contract/users';
import { api } from '../../../lib/http.ts';
import { usersQueryKeys } from './get-users.ts';
import { mutationKeys } from '../../../lib/query-keys.ts';

export const resendInvite = (userId: string) => api.post<UserSummary>(`/api/v1/users/${encodeURIComponent(userId)}/resendInvite`);

export const resendInviteMutationOptions = () => mutationOptions({ mutationKey: mutationKeys.users.resendInvite, mutationFn: resendInvite });

export function useResendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    ...resendInviteMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
}
