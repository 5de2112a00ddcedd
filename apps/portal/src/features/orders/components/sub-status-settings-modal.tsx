// The company's sub-statuses in a dialog (issue 13): the list the order page's sub-status form
// picks from, in the order it shows them. Company Admins and Managers (manage Order) edit it; orders
// keep the sub-status they have when a label leaves the list. Checked as the contract checks it
// (SubStatusListSchema); the server's answers land on the entry they name.
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_SUB_STATUSES, SubStatusListSchema, type SubStatusList } from '@clearlane/contract/order-review';
import { QueryContent } from '../../../components/query-content.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSaveSubStatuses, useSubStatuses } from '../../../lib/entities/sub-statuses/sub-statuses.ts';
import { notify } from '../../../lib/toasts/notify.ts';

interface Values {
  subStatuses: { key: number; label: string }[];
}

let nextKey = 0;
const entry = (label: string) => ({ key: nextKey++, label });

/** The contract's problems, on the entry (or the list) they are about. */
export function validateSubStatusList(values: Values): Record<string, string> {
  const result = SubStatusListSchema.safeParse({ subStatuses: values.subStatuses.map((item) => item.label) });
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const [, index] = issue.path;
    const key = typeof index === 'number' ? `subStatuses.${index}.label` : 'subStatuses';
    errors[key] ??= typeof index === 'number' ? `Sub-status ${index + 1} ${issue.message}` : `The list ${issue.message}`;
  }
  return errors;
}

export function SubStatusSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const list = useSubStatuses();
  return (
    <Modal opened={opened} onClose={onClose} title="Sub-statuses" size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <QueryContent query={list} loadingLabel="Loading the sub-statuses" errorTitle="The sub-statuses could not be loaded">
        {(saved) => <SubStatusListForm saved={saved} onDone={onClose} />}
      </QueryContent>
    </Modal>
  );
}

function SubStatusListForm({ saved, onDone }: { saved: SubStatusList; onDone: () => void }) {
  const save = useSaveSubStatuses();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { subStatuses: saved.subStatuses.map(entry) },
    validate: validateSubStatusList,
  });
  const items = form.values.subStatuses;

  const submit = form.onSubmit((values) => {
    save.mutate(
      { subStatuses: values.subStatuses.map((item) => item.label.trim()) },
      {
        onSuccess: () => {
          notify.success('Sub-statuses saved');
          onDone();
        },
        onError: (error) => {
          const onEntries = error instanceof ApiError ? error.fieldErrors.filter((problem) => /subStatuses(\.\d+)?$/.test(problem.path)) : [];
          for (const problem of onEntries) {
            const index = /\.(\d+)$/.exec(problem.path)?.[1];
            if (index === undefined) form.setFieldError('subStatuses', `The list ${problem.message}`);
            else form.setFieldError(`subStatuses.${index}.label`, `Sub-status ${Number(index) + 1} ${problem.message}`);
          }
          if (onEntries.length === 0) notify.error(error.message, { title: 'The sub-statuses could not be saved' });
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          Reviewers pick an order's sub-status from this list, in this order. An order keeps its sub-status when you remove it from the list. Adverse action sets
          “Adverse action started”, “Adverse action taken” and “Cleared” itself.
        </Text>
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Sub-statuses, in order">
          {items.map((item, index) => (
            <li key={item.key}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <TextInput
                  label={`Sub-status ${index + 1}`}
                  maxLength={60}
                  required
                  style={{ flex: 1 }}
                  {...form.getInputProps(`subStatuses.${index}.label`)}
                />
                <Group gap={4} wrap="nowrap" mt={26}>
                  <ActionIcon variant="default" size="lg" disabled={index === 0} aria-label={`Move “${item.label || `sub-status ${index + 1}`}” up`} onClick={() => form.reorderListItem('subStatuses', { from: index, to: index - 1 })}>
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    disabled={index === items.length - 1}
                    aria-label={`Move “${item.label || `sub-status ${index + 1}`}” down`}
                    onClick={() => form.reorderListItem('subStatuses', { from: index, to: index + 1 })}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon variant="default" size="lg" disabled={items.length === 1} aria-label={`Remove “${item.label || `sub-status ${index + 1}`}”`} onClick={() => form.removeListItem('subStatuses', index)}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </li>
          ))}
        </Stack>
        {form.errors.subStatuses && (
          <Text fz="sm" c="red.8" role="alert">
            {form.errors.subStatuses}
          </Text>
        )}
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" leftSection={<IconPlus size={16} aria-hidden />} disabled={items.length >= MAX_SUB_STATUSES} onClick={() => form.insertListItem('subStatuses', entry(''))}>
            Add a sub-status
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save sub-statuses
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
