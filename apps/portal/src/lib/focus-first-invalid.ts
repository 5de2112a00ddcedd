// After a submit the form refused, focus moves to the first field in error (in page order) rather
// than staying on the submit button. It waits a tick, until the errors have rendered as aria-invalid.
// A searchable select opens its list on focus; the list would cover the errors below it (issue 13),
// so a combobox is given focus without telling its focus handler: its list stays closed, its error
// shows, and the keyboard (ArrowDown, typing) or a click opens the list as usual.
import type { SyntheticEvent } from 'react';

export function focusFirstInvalid(event: SyntheticEvent<HTMLElement> | undefined) {
  focusFirstInvalidIn(event?.currentTarget); // read now: React clears currentTarget once the handler returns
}

/** The same for a form the server refused (its errors arrive after the submit event is gone). */
export function focusFirstInvalidIn(form: HTMLElement | null | undefined) {
  setTimeout(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    const combobox = field.getAttribute('aria-haspopup') === 'listbox' || field.getAttribute('role') === 'combobox';
    // React hears focus where it bubbles to its root: stopped at the field, the "open on focus" handler never runs.
    const quiet = (event: Event) => event.stopPropagation();
    if (combobox) field.addEventListener('focusin', quiet);
    field.focus();
    if (combobox) field.removeEventListener('focusin', quiet);
  });
}
