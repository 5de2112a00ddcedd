// GET /api/v1/dots: the company's DOT numbers (its own carriers and those it watches), each with the
// carrier's name and how its last scoring ended. The comparison page picks its carriers from it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyDotList } from '@clearlane/contract/dot-scores';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

export const getDots = (signal?: AbortSignal) => api.get<CompanyDotList>('/api/v1/dots', { signal });

export const dotsQueryOptions = () => queryOptions({ queryKey: queryKeys.dotScores.dots, queryFn: ({ signal }) => getDots(signal) });

export const useDots = () => useQuery(dotsQueryOptions());
