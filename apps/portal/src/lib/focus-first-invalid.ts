// After a submit the form refused, focus moves to the first field in error (in page order) rather
// than staying on the submit button. It waits a tick, until the errors have rendered as aria-invalid.
import type { SyntheticEvent } from 'react';

export function focusFirstInvalid(event: SyntheticEvent<HTMLElement> | undefined) {
  focusFirstInvalidIn(event?.currentTarget); // read now: React clears currentTarget once the handler returns
}

/** The same for a form the server refused (its errors arrive after the submit event is gone). */
export function focusFirstInvalidIn(form: HTMLElement | null | undefined) {
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
