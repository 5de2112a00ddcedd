// POST /api/v1/dots with a number already listed: its relationship (the company's own carrier or a
// watched one) and its label change (create Scores, as adding does). 200 when it was listed, 201 when
// it was not (it joins the list). A refused field is a 400 naming it (`body.label`).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddDotBody, CompanyDot } from '@clearlane/contract/dot-scores';
import { api } from '../../http.ts';
import { mutationKeys, queryKeys } from '../../query-keys.ts';

export const saveDot = (body: AddDotBody) => api.post<CompanyDot>('/api/v1/dots', body);

export function useSaveDot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.dotScores.save,
    mutationFn: saveDot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dotScores.all }),
  });
}
