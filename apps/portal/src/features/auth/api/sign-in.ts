// POST /api/v1/auth/sign-in: email + password → the first step of the sign-in conversation.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { SignInResult } from '@clearlane/contract/auth';
import { identity } from '../../../lib/identity.ts';
import { mutationKeys } from '../../../lib/query-keys.ts';

export interface SignInInput {
  email: string;
  password: string;
}

export const signIn = ({ email, password }: SignInInput): Promise<SignInResult> => identity.signIn(email.trim(), password);

export const signInMutationOptions = () => mutationOptions({ mutationKey: mutationKeys.auth.signIn, mutationFn: signIn });

export const useSignIn = () => useMutation(signInMutationOptions());
