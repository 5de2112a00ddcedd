// POST /api/v1/businesses: adds a business to the company (409 BusinessAlreadyExists for a known EIN).
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Business, CreateBusinessBody } from '@clearlane/contract/businesses';
import { api } from '../../../lib/http.ts';
import { mutationKeys, queryKeys } from '../../../lib/query-keys.ts';

export const createBusiness = (body: CreateBusinessBody) => api.post<Business>('/api/v1/businesses', body);

export const createBusinessMutationOptions = () => mutationOptions({ mutationKey: mutationKeys.businesses.create, mutationFn: createBusiness });

export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createBusinessMutationOptions(),
    onSuccess: (business) => {
      queryClient.setQueryData(queryKeys.businesses.detail(business.id), business);
      return queryClient.invalidateQueries({ queryKey: queryKeys.businesses.lists });
    },
  });
}
