// POST /api/v1/auth/change-password (ChangePassword): the current password and a new one. Other
// sessions of the user end; this one stays signed in. With a cloud user pool (issue 14) the pool
// changes it: ChangePassword with the session's access token (lib/cognito, loaded lazily).
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@clearlane/contract/account';
import { api } from '../../../lib/http.ts';
import { authProvider } from '../../../lib/public-config.ts';

export const changePassword = async (body: ChangePasswordBody): Promise<void> => {
  if (authProvider() !== 'cognito') return api.post<void>('/api/v1/auth/change-password', body);
  const cognito = await import('../../../lib/cognito/index.ts');
  return cognito.changePoolPassword(body.currentPassword, body.newPassword);
};

export const changePasswordMutationOptions = () => mutationOptions({ mutationKey: ['account', 'change-password'], mutationFn: changePassword });

export const useChangePassword = () => useMutation(changePasswordMutationOptions());
