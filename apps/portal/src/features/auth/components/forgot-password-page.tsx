// /forgotPassword: email → code by mail (CONFIRM_RESET_PASSWORD_WITH_CODE) → code + new password → /login.
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { describePasswordViolations, passwordPolicyViolations } from '@clearlane/contract/auth';
import { notify } from '../../../lib/toasts/notify.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { publicConfig } from '../../../lib/public-config.ts';
import { useConfirmResetPassword } from '../api/confirm-reset-password.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from './auth-card.tsx';
import { isCodeError, isPasswordError, maskEmail, messageOf } from './auth-errors.ts';
import { CODE_LENGTH, CodeInput } from '../../../components/identity/code-input.tsx';
import { NewPasswordFields } from '../../../components/identity/new-password-fields.tsx';
import { RouterAnchor } from './router-anchor.tsx';

const EMAIL = /^\S+@\S+\.\S+$/;
const RESEND_COOLDOWN_MS = 30_000;

type Stage = { stage: 'request' } | { stage: 'confirm'; email: string; destination: string };

export function ForgotPasswordPage() {
  const search = useSearch({ from: '/_public/forgotPassword' });
  const [stage, setStage] = useState<Stage>(() =>
    search.step === 'code' && search.email && EMAIL.test(search.email)
      ? { stage: 'confirm', email: search.email, destination: maskEmail(search.email) }
      : { stage: 'request' },
  );
  if (stage.stage === 'request') {
    return <RequestCode initialEmail={search.email ?? ''} onSent={(email, destination) => setStage({ stage: 'confirm', email, destination })} />;
  }
  return <ConfirmReset email={stage.email} destination={stage.destination} onChangeEmail={() => setStage({ stage: 'request' })} />;
}

function RequestCode({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string, destination: string) => void }) {
  const forgot = useForgotPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: { email: (value) => (EMAIL.test(value.trim()) ? null : 'Enter your email address, e.g. name@company.com') },
  });
  const submit = form.onSubmit(async ({ email }) => {
    setError(null);
    try {
      const result = await forgot.mutateAsync({ email });
      onSent(email.trim(), result.codeDeliveryDetails.destination);
    } catch (caught) {
      const field = caught instanceof ApiError ? caught.fieldMessage('email') : undefined;
      if (field) form.setFieldError('email', `Email ${field}`);
      else setError(messageOf(caught));
    }
  });
  return (
    <AuthCard title="Reset your password" description="Enter the email address you sign in with. We will send you a 6-digit code to choose a new password.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {error}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="username" required autoFocus {...form.getInputProps('email')} />
          <Button type="submit" loading={forgot.isPending} fullWidth>
            Send code
          </Button>
          <BackToSignIn />
        </Stack>
      </form>
    </AuthCard>
  );
}

function ConfirmReset({ email, destination, onChangeEmail }: { email: string; destination: string; onChangeEmail: () => void }) {
  const policy = publicConfig().passwordPolicy;
  const navigate = useNavigate();
  const confirm = useConfirmResetPassword();
  const resend = useForgotPassword();
  const [error, setError] = useState<string | null>(null);
  const [coolingDown, setCoolingDown] = useState(false);
  const form = useForm({
    initialValues: { code: '', newPassword: '', confirmPassword: '' },
    validateInputOnChange: ['confirmPassword'],
    validate: {
      code: (value) => (new RegExp(`^\\d{${CODE_LENGTH}}$`).test(value) ? null : `Enter the ${CODE_LENGTH}-digit code from the email`),
      newPassword: (value) => describePasswordViolations(passwordPolicyViolations(value, policy)) || null,
      confirmPassword: (value, values) => (value === values.newPassword ? null : 'The passwords do not match'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await confirm.mutateAsync({ email, code: values.code, newPassword: values.newPassword });
      notify.success('Your password has been changed. Sign in with your new password.');
      await navigate({ to: '/login', search: { email } });
    } catch (caught) {
      if (isCodeError(caught)) {
        form.setFieldValue('code', '');
        form.setFieldError('code', caught.message);
      } else if (isPasswordError(caught)) form.setFieldError('newPassword', caught.message);
      else setError(messageOf(caught));
    }
  });

  const resendCode = async () => {
    setError(null);
    try {
      await resend.mutateAsync({ email });
      // One new code per 30 s is plenty, and it keeps an impatient double click from mailing twice.
      setCoolingDown(true);
      setTimeout(() => setCoolingDown(false), RESEND_COOLDOWN_MS);
      form.setFieldValue('code', '');
      notify.info(`We sent a new code to ${destination}.`);
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  return (
    <AuthCard title="Choose a new password" description="Enter the code we emailed you and your new password.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Alert color="lane" variant="light" icon={<IconMailCheck size={18} aria-hidden />} role="status">
            We sent a code to <strong>{destination}</strong>. It expires in 15 minutes.
          </Alert>
          {error && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {error}
            </Alert>
          )}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <CodeInput
            label="Code from the email"
            value={form.getValues().code}
            onChange={(value) => {
              form.setFieldValue('code', value);
              form.clearFieldError('code');
            }}
            error={typeof form.errors.code === 'string' ? form.errors.code : null}
            autoFocus
          />
          <Group justify="space-between" mt={-8}>
            <Text fz="sm" c="dimmed">
              No email? Check your spam folder.
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => void resendCode()} loading={resend.isPending} disabled={coolingDown}>
              Resend code
            </Button>
          </Group>
          <NewPasswordFields form={form} policy={policy} />
          <Button type="submit" loading={confirm.isPending} fullWidth>
            Change password
          </Button>
          <Group justify="space-between">
            <Button variant="subtle" size="sm" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onChangeEmail}>
              Use a different email
            </Button>
            <RouterAnchor to="/login" search={{ email }} fz="sm">
              Back to sign in
            </RouterAnchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}

function BackToSignIn() {
  return (
    <Group justify="center">
      <RouterAnchor to="/login" fz="sm">
        Back to sign in
      </RouterAnchor>
    </Group>
  );
}
