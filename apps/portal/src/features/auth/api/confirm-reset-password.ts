// POST /api/v1/auth/confirm-reset-password: the mailed code + a new password.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { identity } from '../../../lib/identity.ts';
import { mutationKeys } from '../../../lib/query-keys.ts';

export interface ConfirmResetPasswordInput {
  email: string;
  code: string;
  newPassword: string;
}

export const confirmResetPassword = ({ email, code, newPassword }: ConfirmResetPasswordInput) =>
  identity.confirmResetPassword(email.trim(), code, newPassword);

export const confirmResetPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: mutationKeys.auth.confirmResetPassword, mutationFn: confirmResetPassword });

export const useConfirmResetPassword = () => useMutation(confirmResetPasswordMutationOptions());
