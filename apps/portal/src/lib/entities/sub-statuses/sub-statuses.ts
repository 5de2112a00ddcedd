// GET|PUT /api/v1/company/me/sub-statuses: the sub-statuses the company's reviewers pick from (the
// defaults until a Company Admin or Manager saves a list). Read by the order page's sub-status form,
// saved from the sub-status settings dialog.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubStatusList } from '@clearlane/contract/order-review';
import { api } from '../../http.ts';
import { mutationKeys, queryKeys } from '../../query-keys.ts';

const PATH = '/api/v1/company/me/sub-statuses';

export const getSubStatuses = (signal?: AbortSignal) => api.get<SubStatusList>(PATH, { signal });
export const saveSubStatuses = (body: SubStatusList) => api.put<SubStatusList>(PATH, body);

export const subStatusesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.company.subStatuses, queryFn: ({ signal }) => getSubStatuses(signal), staleTime: 60_000 });

export const useSubStatuses = () => useQuery(subStatusesQueryOptions());

export function useSaveSubStatuses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.company.saveSubStatuses,
    mutationFn: saveSubStatuses,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.company.subStatuses, saved),
  });
}
