import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { identity } from '../../../lib/identity.ts';
import { session } from '../../../lib/auth.ts';
import { ApiError } from '../../../lib/api-error.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (/^\S+@\S+\.\S+$/.test(value) ? null : 'Enter your email address'),
      password: (value) => (value ? null : 'Enter your password'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const result = await identity.signIn(values.email, values.password);
      if (result.nextStep === 'DONE' && result.tokens) {
        session.store(result.tokens);
        await navigate({ to: '/' });
      }
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Sign-in failed. Please try again.');
    }
  });

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} fz="h2">Sign in</Title>
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Button type="submit" loading={form.submitting}>Sign in</Button>
        </Stack>
      </form>
    </Paper>
  );
}
