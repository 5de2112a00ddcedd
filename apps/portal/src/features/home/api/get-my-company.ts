// GET /api/v1/company/me: the company the user is signed in to.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@clearlane/contract/company';
import { api } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getMyCompany = (signal?: AbortSignal) => api.get<Company>('/api/v1/company/me', { signal });

export const myCompanyQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.company.mine, queryFn: ({ signal }) => getMyCompany(signal), staleTime: 5 * 60_000 });

export const useMyCompany = () => useQuery(myCompanyQueryOptions());
