// DELETE /api/v1/dots/{dotNumber}: the number leaves the company's list with its scorings and changes
// (Managers and Company Admins: manage Scores).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../http.ts';
import { mutationKeys, queryKeys } from '../../query-keys.ts';

export const removeDot = (dotNumber: string) => api.delete<void>(`/api/v1/dots/${encodeURIComponent(dotNumber)}`);

export function useRemoveDot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.dotScores.remove,
    mutationFn: removeDot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dotScores.all }),
  });
}
