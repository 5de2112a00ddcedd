// The first step of /login, email first (issue 14): the email decides how the person signs in. An
// email of a domain whose company signs in through its own identity provider goes there (a full
// page load); any other gets the password field. Changing the email asks again.
import { Alert, Button, Divider, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { SignInResult } from '@clearlane/contract/auth';
import { useSignIn } from '../../api/sign-in.ts';
import { useDiscoverSignIn } from '../../api/discover.ts';
import { AuthCard } from '../auth-card.tsx';
import { RouterAnchor } from '../router-anchor.tsx';
import { isLockout, messageOf } from '../auth-errors.ts';
import { formatWait, useCountdown } from '../use-countdown.ts';

const EMAIL = /^\S+@\S+\.\S+$/;
const deadlineIn = (seconds: number) => Date.now() + seconds * 1000;
const normal = (email: string) => email.trim().toLowerCase();

interface CredentialsStepProps {
  initialEmail: string;
  /** A message carried over from a later step (an expired sign-in, say), or the provider's refusal. */
  notice: string | null;
  /** The email is known to sign in with a password (back from a later step): start at the password. */
  passwordStep?: boolean;
  /** Where to go after signing in (passed through the identity provider, too). */
  redirect?: string;
  /** The password too: an account still to confirm (CONFIRM_SIGN_UP) signs in again with it. */
  onResult: (result: SignInResult, email: string, password: string) => Promise<void> | void;
  /** Leaves for the identity provider (a full page load). */
  goToProvider?: (url: string) => void;
  /** With a cloud user pool that has a hosted sign-in page: leaves for it (authorization code + PKCE). */
  hostedSignIn?: (() => Promise<void>) | undefined;
}

export function CredentialsStep({ initialEmail, notice, passwordStep = false, redirect, onResult, goToProvider = (url) => window.location.assign(url), hostedSignIn }: CredentialsStepProps) {
  const signIn = useSignIn();
  const discover = useDiscoverSignIn();
  const [error, setError] = useState<string | null>(notice);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  // The email the server said signs in with a password; the password field shows while it is the one typed.
  const [passwordFor, setPasswordFor] = useState<string | null>(passwordStep && initialEmail ? normal(initialEmail) : null);
  const [provider, setProvider] = useState<string | null>(null);
  const secondsLeft = useCountdown(lockedUntil);
  const locked = lockedUntil !== null && secondsLeft > 0;
  // The password field takes the focus when it appears because the email was accepted (not when
  // editing the email brings it back); editing the email clears this.
  const [focusPassword, setFocusPassword] = useState(passwordStep && Boolean(initialEmail));

  const form = useForm({
    initialValues: { email: initialEmail, password: '' },
    validate: {
      email: (value) => (EMAIL.test(value.trim()) ? null : 'Enter your email address, e.g. name@company.com'),
    },
  });
  const showPassword = passwordFor !== null && passwordFor === normal(form.values.email);

  const emailProps = form.getInputProps('email');

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const email = values.email.trim();
    if (!showPassword) {
      try {
        const answer = await discover.mutateAsync({ email, redirect });
        if (answer.method === 'SSO') {
          setProvider(answer.companyName);
          goToProvider(answer.authorizationUrl);
          return;
        }
        setFocusPassword(true);
        setPasswordFor(normal(email));
      } catch (caught) {
        setError(messageOf(caught, 'We could not check your email. Please try again.'));
      }
      return;
    }
    if (!values.password) {
      form.setFieldError('password', 'Enter your password');
      return;
    }
    setLockedUntil(null);
    try {
      const result = await signIn.mutateAsync({ email, password: values.password });
      await onResult(result, email, values.password);
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

  if (provider !== null) {
    return (
      <AuthCard title="Sign in to Clearlane" documentTitle="Sign in">
        <Stack align="center" gap="sm" py="md" aria-busy="true">
          <Loader aria-hidden />
          <Text role="status" ta="center">
            Taking you to the sign-in page of {provider}…
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign in to Clearlane"
      documentTitle="Sign in"
      description={showPassword ? 'Enter your password to continue.' : 'Enter your work email. If your company signs in through its own identity provider, we take you there.'}
    >
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
            autoFocus={!passwordStep || !initialEmail}
            key={form.key('email')}
            {...emailProps}
            onChange={(event) => {
              setFocusPassword(false);
              emailProps.onChange(event);
            }}
          />
          {showPassword && (
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              autoFocus={focusPassword}
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
          )}
          <Group justify="flex-end" mt={-6}>
            <RouterAnchor to="/forgotPassword" search={{ email: EMAIL.test(form.values.email.trim()) ? form.values.email.trim() : undefined }} fz="sm">
              Forgot password?
            </RouterAnchor>
          </Group>
          {showPassword ? (
            <Button type="submit" loading={signIn.isPending} disabled={locked} fullWidth>
              Sign in
            </Button>
          ) : (
            <Button type="submit" loading={discover.isPending} fullWidth>
              Continue
            </Button>
          )}
          {hostedSignIn && (
            <>
              <Divider label="or" labelPosition="center" />
              <Button
                variant="default"
                fullWidth
                onClick={() => {
                  setError(null);
                  hostedSignIn().catch((caught: unknown) => setError(messageOf(caught, 'The sign-in page could not be opened. Please try again.')));
                }}
              >
                Continue with single sign-on
              </Button>
            </>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
