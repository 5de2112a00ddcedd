import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import type { SignInResult } from '@clearlane/contract/auth';
import { useConfirmSignIn } from '../../api/confirm-sign-in.ts';
import { AuthCard } from '../auth-card.tsx';
import { isCodeError, isSessionOver, messageOf } from '../auth-errors.ts';
import { CODE_LENGTH, CodeInput } from '../../../../components/identity/code-input.tsx';
import { StepFooter } from './step-footer.tsx';

interface CodeStepProps {
  title: string;
  description: ReactNode;
  codeLabel: string;
  codeDescription?: string;
  session: string;
  onResult: (result: SignInResult) => Promise<void> | void;
  onSessionOver: (message: string) => void;
  onRestart: () => void;
  /** Shown above the code field (the QR code of the TOTP setup, for example). */
  children?: ReactNode;
  submitLabel?: string;
}

/** A step answered with a 6-digit code: TOTP setup, TOTP code, SMS code. Submits on the 6th digit. */
export function CodeStep({ title, description, codeLabel, codeDescription, session, onResult, onSessionOver, onRestart, children, submitLabel = 'Verify' }: CodeStepProps) {
  const confirm = useConfirmSignIn();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submitting = useRef(false);
  const firstBox = useRef<HTMLInputElement>(null);

  const submit = async (value: string) => {
    if (submitting.current) return;
    if (value.length !== CODE_LENGTH) {
      setFieldError(`Enter the ${CODE_LENGTH}-digit code`);
      return;
    }
    submitting.current = true;
    setFieldError(null);
    setError(null);
    try {
      await onResult(await confirm.mutateAsync({ session, challengeResponse: value }));
    } catch (caught) {
      if (isSessionOver(caught)) return onSessionOver(caught.message);
      setCode('');
      if (isCodeError(caught)) setFieldError(caught.message);
      else setError(messageOf(caught));
      // The boxes were disabled while checking; put the cursor back for the next try.
      setTimeout(() => firstBox.current?.focus(), 0);
    } finally {
      submitting.current = false;
    }
  };

  return (
    <AuthCard title={title} description={description}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit(code);
        }}
      >
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {error}
            </Alert>
          )}
          {children}
          <CodeInput
            label={codeLabel}
            description={codeDescription}
            value={code}
            onChange={(value) => {
              setCode(value);
              if (fieldError) setFieldError(null);
            }}
            onComplete={(value) => void submit(value)}
            error={fieldError}
            autoFocus={!children}
            disabled={confirm.isPending}
            inputRef={firstBox}
          />
          <Button type="submit" loading={confirm.isPending} fullWidth>
            {submitLabel}
          </Button>
          <StepFooter onRestart={onRestart} />
        </Stack>
      </form>
    </AuthCard>
  );
}
