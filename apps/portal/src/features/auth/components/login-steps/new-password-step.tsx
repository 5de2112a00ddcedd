import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { PasswordPolicy, SignInResult } from '@clearlane/contract/auth';
import { describePasswordViolations, passwordPolicyViolations } from '@clearlane/contract/auth';
import { useConfirmSignIn } from '../../api/confirm-sign-in.ts';
import { AuthCard } from '../auth-card.tsx';
import { isPasswordError, isSessionOver, messageOf } from '../auth-errors.ts';
import { NewPasswordFields } from '../../../../components/identity/new-password-fields.tsx';
import { StepFooter } from './step-footer.tsx';

interface NewPasswordStepProps {
  session: string;
  email: string;
  policy: PasswordPolicy;
  onResult: (result: SignInResult) => Promise<void> | void;
  onSessionOver: (message: string) => void;
  onRestart: () => void;
}

export function NewPasswordStep({ session, email, policy, onResult, onSessionOver, onRestart }: NewPasswordStepProps) {
  const confirm = useConfirmSignIn();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validateInputOnChange: ['confirmPassword'],
    validate: {
      newPassword: (value) => describePasswordViolations(passwordPolicyViolations(value, policy)) || null,
      confirmPassword: (value, values) => (value === values.newPassword ? null : 'The passwords do not match'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await onResult(await confirm.mutateAsync({ session, challengeResponse: values.newPassword }));
    } catch (caught) {
      if (isSessionOver(caught)) return onSessionOver(caught.message);
      if (isPasswordError(caught)) {
        form.setFieldError('newPassword', caught.message);
        return;
      }
      setError(messageOf(caught));
    }
  });

  return (
    <AuthCard
      title="Choose a new password"
      description={<>You signed in with a temporary password. Choose your own password for {email} to continue.</>}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {error}
            </Alert>
          )}
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <NewPasswordFields form={form} policy={policy} autoFocus />
          <Button type="submit" loading={confirm.isPending} fullWidth>
            Set password and continue
          </Button>
          <StepFooter onRestart={onRestart} />
        </Stack>
      </form>
    </AuthCard>
  );
}
