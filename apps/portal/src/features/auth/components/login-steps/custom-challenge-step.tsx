// CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE (a cloud user pool's own challenge, set up by the company):
// a free answer, sent with RespondToAuthChallenge as ANSWER. The challenge's question is shown when
// its public parameters carry one.
import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { SignInResult } from '@clearlane/contract/auth';
import { useConfirmSignIn } from '../../api/confirm-sign-in.ts';
import { AuthCard } from '../auth-card.tsx';
import { isCodeError, isSessionOver, messageOf } from '../auth-errors.ts';
import { StepActions, StepError } from './step-footer.tsx';

interface CustomChallengeStepProps {
  session: string;
  /** The challenge's public parameters; `question` (any case) is shown. */
  additionalInfo: Record<string, string>;
  onResult: (result: SignInResult) => Promise<void> | void;
  onSessionOver: (message: string) => void;
  onRestart: () => void;
}

export const challengeQuestion = (info: Record<string, string>) => Object.entries(info).find(([key]) => key.toLowerCase() === 'question')?.[1]?.trim() || null;

export function CustomChallengeStep({ session, additionalInfo, onResult, onSessionOver, onRestart }: CustomChallengeStepProps) {
  const confirm = useConfirmSignIn();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { answer: '' }, validate: { answer: (value) => (value.trim() ? null : 'Enter your answer') } });
  const question = challengeQuestion(additionalInfo);

  const submit = form.onSubmit(async ({ answer }) => {
    setError(null);
    try {
      await onResult(await confirm.mutateAsync({ session, challengeResponse: answer.trim() }));
    } catch (caught) {
      if (isSessionOver(caught)) return onSessionOver(caught.message);
      form.setFieldValue('answer', '');
      if (isCodeError(caught)) form.setFieldError('answer', caught.message);
      else setError(messageOf(caught));
    }
  });

  return (
    <AuthCard title="One more step" description={question ?? 'Answer the challenge your company set up.'}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <StepError message={error} />
          <TextInput label="Your answer" autoComplete="off" required autoFocus key={form.key('answer')} {...form.getInputProps('answer')} />
          <StepActions label="Continue" pending={confirm.isPending} onRestart={onRestart} />
        </Stack>
      </form>
    </AuthCard>
  );
}
