// POST /api/v1/orders/download/generate-mvr-reports-download: starts building a bundle (202 with the
// download record). Orders that are not complete MVRs of the company are refused before any job
// starts, with their ids named in the problem.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DownloadDetail, GenerateDownloadBody } from '@clearlane/contract/downloads';
import { api } from '../../http.ts';
import { mutationKeys, queryKeys } from '../../query-keys.ts';

export const generateDownload = (body: GenerateDownloadBody) => api.post<DownloadDetail>('/api/v1/orders/download/generate-mvr-reports-download', body);

export function useGenerateDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.downloads.generate,
    mutationFn: generateDownload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.downloads.lists }),
  });
}
