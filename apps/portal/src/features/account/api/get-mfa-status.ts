// GET /api/v1/auth/mfa: the signed-in user's two-step verification (factors on, masked phone, required?).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MfaStatus } from '@clearlane/contract/account';
import { api } from '../../../lib/http.ts';

export const getMfaStatus = (signal?: AbortSignal) => api.get<MfaStatus>('/api/v1/auth/mfa', { signal });

export const accountQueryKeys = {
  all: ['account'] as const,
  mfa: () => ['account', 'mfa'] as const,
};

export const mfaStatusQueryOptions = () => queryOptions({ queryKey: accountQueryKeys.mfa(), queryFn: ({ signal }) => getMfaStatus(signal) });

export const useMfaStatus = () => useQuery(mfaStatusQueryOptions());
