// CONFIRM_SIGN_UP (a cloud user pool's account that was created but never confirmed): the code the
// pool sent confirms it (ConfirmSignUp), then the page signs in again with the password the person
// already typed (kept in the sign-in's state only). "Send a new code": ResendConfirmationCode.
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { SignInResult } from '@clearlane/contract/auth';
import { useConfirmSignUp, useResendSignUpCode } from '../../api/confirm-sign-up.ts';
import { useSignIn } from '../../api/sign-in.ts';
import { AuthCard } from '../auth-card.tsx';
import { isCodeError, messageOf } from '../auth-errors.ts';
import { CodeForm } from '../../../../components/identity/code-form.tsx';
import { StepError, StepFooter } from './step-footer.tsx';

interface ConfirmSignUpStepProps {
  email: string;
  password: string;
  onResult: (result: SignInResult) => Promise<void> | void;
  /** Back to the first step with a message (the account is confirmed, but signing in again failed). */
  onSessionOver: (message: string) => void;
  onRestart: () => void;
}

export function ConfirmSignUpStep({ email, password, onResult, onSessionOver, onRestart }: ConfirmSignUpStepProps) {
  const confirm = useConfirmSignUp();
  const signIn = useSignIn();
  const resend = useResendSignUpCode();
  const [resentTo, setResentTo] = useState<string | null>(null);
  const [resendError, setResendError] = useState<string | null>(null);

  const submit = async (code: string) => {
    await confirm.mutateAsync({ email, code });
    let result: SignInResult;
    try {
      result = await signIn.mutateAsync({ email, password });
    } catch (caught) {
      onSessionOver(`Your account is confirmed. ${messageOf(caught, 'Please sign in.')}`);
      return;
    }
    await onResult(result);
  };

  const sendNewCode = async () => {
    setResendError(null);
    try {
      const sent = await resend.mutateAsync({ email });
      setResentTo(sent.codeDeliveryDetails.destination);
    } catch (caught) {
      setResendError(messageOf(caught));
    }
  };

  return (
    <AuthCard
      title="Confirm your account"
      description={
        <>
          We sent a code to <strong>{resentTo ?? email}</strong> to confirm your account. Enter it to finish signing in.
        </>
      }
    >
      <CodeForm
        codeLabel="Code from the email"
        autoFocus
        onSubmit={submit}
        onRefused={(caught) => (isCodeError(caught) ? { onField: caught.message } : { onForm: messageOf(caught) })}
        actions={(pending) => (
          <>
            <Button type="submit" loading={pending} fullWidth>
              Confirm and sign in
            </Button>
            <Group justify="space-between" mt={-8}>
              <Text fz="sm" c="dimmed" role="status">
                {resentTo ? `We sent a new code to ${resentTo}.` : 'No email? Check your spam.'}
              </Text>
              <Button variant="subtle" size="compact-sm" onClick={() => void sendNewCode()} loading={resend.isPending} disabled={pending}>
                Send a new code
              </Button>
            </Group>
            <StepFooter onRestart={onRestart} />
          </>
        )}
      >
        <StepError message={resendError} />
      </CodeForm>
    </AuthCard>
  );
}
