// POST /api/v1/auth/mfa/sms/associate: with the current password, texts a code to the account's
// phone (without an SMS provider it waits in the server's outbox).
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { StartSmsSetupResult } from '@clearlane/contract/account';
import { api } from '../../../lib/http.ts';

export const startSmsSetup = (currentPassword: string) => api.post<StartSmsSetupResult>('/api/v1/auth/mfa/sms/associate', { currentPassword });

export const startSmsSetupMutationOptions = () => mutationOptions({ mutationKey: ['account', 'start-sms-setup'], mutationFn: startSmsSetup });

export const useStartSmsSetup = () => useMutation(startSmsSetupMutationOptions());
