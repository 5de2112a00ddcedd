// POST /api/v1/auth/mfa/sms/verify: the texted code proves the phone and switches SMS on.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MfaStatus } from '@clearlane/contract/account';
import { api } from '../../../lib/http.ts';
import { userContextQueryKey } from '../../../lib/current-user.ts';
import { accountQueryKeys } from './get-mfa-status.ts';
import type { VerifySetupInput } from './verify-software-token.ts';

export const verifySmsSetup = (input: VerifySetupInput) => api.post<MfaStatus>('/api/v1/auth/mfa/sms/verify', input);

export const verifySmsSetupMutationOptions = () => mutationOptions({ mutationKey: ['account', 'verify-sms-setup'], mutationFn: verifySmsSetup });

export function useVerifySmsSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    ...verifySmsSetupMutationOptions(),
    onSuccess: async (status) => {
      queryClient.setQueryData(accountQueryKeys.mfa(), status);
      await queryClient.invalidateQueries({ queryKey: userContextQueryKey });
    },
  });
}
