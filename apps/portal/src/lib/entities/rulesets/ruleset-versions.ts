// The rules page's reads and writes of one ruleset: its saved versions (who, when), a preview of what
// a draft would change (POST …/preview, saves nothing) and saving the draft as the next version (PUT).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RulesetBody, RulesetPreview, RulesetVersionSummary } from '@clearlane/contract/rulesets';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';
import { pathOf, type RulesetView } from './get-ruleset.ts';

export const rulesetVersionsQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: queryKeys.rulesets.versions(namespace),
    queryFn: ({ signal }) => api.get<RulesetVersionSummary[]>(`${pathOf(namespace)}/versions`, { signal }),
    retry: false,
  });

export const useRulesetVersions = (namespace: string, enabled = true) => useQuery({ ...rulesetVersionsQueryOptions(namespace), enabled });

export const previewRuleset = (namespace: string, body: RulesetBody) => api.post<RulesetPreview>(`${pathOf(namespace)}/preview`, body);

export const usePreviewRuleset = (namespace: string) => useMutation({ mutationFn: (body: RulesetBody) => previewRuleset(namespace, body) });

/** Saves the next version; every list and form that shows rulesets is refreshed. */
export function useSaveRuleset(namespace: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RulesetBody) => api.put<RulesetView>(pathOf(namespace), body),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.rulesets.detail(namespace), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.rulesets.all });
    },
  });
}
