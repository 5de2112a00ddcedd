// /drivers/add-driver: add a driver. Validates as you type with the contract's CreatePersonBodySchema
// and puts the server's answers (invalid fields, 409 DriverAlreadyExists) next to the fields.
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { ApiError } from '../../../lib/api-error.ts';
import { CreatePage, idNamedIn, useCreateSubmit, type ExistingThing } from '../../../components/create-page.tsx';
import { useCreateDriver } from '../api/create-driver.ts';
import { getDrivers } from '../../../lib/entities/drivers/get-drivers.ts';
import { DriverFields } from './driver-fields.tsx';
import { EMPTY_DRIVER, placeServerErrors, toDriverBody, validateDriver, type DriverValues } from './driver-form.ts';

/**
 * The driver a 409 is about: the id the problem names ("… already exists (id …)"), else the
 * company's driver with that licence, if the list finds it.
 */
async function findExisting(error: ApiError, values: DriverValues): Promise<ExistingThing | undefined> {
  const named = idNamedIn(error);
  if (named) return { id: named };
  if (!values.licenceState) return undefined;
  const number = values.licenceNumber.toUpperCase().replace(/[\s-]/g, '');
  try {
    const page = await getDrivers({ page: 0, size: 10, sort: 'createdAt,desc', filter: number, licenceState: values.licenceState });
    const match = page.content.find((person) => person.licenceNumber === number && person.licenceState === values.licenceState);
    return match && { id: match.id, name: match.fullName };
  } catch {
    return undefined;
  }
}

export function AddDriverPage() {
  useDocumentTitle('Add a driver · Clearlane');
  const navigate = useNavigate();
  const create = useCreateDriver();
  const form = useForm<DriverValues>({ initialValues: EMPTY_DRIVER, validateInputOnChange: true, validate: validateDriver });
  const state = useCreateSubmit({
    form,
    create: (values) => create.mutateAsync(toDriverBody(values)),
    created: (driver) => ({ message: `${driver.fullName} was added`, open: () => navigate({ to: '/drivers/$id', params: { id: driver.id } }) }),
    duplicate: { field: 'licenceNumber', message: 'This driver already exists' },
    findExisting,
    placeServerErrors,
    failed: 'The driver could not be added.',
  });

  return (
    <CreatePage
      list={{ label: 'Drivers', to: '/drivers' }}
      title="Add a driver"
      description="A driver you can order motor vehicle records for."
      formLabel="Driver"
      state={state}
      failedTitle="The driver was not added"
      duplicate={{
        title: 'This driver already exists',
        sentence: 'Your company already has a driver with this licence state and number.',
        pageOf: (id) => ({ to: '/drivers/$id', params: { id } }),
        openLabel: 'Open the existing driver',
      }}
      action={{ label: 'Add driver', icon: <IconUserPlus size={16} aria-hidden />, pending: create.isPending }}
    >
      <DriverFields form={form} autoFocus />
    </CreatePage>
  );
}
