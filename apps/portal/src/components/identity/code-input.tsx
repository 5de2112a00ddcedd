import { Input, PinInput } from '@mantine/core';
import { useId, type Ref } from 'react';

export const CODE_LENGTH = 6;

interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  error?: string | null;
  label?: string;
  description?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  /** The first box, to put the cursor back after a wrong code. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A 6-digit code as Mantine's PinInput: one labelled group, each box named "… digit n of 6",
 * numeric keyboard on phones, and the browser's one-time-code autofill.
 */
export function CodeInput({ value, onChange, onComplete, error, label = 'Verification code', description, autoFocus, disabled, inputRef }: CodeInputProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      required
    >
      <PinInput
        id={id}
        ref={inputRef}
        mt={6}
        length={CODE_LENGTH}
        type="number"
        oneTimeCode
        placeholder=""
        // Mantine paints the digits of an invalid field in red-6, below AA contrast; the border and
        // the message below say "invalid" well enough.
        styles={{ input: { color: 'var(--mantine-color-text)' } }}
        size="md"
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={Boolean(error)}
        autoFocus={autoFocus}
        disabled={disabled}
        aria-labelledby={labelId}
        getInputProps={(index) => ({
          'aria-label': `${label}, digit ${index + 1} of ${CODE_LENGTH}`,
          'aria-describedby': [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined,
          'aria-invalid': Boolean(error),
        })}
      />
    </Input.Wrapper>
  );
}
