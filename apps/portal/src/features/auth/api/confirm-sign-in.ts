// POST /api/v1/auth/sign-in/confirm: answers the current step (new password, code, or MFA choice).
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { SignInResult } from '@clearlane/contract/auth';
import { identity } from '../../../lib/identity.ts';
import { mutationKeys } from '../../../lib/query-keys.ts';

export interface ConfirmSignInInput {
  /** The opaque handle of the unfinished sign-in, from the previous answer. */
  session: string;
  challengeResponse: string;
}

export const confirmSignIn = ({ session, challengeResponse }: ConfirmSignInInput): Promise<SignInResult> =>
  identity.confirmSignIn(session, challengeResponse);

export const confirmSignInMutationOptions = () => mutationOptions({ mutationKey: mutationKeys.auth.confirmSignIn, mutationFn: confirmSignIn });

export const useConfirmSignIn = () => useMutation(confirmSignInMutationOptions());
