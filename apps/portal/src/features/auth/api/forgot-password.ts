// POST /api/v1/auth/forgot-password: mails a reset code (the answer is the same for unknown emails).
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { identity } from '../../../lib/identity.ts';
import { mutationKeys } from '../../../lib/query-keys.ts';

export const forgotPassword = ({ email }: { email: string }) => identity.forgotPassword(email.trim());

export type ForgotPasswordResult = Awaited<ReturnType<typeof forgotPassword>>;

export const forgotPasswordMutationOptions = () => mutationOptions({ mutationKey: mutationKeys.auth.forgotPassword, mutationFn: forgotPassword });

export const useForgotPassword = () => useMutation(forgotPasswordMutationOptions());
