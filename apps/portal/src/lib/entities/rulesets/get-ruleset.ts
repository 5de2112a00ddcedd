// A company's ruleset (GET /api/v1/rulesets/{namespace}): the MVR order form shows the rules under
// its switch, the rules page edits them (ruleset-versions.ts). A namespace the company lacks answers 404.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RulesetResponse } from '@clearlane/contract/orders';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

export type RulesetView = RulesetResponse;

export const pathOf = (namespace: string) => `/api/v1/rulesets/${encodeURIComponent(namespace)}`;

export const getRuleset = (namespace: string, signal?: AbortSignal) => api.get<RulesetView>(pathOf(namespace), { signal });

export const rulesetQueryOptions = (namespace: string) =>
  queryOptions({ queryKey: queryKeys.rulesets.detail(namespace), queryFn: ({ signal }) => getRuleset(namespace, signal), retry: false, staleTime: 60_000 });

export const useRuleset = (namespace: string, enabled: boolean) => useQuery({ ...rulesetQueryOptions(namespace), enabled: enabled && namespace.length > 0 });

