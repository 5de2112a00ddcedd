// POST /api/v1/auth/mfa/totp/verify (VerifySoftwareToken): the first code from the app switches it on.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MfaStatus } from '@clearlane/contract/account';
import { api } from '../../../lib/http.ts';
import { userContextQueryKey } from '../../../lib/current-user.ts';
import { accountQueryKeys } from './get-mfa-status.ts';

export interface VerifySetupInput {
  /** The set-up's handle, from associate. */
  session: string;
  code: string;
}

export const verifySoftwareToken = (input: VerifySetupInput) => api.post<MfaStatus>('/api/v1/auth/mfa/totp/verify', input);

export const verifySoftwareTokenMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'verify-software-token'], mutationFn: verifySoftwareToken });

export function useVerifySoftwareToken() {
  const queryClient = useQueryClient();
  return useMutation({
    ...verifySoftwareTokenMutationOptions(),
    onSuccess: async (status) => {
      queryClient.setQueryData(accountQueryKeys.mfa(), status);
      // The current user carries the MFA flags too.
      await queryClient.invalidateQueries({ queryKey: userContextQueryKey });
    },
  });
}
