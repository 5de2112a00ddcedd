// POST /api/v1/person: adds a driver to the company (409 DriverAlreadyExists for a known licence).
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePersonBody, Person } from '@clearlane/contract/persons';
import { api } from '../../../lib/http.ts';
import { driversQueryKeys } from './get-drivers.ts';

export const createDriver = (body: CreatePersonBody) => api.post<Person>('/api/v1/person', body);

export const createDriverMutationOptions = () => mutationOptions({ mutationKey: ['drivers', 'create'], mutationFn: createDriver });

export function useCreateDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createDriverMutationOptions(),
    onSuccess: (driver) => {
      queryClient.setQueryData(driversQueryKeys.detail(driver.id), driver);
      return queryClient.invalidateQueries({ queryKey: driversQueryKeys.all, predicate: (query) => query.queryKey[1] === 'list' });
    },
  });
}
