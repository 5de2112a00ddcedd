// After a submit the form refused, focus moves to the first field in error (in page order) rather
// than staying on the submit button. It waits a tick, until the errors have rendered as aria-invalid.
// The same few lines live in each feature with a form (features may not import each other): they could move to src/lib.
import type { SyntheticEvent } from 'react';

export function focusFirstInvalid(event: SyntheticEvent<HTMLElement> | undefined) {
  const form = event?.currentTarget; // read now: React clears currentTarget once the handler returns
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
