// POST /api/v1/auth/mfa/preference (SetUserMFAPreference): with the current password, switches
// factors off; both off resets two-step verification.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MfaStatus, SetMfaPreferenceBody } from '@clearlane/contract/account';
import { api } from '../../../lib/http.ts';
import { userContextQueryKey } from '../../../lib/current-user.ts';
import { accountQueryKeys } from './get-mfa-status.ts';

export const setMfaPreference = (body: SetMfaPreferenceBody) => api.post<MfaStatus>('/api/v1/auth/mfa/preference', body);

export const setMfaPreferenceMutationOptions = () => mutationOptions({ mutationKey: ['account', 'set-mfa-preference'], mutationFn: setMfaPreference });

export function useSetMfaPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setMfaPreferenceMutationOptions(),
    onSuccess: async (status) => {
      queryClient.setQueryData(accountQueryKeys.mfa(), status);
      await queryClient.invalidateQueries({ queryKey: userContextQueryKey });
    },
  });
}
