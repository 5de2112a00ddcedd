// What the four order forms share: the contract's messages turned into sentences, the server's
// field problems put back next to the fields, and the tags rule.
import { LICENCE_FORMATS, type UsStateCode } from '@clearlane/contract/domain/driver-licence-formats';
import { DEFAULT_RISK_DEFINITION, RiskAssessmentDefinitionNameSchema } from '@clearlane/contract/orders';
import { TagNameSchema } from '@clearlane/contract/tags';
import { ApiError } from '../../../../lib/api-error.ts';

/** The contract says "is required", "must be at most 80 characters": the form says "Last name is required". */
export function sentence(label: string, message: string): string {
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}

/** The API's limit of tags on one order (contract OrderTagsSchema). */
export const MAX_ORDER_TAGS = 10;

export function tagsProblem(tags: readonly string[]): string | null {
  if (tags.length > MAX_ORDER_TAGS) return `An order takes at most ${MAX_ORDER_TAGS} tags.`;
  for (const tag of tags) {
    const result = TagNameSchema.safeParse(tag);
    if (!result.success) return sentence(`Tag "${tag.trim() || ' '}"`, result.error.issues[0]?.message ?? 'is not valid');
  }
  return null;
}

/** The provider's assessment definition the API uses when none is named (one constant, in the contract). */
export { DEFAULT_RISK_DEFINITION };

export function definitionNameProblem(value: string): string | null {
  if (value.trim() === '') return null;
  const result = RiskAssessmentDefinitionNameSchema.safeParse(value);
  return result.success ? null : sentence('Assessment definition', result.error.issues[0]?.message ?? 'is not valid');
}

/** The definition to name in the query; left out when it is the provider's standard one. */
export function definitionNameOf(value: string): string | undefined {
  const name = value.trim();
  return name === '' || name === DEFAULT_RISK_DEFINITION ? undefined : name;
}

export const isStateCode = (value: string): value is UsStateCode => Object.hasOwn(LICENCE_FORMATS, value);

/** The part of a Mantine form the server's problems are written into. */
export interface FieldErrorSink {
  setFieldError: (path: string, error: string) => void;
}

/** The form's field a problem path names: "body.driver.licenceNumber" → licenceNumber, "body.tags.2" → tags. */
export function fieldOfProblemPath<Field extends string>(path: string, fields: readonly Field[]): Field | undefined {
  return path.split('.').find((segment): segment is Field => (fields as readonly string[]).includes(segment));
}

/**
 * Puts the server's field problems next to their fields (each field its first problem); returns the
 * problems that name no field of the form, so the page can show them above it.
 */
export function placeServerErrors<Field extends string>(form: FieldErrorSink, error: ApiError, labels: Partial<Record<Field, string>>): { path: string; message: string }[] {
  const fields = Object.keys(labels) as Field[];
  const unplaced: { path: string; message: string }[] = [];
  const placed = new Set<string>();
  for (const problem of error.fieldErrors) {
    const field = fieldOfProblemPath(problem.path, fields);
    if (!field) {
      unplaced.push(problem);
      continue;
    }
    if (placed.has(field)) continue;
    placed.add(field);
    form.setFieldError(field, sentence(labels[field] ?? field, problem.message));
  }
  return unplaced;
}

/**
 * What the page says when an order is refused: field problems next to their fields, the rest (and
 * any other failure) as one message above the form. Returns that message, or null when every
 * problem found its field.
 */
export function explainRefusal<Field extends string>(form: FieldErrorSink, caught: unknown, labels: Partial<Record<Field, string>>): string | null {
  if (!(caught instanceof ApiError)) return caught instanceof Error ? caught.message : 'The order could not be placed. Please try again.';
  const unplaced = placeServerErrors(form, caught, labels);
  if (unplaced.length > 0) return unplaced.map((problem) => sentence(problem.path.replace(/^(body|query)\./, ''), problem.message)).join(' ');
  return caught.fieldErrors.length > 0 ? null : caught.message;
}
