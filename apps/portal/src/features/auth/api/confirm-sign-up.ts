// CONFIRM_SIGN_UP (a cloud user pool's step): the code that confirms the account, and a new one.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { identity } from '../../../lib/identity.ts';
import { mutationKeys } from '../../../lib/query-keys.ts';

export const confirmSignUp = ({ email, code }: { email: string; code: string }) => identity.confirmSignUp(email.trim(), code);

export const useConfirmSignUp = () => useMutation(mutationOptions({ mutationKey: mutationKeys.auth.confirmSignUp, mutationFn: confirmSignUp }));

export const resendSignUpCode = ({ email }: { email: string }) => identity.resendSignUpCode(email.trim());

export const useResendSignUpCode = () => useMutation(mutationOptions({ mutationKey: mutationKeys.auth.resendSignUpCode, mutationFn: resendSignUpCode }));
