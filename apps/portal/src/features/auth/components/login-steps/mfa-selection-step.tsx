import { Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import type { MfaType, SignInResult } from '@clearlane/contract/auth';
import { useConfirmSignIn } from '../../api/confirm-sign-in.ts';
import { AuthCard } from '../auth-card.tsx';
import { isSessionOver, messageOf } from '../auth-errors.ts';
import { StepActions, StepError } from './step-footer.tsx';

const OPTIONS: Record<MfaType, { label: string; description: string }> = {
  TOTP: { label: 'Authenticator app', description: 'An app on your phone shows a new 6-digit code every 30 seconds.' },
  SMS: { label: 'Text message', description: 'We text a 6-digit code to the phone number on your account.' },
};

interface MfaSelectionStepProps {
  session: string;
  allowed: MfaType[];
  onResult: (result: SignInResult) => Promise<void> | void;
  onSessionOver: (message: string) => void;
  onRestart: () => void;
}

export function MfaSelectionStep({ session, allowed, onResult, onSessionOver, onRestart }: MfaSelectionStepProps) {
  const confirm = useConfirmSignIn();
  const [choice, setChoice] = useState<string>(allowed[0] ?? 'TOTP');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    try {
      await onResult(await confirm.mutateAsync({ session, challengeResponse: choice }));
    } catch (caught) {
      if (isSessionOver(caught)) return onSessionOver(caught.message);
      setError(messageOf(caught));
    }
  };

  return (
    <AuthCard title="Choose your second step" description="Besides your password, confirm it is you with a code. Where should the code come from?">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <StepError message={error} />
          <Radio.Group value={choice} onChange={setChoice} label="Verification method" required>
            <Stack gap="sm" mt="xs">
              {allowed.map((type, index) => (
                <Radio key={type} value={type} label={OPTIONS[type].label} description={OPTIONS[type].description} autoFocus={index === 0} />
              ))}
            </Stack>
          </Radio.Group>
          <StepActions label="Continue" pending={confirm.isPending} onRestart={onRestart} />
        </Stack>
      </form>
    </AuthCard>
  );
}
