import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';

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

/** A step's submit button, full width, over "Use a different account". */
export function StepActions({ label, pending, onRestart }: { label: string; pending: boolean; onRestart: () => void }) {
  return (
    <>
      <Button type="submit" loading={pending} fullWidth>
        {label}
      </Button>
      <StepFooter onRestart={onRestart} />
    </>
  );
}

/** A step's refusal that is not about one field, above the form. */
export function StepError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
      {message}
    </Alert>
  );
}
