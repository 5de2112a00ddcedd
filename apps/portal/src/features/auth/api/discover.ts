// POST /api/v1/auth/sign-in/discover: email first — the password step, or the company's identity provider.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { SignInDiscoverResult } from '@clearlane/contract/sso';
import { identity } from '../../../lib/identity.ts';
import { mutationKeys } from '../../../lib/query-keys.ts';

export interface DiscoverInput {
  email: string;
  redirect?: string;
}

export const discoverSignIn = ({ email, redirect }: DiscoverInput): Promise<SignInDiscoverResult> => identity.discover(email.trim(), redirect);

export const useDiscoverSignIn = () => useMutation(mutationOptions({ mutationKey: mutationKeys.auth.discover, mutationFn: discoverSignIn }));
