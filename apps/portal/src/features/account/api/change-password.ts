// POST /api/v1/auth/change-password (ChangePassword): the current password and a new one. Other
// sessions of the user end; this one stays signed in.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@clearlane/contract/account';
import { api } from '../../../lib/http.ts';

export const changePassword = (body: ChangePasswordBody) => api.post<void>('/api/v1/auth/change-password', body);

export const changePasswordMutationOptions = () => mutationOptions({ mutationKey: ['account', 'change-password'], mutationFn: changePassword });

export const useChangePassword = () => useMutation(changePasswordMutationOptions());
