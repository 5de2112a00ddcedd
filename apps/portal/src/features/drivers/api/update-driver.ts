// PUT /api/v1/person/{id}: replaces the editable fields of a driver.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Person, UpdatePersonBody } from '@clearlane/contract/persons';
import { api } from '../../../lib/http.ts';
import { mutationKeys, queryKeys } from '../../../lib/query-keys.ts';

export const updateDriver = ({ id, body }: { id: string; body: UpdatePersonBody }) => api.put<Person>(`/api/v1/person/${encodeURIComponent(id)}`, body);

export const updateDriverMutationOptions = () => mutationOptions({ mutationKey: mutationKeys.drivers.update, mutationFn: updateDriver });

export function useUpdateDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateDriverMutationOptions(),
    onSuccess: (driver) => {
      queryClient.setQueryData(queryKeys.drivers.detail(driver.id), driver);
      return queryClient.invalidateQueries({ queryKey: queryKeys.drivers.lists });
    },
  });
}
