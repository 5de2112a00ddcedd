// A form answered with a 6-digit code: the sign-in steps (TOTP set-up, TOTP, SMS) and the account's
// two-step verification dialogs. It submits on the sixth digit or with the button, shows a wrong
// code on the code field and any other refusal above it, and puts the cursor back for the next try.
// What the code is sent to, and which refusals mean "wrong code", is the feature's business.
import { Alert, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { CODE_LENGTH, CodeInput } from './code-input.tsx';

/** How a refusal is shown: on the code field, above the form, or not at all (the feature moved on). */
export type CodeRefusal = { onField: string } | { onForm: string } | 'handled';

interface CodeFormProps {
  codeLabel: string;
  codeDescription?: string;
  /** Shown above the code field (the QR code of an authenticator set-up, for example). */
  children?: ReactNode;
  /** Sends the code; throws the server's refusal, which `onRefused` places (and may act on: a session that ended). */
  onSubmit: (code: string) => Promise<void>;
  onRefused: (caught: unknown) => CodeRefusal;
  /** The buttons (and links) under the field; `pending` while the code is being checked. */
  actions: (pending: boolean) => ReactNode;
  autoFocus?: boolean;
}

export function CodeForm({ codeLabel, codeDescription, children, onSubmit, onRefused, actions, autoFocus }: CodeFormProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // A ref as well as state: the sixth digit and the button can both submit in the same tick.
  const submitting = useRef(false);
  const firstBox = useRef<HTMLInputElement>(null);

  const submit = async (value: string) => {
    if (submitting.current) return;
    if (value.length !== CODE_LENGTH) {
      setFieldError(`Enter the ${CODE_LENGTH}-digit code`);
      firstBox.current?.focus();
      return;
    }
    submitting.current = true;
    setPending(true);
    setFieldError(null);
    setError(null);
    try {
      await onSubmit(value);
    } catch (caught) {
      const refusal = onRefused(caught);
      if (refusal === 'handled') return;
      setCode('');
      if ('onField' in refusal) setFieldError(refusal.onField);
      else setError(refusal.onForm);
      // The boxes were disabled while checking; put the cursor back for the next try.
      setTimeout(() => firstBox.current?.focus(), 0);
    } finally {
      submitting.current = false;
      setPending(false);
    }
  };

  return (
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
          autoFocus={autoFocus}
          disabled={pending}
          inputRef={firstBox}
        />
        {actions(pending)}
      </Stack>
    </form>
  );
}
