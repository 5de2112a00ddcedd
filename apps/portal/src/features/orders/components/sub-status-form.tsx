// Changing an order's sub-status with notes (manage Order), picked from the company's list (GET
// /company/me/sub-statuses; "Edit the list" changes it). Checked as you type with the contract's
// UpdateOrderStatusBodySchema; the server's answer is the order, whose timeline ends with the change.
import { Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { UpdateOrderStatusBodySchema, type OrderDetail } from '@clearlane/contract/orders';
import { notify } from '../../../lib/toasts/notify.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useSubStatuses } from '../../../lib/entities/sub-statuses/sub-statuses.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { SubStatusSettingsButton } from './sub-status-settings-button.tsx';

const LABELS = { subStatus: 'Sub-status', changeNotes: 'Notes' } as const;
type Field = keyof typeof LABELS;

interface Values {
  subStatus: string;
  changeNotes: string;
}

/** The contract's problems ("is required") as sentences naming the field. */
export function validateSubStatus(values: Values): Partial<Record<Field, string>> {
  const result = UpdateOrderStatusBodySchema.safeParse({ subStatus: values.subStatus, changeNotes: values.changeNotes });
  const errors: Partial<Record<Field, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    if (field in LABELS && !errors[field]) errors[field] = `${LABELS[field]} ${issue.message}`;
  }
  return errors;
}

export function SubStatusForm({ order }: { order: OrderDetail }) {
  const update = useUpdateOrderStatus();
  const list = useSubStatuses();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { subStatus: '', changeNotes: '' },
    validate: validateSubStatus,
    validateInputOnChange: true,
  });

  const submit = form.onSubmit((values) => {
    const notes = values.changeNotes.trim();
    update.mutate(
      { id: order.id, body: { subStatus: values.subStatus.trim(), changeNotes: notes === '' ? null : notes } },
      {
        onSuccess: () => {
          notify.success(`Sub-status set to “${values.subStatus.trim()}”`);
          form.reset();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors.length > 0) {
            for (const field of Object.keys(LABELS) as Field[]) {
              const message = error.fieldMessage(field);
              if (message) form.setFieldError(field, `${LABELS[field]} ${message}`);
            }
          }
          notify.error(error.message, { title: 'The sub-status could not be changed' });
        },
      },
    );
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="order-sub-status-heading">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="order-sub-status-heading">
            Change sub-status
          </Title>
          <Text fz="sm" c="dimmed">
            Current: {order.subStatus ? <strong>{order.subStatus}</strong> : 'none'}. Every change is kept in the timeline with your notes.
          </Text>
          <Select
            label="Sub-status"
            placeholder={list.isPending ? 'Loading your company\'s sub-statuses…' : 'Pick a sub-status'}
            description={list.isError ? `Your company's sub-statuses could not be loaded: ${list.error.message}` : undefined}
            data={list.data?.subStatuses ?? []}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('subStatus')}
            value={form.values.subStatus === '' ? null : form.values.subStatus}
            onChange={(value) => form.setFieldValue('subStatus', value ?? '')}
          />
          <Textarea
            label="Notes"
            description="Why it changed, what happens next (optional)"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            {...form.getInputProps('changeNotes')}
          />
          <Group justify="flex-end" gap="xs">
            <SubStatusSettingsButton label="Edit the list" variant="subtle" size="compact-sm" />
            <Button type="submit" loading={update.isPending}>
              Save sub-status
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
