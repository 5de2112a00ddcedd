// GET|PUT|DELETE /api/v1/company/me/sso: the company's own OpenID provider (Company Admins, issue 14).
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoConfigAnswer, SsoConfigBody } from '@clearlane/contract/sso';
import { api } from '../../http.ts';
import { mutationKeys, queryKeys } from '../../query-keys.ts';

const PATH = '/api/v1/company/me/sso';

export const getCompanySso = (signal?: AbortSignal) => api.get<SsoConfigAnswer>(PATH, { signal });
export const saveCompanySso = (body: SsoConfigBody) => api.put<SsoConfigAnswer>(PATH, body);
export const removeCompanySso = () => api.delete<void>(PATH);

export const companySsoQueryOptions = () => queryOptions({ queryKey: queryKeys.companySso, queryFn: ({ signal }) => getCompanySso(signal) });

export const useCompanySso = () => useQuery(companySsoQueryOptions());

export function useSaveCompanySso() {
  const queryClient = useQueryClient();
  return useMutation(mutationOptions({
    mutationKey: mutationKeys.companySso.save,
    mutationFn: saveCompanySso,
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.companySso, answer),
  }));
}

export function useRemoveCompanySso() {
  const queryClient = useQueryClient();
  return useMutation(mutationOptions({
    mutationKey: mutationKeys.companySso.remove,
    mutationFn: removeCompanySso,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.companySso }),
  }));
}
