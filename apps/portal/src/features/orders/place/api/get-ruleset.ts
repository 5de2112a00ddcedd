// GET /api/v1/rulesets/{namespace}: the rules an auto-adjudicated MVR is judged by, shown under the
// switch so the user knows what "Pass" will mean. A namespace the company lacks answers 404.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdjudicationRule } from '@clearlane/contract/domain/adjudication';
import { api } from '../../../../lib/http.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

export interface RulesetView {
  namespace: string;
  name: string;
  rules: AdjudicationRule[];
  isDefault: boolean;
  updatedAt: string | null;
}

export const getRuleset = (namespace: string, signal?: AbortSignal) => api.get<RulesetView>(`/api/v1/rulesets/${encodeURIComponent(namespace)}`, { signal });

export const rulesetQueryOptions = (namespace: string) =>
  queryOptions({ queryKey: queryKeys.rulesets.detail(namespace), queryFn: ({ signal }) => getRuleset(namespace, signal), retry: false, staleTime: 60_000 });

export const useRuleset = (namespace: string, enabled: boolean) => useQuery({ ...rulesetQueryOptions(namespace), enabled: enabled && namespace.length > 0 });
