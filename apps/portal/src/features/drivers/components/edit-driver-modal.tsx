// "Edit driver": the add form's fields and checks in a modal, saved with PUT /person/{id}.
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import type { Person } from '@clearlane/contract/persons';
import { notify } from '../../../lib/toasts/notify.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useUpdateDriver } from '../api/update-driver.ts';
import { DriverFields } from './driver-fields.tsx';
import { placeServerErrors, toDriverBody, validateDriver, valuesOf, type DriverValues } from './driver-form.ts';

export function EditDriverModal({ driver, opened, onClose }: { driver: Person; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit driver" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      {/* Mounted only while open, so every opening starts from the driver as saved. */}
      {opened && <EditDriverForm driver={driver} onDone={onClose} />}
    </Modal>
  );
}

function EditDriverForm({ driver, onDone }: { driver: Person; onDone: () => void }) {
  const update = useUpdateDriver();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DriverValues>({ initialValues: valuesOf(driver), validateInputOnChange: true, validate: validateDriver });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const saved = await update.mutateAsync({ id: driver.id, body: toDriverBody(values) });
      notify.success(`${saved.fullName} was saved`);
      onDone();
    } catch (caught) {
      if (!(caught instanceof ApiError)) {
        setError(caught instanceof Error ? caught.message : 'The driver could not be saved.');
        return;
      }
      if (caught.status === 409) {
        form.setFieldError('licenceNumber', 'Another driver of your company has this licence state and number.');
        return;
      }
      if (!placeServerErrors(form, caught)) setError(caught.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Edit driver">
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="The driver was not saved">
            {error}
          </Alert>
        )}
        <DriverFields form={form} autoFocus />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
