// GET /api/v1/risk-definitions: the assessment definitions the person and business risk order forms
// offer — Clearlane's, then those the company's earlier risk orders named.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RiskDefinition } from '@clearlane/contract/rulesets';
import type { OrderType } from '@clearlane/contract/orders';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

export type RiskOrderType = Extract<OrderType, 'PERSON_RISK_ASSESSMENT' | 'BUSINESS_RISK_INFORM_REPORT'>;

export const riskDefinitionsQueryOptions = (type: RiskOrderType) =>
  queryOptions({
    queryKey: queryKeys.riskDefinitions.list(type),
    queryFn: ({ signal }) => api.get<RiskDefinition[]>('/api/v1/risk-definitions', { query: { type }, signal }),
    staleTime: 60_000,
  });

export const useRiskDefinitions = (type: RiskOrderType) => useQuery(riskDefinitionsQueryOptions(type));
