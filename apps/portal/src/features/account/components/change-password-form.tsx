// The change-password form of "Your account": current password, new password with the policy's
// live checklist, confirmation. The server's refusals land on their fields; focus goes to the first.
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { describePasswordViolations, passwordPolicyViolations, AUTH_ERROR_CODES, type PasswordPolicy } from '@clearlane/contract/auth';
import { notify } from '../../../lib/toasts/notify.ts';
import { NewPasswordFields } from '../../../components/identity/new-password-fields.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { focusFirstInvalid, focusFirstInvalidIn } from '../../../lib/focus-first-invalid.ts';
import { useChangePassword } from '../api/change-password.ts';
import { currentPasswordError, messageOf } from './account-errors.ts';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

interface ChangePasswordFormProps {
  email: string;
  policy: PasswordPolicy;
  /** A cloud user pool changes the password itself and keeps the other sessions (issue 14). */
  atUserPool?: boolean;
}

export function ChangePasswordForm({ email, policy, atUserPool = false }: ChangePasswordFormProps) {
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validateInputOnChange: ['confirmPassword'],
    validate: {
      currentPassword: (value) => (value ? null : 'Current password is required'),
      newPassword: (value) => (value ? describePasswordViolations(passwordPolicyViolations(value, policy)) || null : 'New password is required'),
      confirmPassword: (value, values) => (value === values.newPassword ? null : 'The passwords do not match'),
    },
  });

  const submit = form.onSubmit(
    async (values, event) => {
      const formElement = event?.currentTarget; // read now: React clears it once the handler awaits
      setError(null);
      try {
        await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
        form.reset();
        notify.success(atUserPool ? 'Your password was changed.' : 'Your password was changed. You were signed out everywhere else.');
      } catch (caught) {
        const onCurrent = currentPasswordError(caught);
        if (onCurrent) form.setFieldError('currentPassword', onCurrent);
        else if (caught instanceof ApiError && (caught.code === AUTH_ERROR_CODES.InvalidPassword || caught.fieldMessage('newPassword'))) {
          form.setFieldError('newPassword', caught.message);
        } else setError(messageOf(caught, 'Your password could not be changed.'));
        focusFirstInvalidIn(formElement);
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event),
  );

  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="change-password-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h3" id="change-password-title">
            Password
          </Title>
          <Text fz="sm" c="dimmed">
            {atUserPool ? 'Your company’s sign-in service keeps it: change it here, and use the new one from your next sign-in.' : 'Changing it signs you out on every other device and browser; you stay signed in here.'}
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate aria-label="Change password">
          <Stack gap="md" maw={420}>
            {error && (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title="The password was not changed">
                {error}
              </Alert>
            )}
            {/* Lets password managers file the new password under the right account. */}
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <PasswordInput label="Current password" autoComplete="current-password" required key={form.key('currentPassword')} {...form.getInputProps('currentPassword')} aria-invalid={Boolean(form.errors.currentPassword)} />
            <NewPasswordFields form={form} policy={policy} />
            <Group>
              <Button type="submit" loading={change.isPending}>
                Change password
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
