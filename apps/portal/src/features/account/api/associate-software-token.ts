// POST /api/v1/auth/mfa/totp/associate (AssociateSoftwareToken): with the current password, a new
// authenticator-app secret and QR code, pending until a code from it is verified.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AssociateSoftwareTokenResult } from '@clearlane/contract/account';
import { api } from '../../../lib/http.ts';

export const associateSoftwareToken = (currentPassword: string) =>
  api.post<AssociateSoftwareTokenResult>('/api/v1/auth/mfa/totp/associate', { currentPassword });

export const associateSoftwareTokenMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'associate-software-token'], mutationFn: associateSoftwareToken });

export const useAssociateSoftwareToken = () => useMutation(associateSoftwareTokenMutationOptions());
