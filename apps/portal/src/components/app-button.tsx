// The generic button of SPEC.md §5: a Mantine Button with a test hook and a disabled flag.
import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

export const DEFAULT_TEST_ATTRIBUTE = 'didNotSetAttribute';

export interface AppButtonProps extends ButtonProps, Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'disabled'> {
  /** Rendered as data-cy, for browser tests to find the button. */
  testAttribute?: string;
  buttonDisabled?: boolean;
}

export function AppButton({ testAttribute = DEFAULT_TEST_ATTRIBUTE, buttonDisabled = false, type = 'button', ...props }: AppButtonProps) {
  return <Button type={type} data-cy={testAttribute} disabled={buttonDisabled} {...props} />;
}
