// What the portal's forms share about their fields: the list of US states to choose from, the hint
// of a licence number, and where an input's hint goes.
import { LICENCE_FORMATS, type UsStateCode } from '@clearlane/contract/domain/driver-licence-formats';

/** Every state (the 50 and DC) as "California (CA)", in alphabetical order, for a searchable Select. */
export const STATE_OPTIONS = Object.values(LICENCE_FORMATS)
  .map((format) => ({ value: format.state, label: `${format.name} (${format.state})` }))
  .sort((a, b) => a.label.localeCompare(b.label));

/**
 * Hints under the inputs, not between label and input (Mantine's inputWrapperOrder): hints of
 * different lengths would otherwise push the inputs of one row to different heights.
 */
export const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/** Under a licence number: the chosen state's published format and an example, or to choose the state first. */
export function licenceHint(state: UsStateCode | ''): string {
  if (!state) return 'Choose the licence state first: each state has its own format.';
  const format = LICENCE_FORMATS[state];
  return `${format.name}: ${format.description}, for example ${format.example}.`;
}
