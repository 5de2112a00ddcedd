// POST /api/v1/person: adds a driver to the company (409 DriverAlreadyExists for a known licence).
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePersonBody, Person } from '@clearlane/contract/persons';
import { api } from '../../../lib/http.ts';
import { mutationKeys, queryKeys } from '../../../lib/query-keys.ts';

export const createDriver = (body: CreatePersonBody) => api.post<Person>('/api/v1/person', body);

export const createDriverMutationOptions = () => mutationOptions({ mutationKey: mutationKeys.drivers.create, mutationFn: createDriver });

export function useCreateDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createDriverMutationOptions(),
    onSuccess: (driver) => {
      queryClient.setQueryData(queryKeys.drivers.detail(driver.id), driver);
      return queryClient.invalidateQueries({ queryKey: queryKeys.drivers.lists });
    },
  });
}
