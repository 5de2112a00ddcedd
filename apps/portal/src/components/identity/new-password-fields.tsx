import { PasswordInput, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { PasswordPolicy } from '@clearlane/contract/auth';
import { PasswordChecklist } from './password-checklist.tsx';

interface PasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * New password + confirmation with the live policy checklist; used by first sign-in, reset and
 * "Your account". Mantine's PasswordInput does not set aria-invalid itself: it is set here, for
 * screen readers and for focusing the first field in error.
 */
export function NewPasswordFields<T extends PasswordValues>({
  form,
  policy,
  autoFocus = false,
}: {
  form: UseFormReturnType<T>;
  policy: PasswordPolicy;
  autoFocus?: boolean;
}) {
  const values = form.getValues();
  return (
    <Stack gap="sm">
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        aria-describedby="password-policy"
        key={form.key('newPassword')}
        {...form.getInputProps('newPassword')}
        aria-invalid={Boolean(form.errors.newPassword)}
      />
      <PasswordChecklist id="password-policy" password={values.newPassword} policy={policy} />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        required
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
        aria-invalid={Boolean(form.errors.confirmPassword)}
      />
    </Stack>
  );
}
