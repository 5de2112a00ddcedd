import { Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

/** "Use a different account": abandons this sign-in and returns to the first step. */
export function StepFooter({ onRestart }: { onRestart: () => void }) {
  return (
    <Group justify="center">
      <Button variant="subtle" size="sm" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onRestart}>
        Use a different account
      </Button>
    </Group>
  );
}
