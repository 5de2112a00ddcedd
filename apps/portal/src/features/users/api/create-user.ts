// POST /api/v1/users: invites a user; the server mails a temporary password.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, UserSummary } from '@clearlane/contract/users';
import { api } from '../../../lib/http.ts';
import { usersQueryKeys } from './get-users.ts';
import { mutationKeys } from '../../../lib/query-keys.ts';

export const createUser = (body: CreateUserBody) => api.post<UserSummary>('/api/v1/users', body);

export const createUserMutationOptions = () => mutationOptions({ mutationKey: mutationKeys.users.create, mutationFn: createUser });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createUserMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
}
