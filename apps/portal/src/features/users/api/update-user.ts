// PATCH /api/v1/users/{id}: a Company Admin changes a user's role, or switches them off or on.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, UserSummary } from '@clearlane/contract/users';
import { api } from '../../../lib/http.ts';
import { usersQueryKeys } from './get-users.ts';

export const updateUser = ({ id, body }: { id: string; body: UpdateUserBody }) => api.patch<UserSummary>(`/api/v1/users/${encodeURIComponent(id)}`, body);

export const updateUserMutationOptions = () => mutationOptions({ mutationKey: ['users', 'update'], mutationFn: updateUser });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateUserMutationOptions(),
    onSuccess: (user) => {
      queryClient.setQueryData(usersQueryKeys.detail(user.id), user);
      return queryClient.invalidateQueries({ queryKey: usersQueryKeys.all, predicate: (query) => query.queryKey[1] === 'list' });
    },
  });
}
