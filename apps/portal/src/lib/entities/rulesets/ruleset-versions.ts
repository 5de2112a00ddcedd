// The rules page's reads and writes of one ruleset: its saved versions (who, when), a preview of what
// a draft would change (POST …/preview, saves nothing), saving the draft as the next version (PUT)
// and restoring an old version: its content (GET …/versions/{n}) saved as the next version (PUT),
// so nothing is lost and the server checks the rules and the right to save them as for any save.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RulesetBody, RulesetPreview, RulesetVersion, RulesetVersionSummary } from '@clearlane/contract/rulesets';
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

const saveRuleset = (namespace: string, body: RulesetBody) => api.put<RulesetView>(pathOf(namespace), body);

/** The content of an old version saved again as the next version (DECISIONS.md "Restoring a ruleset version"). */
export async function restoreRulesetVersion(namespace: string, version: number): Promise<RulesetView> {
  const old = await api.get<RulesetVersion>(`${pathOf(namespace)}/versions/${version}`);
  return saveRuleset(namespace, { name: old.name, rules: old.rules });
}

/** Saves the next version, from a body or from an old version; every list and form that shows rulesets is refreshed. */
function useSaveNext<Input>(namespace: string, save: (input: Input) => Promise<RulesetView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.rulesets.detail(namespace), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.rulesets.all });
    },
  });
}

export const useSaveRuleset = (namespace: string) => useSaveNext(namespace, (body: RulesetBody) => saveRuleset(namespace, body));

export const useRestoreRulesetVersion = (namespace: string) => useSaveNext(namespace, (version: number) => restoreRulesetVersion(namespace, version));
