import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { SignInResult } from '@clearlane/contract/auth';
import { useSignIn } from '../../api/sign-in.ts';
import { AuthCard } from '../auth-card.tsx';
import { RouterAnchor } from '../router-anchor.tsx';
import { isLockout, messageOf } from '../auth-errors.ts';
import { formatWait, useCountdown } from '../use-countdown.ts';

const EMAIL = /^\S+@\S+\.\S+$/;
const deadlineIn = (seconds: number) => Date.now() + seconds * 1000;

interface CredentialsStepProps {
  initialEmail: string;
  /** A message carried over from a later step (an expired sign-in, say). */
  notice: string | null;
  onResult: (result: SignInResult, email: string) => Promise<void> | void;
}

export function CredentialsStep({ initialEmail, notice, onResult }: CredentialsStepProps) {
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(notice);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const secondsLeft = useCountdown(lockedUntil);
  const locked = lockedUntil !== null && secondsLeft > 0;

  const form = useForm({
    initialValues: { email: initialEmail, password: '' },
    validate: {
      email: (value) => (EMAIL.test(value.trim()) ? null : 'Enter your email address, e.g. name@company.com'),
      password: (value) => (value ? null : 'Enter your password'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setLockedUntil(null);
    try {
      const result = await signIn.mutateAsync(values);
      await onResult(result, values.email.trim());
    } catch (caught) {
      if (isLockout(caught)) {
        setLockedUntil(deadlineIn(caught.retryAfterSeconds ?? 1));
        // Shown once the lock is over (the first locks last a second or two), so the reason stays visible.
        setError('Too many wrong passwords. You can try again now; each new wrong password locks the account for longer. Forgot it? Reset your password.');
        form.setFieldValue('password', '');
        return;
      }
      form.setFieldValue('password', '');
      setError(messageOf(caught, 'Sign-in failed. Please try again.'));
    }
  });

  return (
    <AuthCard title="Sign in to Clearlane" documentTitle="Sign in" description="Use the email address your company administrator invited.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {locked && (
            <Alert color="orange" variant="light" role="alert" icon={<IconLock size={18} aria-hidden />} title="Account temporarily locked" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
              Password attempts exceeded. Try again in {formatWait(secondsLeft)}.
            </Alert>
          )}
          {error && !locked && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {error}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            autoFocus={!initialEmail}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            autoFocus={Boolean(initialEmail)}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <RouterAnchor to="/forgotPassword" search={{ email: EMAIL.test(form.values.email.trim()) ? form.values.email.trim() : undefined }} fz="sm">
              Forgot password?
            </RouterAnchor>
          </Group>
          <Button type="submit" loading={signIn.isPending} disabled={locked} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
