// Removing a DOT number from the company's list (manage Scores), after a confirmation that says its
// scorings and changes go with it.
import { ActionIcon, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useRemoveDot } from '../../../lib/entities/dot-scores/remove-dot.ts';
import { notify } from '../../../lib/toasts/notify.ts';

export function RemoveDotButton({ dotNumber, name }: { dotNumber: string; name: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const removal = useRemoveDot();
  const label = `Remove ${name} (USDOT ${dotNumber})`;
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={open}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title={`Stop watching USDOT ${dotNumber}?`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Text fz="sm">
            {name} leaves your company's list, with every scoring and change recorded for it. Adding the number again starts afresh.
          </Text>
          {removal.error && (
            <Text fz="sm" c="red.9" role="alert">
              {removal.error.message}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={removal.isPending}
              // Awaited rather than mutate's onSuccess, which React Query drops when the row unmounts first
              // (the refreshed list no longer has it).
              onClick={() =>
                removal.mutateAsync(dotNumber).then(
                  () => {
                    close();
                    notify.success(`USDOT ${dotNumber} removed from the list.`);
                  },
                  () => undefined, // shown in the dialog (removal.error)
                )
              }
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
