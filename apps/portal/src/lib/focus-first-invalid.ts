// After a submit the form refused, focus moves to the first field in error (in page order) rather
// than staying on the submit button. It waits a tick, until the errors have rendered as aria-invalid.
import type { SyntheticEvent } from 'react';

export function focusFirstInvalid(event: SyntheticEvent<HTMLElement> | undefined) {
  const form = event?.currentTarget; // read now: React clears currentTarget once the handler returns
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
