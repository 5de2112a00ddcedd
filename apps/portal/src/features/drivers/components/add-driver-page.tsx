// /drivers/add-driver: add a driver. Validates as you type with the contract's CreatePersonBodySchema
// and puts the server's answers (invalid fields, 409 DriverAlreadyExists) next to the fields.
import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { notify } from '../../../lib/toasts/notify.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useCreateDriver } from '../api/create-driver.ts';
import { getDrivers } from '../../../lib/entities/drivers/get-drivers.ts';
import { DriverFields } from './driver-fields.tsx';
import { EMPTY_DRIVER, placeServerErrors, toDriverBody, validateDriver, type DriverValues } from './driver-form.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The driver a 409 is about: the id the problem names ("… already exists (id …)"), else the
 * company's driver with that licence, if the list finds it.
 */
async function findExisting(error: ApiError, values: DriverValues): Promise<{ id: string; name?: string } | undefined> {
  const named = UUID.exec(error.message)?.[0];
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
  const [error, setError] = useState<string | null>(null);
  const [existing, setExisting] = useState<{ driver?: { id: string; name?: string } } | null>(null);

  const form = useForm<DriverValues>({
    initialValues: EMPTY_DRIVER,
    validateInputOnChange: true,
    validate: validateDriver,
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setExisting(null);
    try {
      const driver = await create.mutateAsync(toDriverBody(values));
      notify.success(`${driver.fullName} was added`);
      await navigate({ to: '/drivers/$id', params: { id: driver.id } });
    } catch (caught) {
      if (!(caught instanceof ApiError)) {
        setError(caught instanceof Error ? caught.message : 'The driver could not be added.');
        return;
      }
      if (caught.status === 409) {
        form.setFieldError('licenceNumber', 'This driver already exists');
        setExisting({ driver: await findExisting(caught, values) });
        return;
      }
      if (!placeServerErrors(form, caught)) setError(caught.message);
    }
  }, (_errors, _values, event) => focusFirstInvalid(event));

  return (
    <Stack gap="lg" maw={960}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} to="/drivers" fz="sm">
          Drivers
        </Anchor>
        <Text fz="sm" aria-current="page">
          Add a driver
        </Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Add a driver</Title>
        <Text c="dimmed">A driver you can order motor vehicle records for. Fields marked * are required.</Text>
      </Stack>

      <Paper withBorder radius="md" p="xl" component="form" onSubmit={submit} noValidate aria-label="Driver">
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="The driver was not added">
              {error}
            </Alert>
          )}
          {existing && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="This driver already exists">
              {existing.driver ? (
                <Text fz="sm">
                  Your company already has a driver with this licence state and number.{' '}
                  <Anchor renderRoot={(props) => <Link {...props} to="/drivers/$id" params={{ id: existing.driver!.id }} />} fz="sm" underline="always">
                    {existing.driver.name ? `Open ${existing.driver.name}` : 'Open the existing driver'}
                  </Anchor>
                  .
                </Text>
              ) : (
                <Text fz="sm">Your company already has a driver with this licence state and number.</Text>
              )}
            </Alert>
          )}
          <DriverFields form={form} autoFocus />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" component={Link} to="/drivers">
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} leftSection={<IconUserPlus size={16} aria-hidden />}>
              Add driver
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
