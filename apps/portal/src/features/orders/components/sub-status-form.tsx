// Changing an order's sub-status with notes (manage Order). Checked as you type with the contract's
// UpdateOrderStatusBodySchema; the server's answer is the order, whose timeline ends with the change.
import { Autocomplete, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { UpdateOrderStatusBodySchema, type OrderDetail } from '@clearlane/contract/orders';
import { notify } from '../../../lib/toasts/notify.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';

/** Common follow-ups; any other wording may be typed. */
export const SUB_STATUS_SUGGESTIONS = ['Under review', 'Awaiting driver response', 'Escalated to safety manager', 'Cleared', 'Not cleared', 'Needs re-order'];

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
          <Autocomplete
            label="Sub-status"
            placeholder="e.g. Under review"
            data={SUB_STATUS_SUGGESTIONS}
            required
            maxLength={60}
            {...form.getInputProps('subStatus')}
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
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save sub-status
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
