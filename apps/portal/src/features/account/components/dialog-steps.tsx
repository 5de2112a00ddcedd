// The two kinds of step the two-step verification dialogs are made of: confirm your current
// password, and enter a 6-digit code. Each shows the server's refusal on its own field.
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { CodeForm } from '../../../components/identity/code-form.tsx';
import { focusFirstInvalid, focusFirstInvalidIn } from '../../../lib/focus-first-invalid.ts';
import { currentPasswordError, isCodeMismatch, messageOf } from './account-errors.ts';

function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
      {children}
    </Alert>
  );
}

interface PasswordStepProps {
  children?: ReactNode;
  submitLabel: string;
  submitColor?: string;
  onSubmit: (currentPassword: string) => Promise<void>;
  onCancel: () => void;
  /** A message carried over from a set-up that had to start again. */
  notice?: string | null;
}

/** "Confirm it's you": every change to sign-in settings needs the current password. */
export function PasswordStep({ children, submitLabel, submitColor, onSubmit, onCancel, notice }: PasswordStepProps) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm({
    initialValues: { currentPassword: '' },
    validate: { currentPassword: (value) => (value ? null : 'Current password is required') },
  });

  const submit = form.onSubmit(
    async ({ currentPassword }, event) => {
      const formElement = event?.currentTarget; // read now: React clears it once the handler awaits
      setError(null);
      setPending(true);
      try {
        await onSubmit(currentPassword);
      } catch (caught) {
        const onField = currentPasswordError(caught);
        if (onField) form.setFieldError('currentPassword', onField);
        else setError(messageOf(caught));
        focusFirstInvalidIn(formElement);
      } finally {
        setPending(false);
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {(error ?? notice) && <ErrorAlert>{error ?? notice}</ErrorAlert>}
        {children}
        <PasswordInput
          label="Current password"
          description="To keep your account safe, confirm it's you."
          autoComplete="current-password"
          required
          data-autofocus
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
          // Mantine's PasswordInput does not set it: for screen readers and focusFirstInvalid.
          aria-invalid={Boolean(form.errors.currentPassword)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color={submitColor} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface CodeStepProps {
  children?: ReactNode;
  codeLabel: string;
  codeDescription?: string;
  submitLabel: string;
  /** Throws the server's refusal; a wrong code stays on this step, anything else is the caller's. */
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}

/** A 6-digit code, submitted on the sixth digit or with the button. */
export function CodeStep({ children, codeLabel, codeDescription, submitLabel, onSubmit, onCancel }: CodeStepProps) {
  return (
    <CodeForm
      codeLabel={codeLabel}
      codeDescription={codeDescription}
      onSubmit={onSubmit}
      onRefused={(caught) => (isCodeMismatch(caught) ? { onField: caught.message } : { onForm: messageOf(caught) })}
      actions={(pending) => (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      )}
    >
      {children}
    </CodeForm>
  );
}
