// GET /api/v1/rulesets: the company's adjudication rulesets ("default" first), which the order
// forms offer to choose from. Shared by the MVR order form, bulk orders and monitoring settings.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RulesetSummary } from '@clearlane/contract/orders';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

export const getRulesets = (signal?: AbortSignal) => api.get<RulesetSummary[]>('/api/v1/rulesets', { signal });

export const rulesetsQueryOptions = () => queryOptions({ queryKey: queryKeys.rulesets.list, queryFn: ({ signal }) => getRulesets(signal), staleTime: 60_000 });

export const useRulesets = (enabled = true) => useQuery({ ...rulesetsQueryOptions(), enabled });
