import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SignInResult } from '@clearlane/contract/auth';
import { useConfirmSignIn } from '../../api/confirm-sign-in.ts';
import { AuthCard } from '../auth-card.tsx';
import { isCodeError, isSessionOver, messageOf } from '../auth-errors.ts';
import { CodeForm } from '../../../../components/identity/code-form.tsx';
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
  return (
    <AuthCard title={title} description={description}>
      <CodeForm
        codeLabel={codeLabel}
        codeDescription={codeDescription}
        autoFocus={!children}
        onSubmit={async (code) => onResult(await confirm.mutateAsync({ session, challengeResponse: code }))}
        onRefused={(caught) => {
          if (isSessionOver(caught)) {
            onSessionOver(caught.message);
            return 'handled';
          }
          return isCodeError(caught) ? { onField: caught.message } : { onForm: messageOf(caught) };
        }}
        actions={(pending) => (
          <>
            <Button type="submit" loading={pending} fullWidth>
              {submitLabel}
            </Button>
            <StepFooter onRestart={onRestart} />
          </>
        )}
      >
        {children}
      </CodeForm>
    </AuthCard>
  );
}
