// The provider's assessment definition of a risk order: "standard" unless the company's contract
// names another profile, so it is one small field with that said next to it.
import { TextInput, type TextInputProps } from '@mantine/core';

export function DefinitionField(props: Pick<TextInputProps, 'value' | 'onChange' | 'error' | 'onBlur' | 'onFocus'>) {
  return (
    <TextInput
      label="Assessment definition"
      autoComplete="off"
      maxLength={80}
      description="Keep “standard” unless your contract names another profile."
      {...props}
    />
  );
}
