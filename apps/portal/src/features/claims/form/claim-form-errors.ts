// A claim form's errors, wherever they come from — the precompiled validators (draft or full), the
// checks JSON Schema cannot make (claimFormProblems), the server's 400 ("body.formData.vehicles.0.vin")
// or the publish blockers of a saved claim ("formData.policy.insurer") — as one react-jsonschema-form
// error schema (shown inline, as `extraErrors`) and one list (shown above the form, by field title).
import type { ErrorSchema, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { claimFormProblems, fieldLabel, type FormProblem } from '@clearlane/contract/claim-form/claim-form';
import type { ClaimValidator } from './claim-validators.ts';

export type ClaimFormData = Record<string, unknown>;
export type ClaimErrorSchema = ErrorSchema<ClaimFormData>;

/** One error of the list above the form. */
export interface ClaimFieldError {
  /** Dotted path inside the form data ("vehicles.0.vin"); empty for the form as a whole. */
  path: string;
  /** "Our vehicles › 1 › VIN". */
  label: string;
  message: string;
}

/** The id react-jsonschema-form gives a field's input ("root_vehicles_0_vin"). */
export const fieldIdOf = (path: string) => ['root', ...path.split('.').filter(Boolean)].join('_');

/** rjsf's "property" (".vehicles.0.vin" or "['a b'].c") as a dotted path. */
const pathOfProperty = (property: string | undefined) =>
  (property ?? '').replace(/\['([^']*)'\]/g, '.$1').replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');

/** Adds one message to an error schema at a dotted path (creating the nodes on the way). */
export function addError(errorSchema: ClaimErrorSchema, path: string, message: string): ClaimErrorSchema {
  let node = errorSchema as Record<string, unknown>;
  for (const segment of path.split('.').filter(Boolean)) {
    node[segment] ??= {};
    node = node[segment] as Record<string, unknown>;
  }
  const messages = (node.__errors ??= []) as string[];
  if (!messages.includes(message)) messages.push(message);
  return errorSchema;
}

/** Every message of an error schema with its dotted path, in the order of the form data's keys. */
export function errorsOf(errorSchema: ClaimErrorSchema, path: string[] = []): { path: string; message: string }[] {
  return Object.entries(errorSchema as Record<string, unknown>).flatMap(([key, value]) =>
    key === '__errors'
      ? ((value as string[]) ?? []).map((message) => ({ path: path.join('.'), message }))
      : value && typeof value === 'object'
        ? errorsOf(value as ClaimErrorSchema, [...path, key])
        : []);
}

/**
 * The field errors of an API problem (400: "body.formData.loss.occurredAt"; a claim's publish
 * blockers: "formData.policy.insurer") as an error schema; those about something else than a field
 * of the form ("orders", "body.schemaVersion") are answered apart.
 */
export function serverErrorsOf(fieldErrors: readonly { path: string; message: string }[]): { errorSchema: ClaimErrorSchema; other: { path: string; message: string }[] } {
  const errorSchema: ClaimErrorSchema = {};
  const other: { path: string; message: string }[] = [];
  for (const error of fieldErrors) {
    const match = /^(?:body\.)?formData(?:\.(.*))?$/.exec(error.path);
    if (match) addError(errorSchema, match[1] ?? '', error.message);
    else other.push(error);
  }
  return { errorSchema, other };
}

/** Merges error schemas (the first's messages first). */
export function mergeErrors(...schemas: ClaimErrorSchema[]): ClaimErrorSchema {
  const merged: ClaimErrorSchema = {};
  for (const schema of schemas) for (const error of errorsOf(schema)) addError(merged, error.path, error.message);
  return merged;
}

/** The list above the form: every field in error once (its messages joined), named by the form's own titles. */
export function errorListOf(errorSchema: ClaimErrorSchema, schema: RJSFSchema): ClaimFieldError[] {
  const byPath = new Map<string, string[]>();
  for (const error of errorsOf(errorSchema)) byPath.set(error.path, [...(byPath.get(error.path) ?? []), error.message]);
  return [...byPath].map(([path, messages]) => ({
    path,
    label: path ? fieldLabel(schema as Record<string, unknown>, path) : 'The form',
    message: messages.join('; '),
  }));
}

const FORMAT_NAMES: Record<string, string> = { date: 'a date', 'date-time': 'a date and time', uuid: 'one of the choices', email: 'an email address' };

function messageOf(error: RJSFValidationError): string {
  const params = (error.params ?? {}) as Record<string, unknown>;
  switch (error.name) {
    case 'required': return 'is required';
    case 'minLength': return params.limit === 1 ? 'is required' : `must be at least ${String(params.limit)} characters`;
    case 'maxLength': return `must be at most ${String(params.limit)} characters`;
    case 'minItems': return `needs at least ${String(params.limit)}`;
    case 'maxItems': return `takes at most ${String(params.limit)}`;
    case 'enum': return 'must be one of the choices';
    case 'format': return `must be ${FORMAT_NAMES[String(params.format)] ?? `a valid ${String(params.format)}`}`;
    case 'pattern': return 'is not in the expected format';
    case 'type': return `must be ${params.type === 'integer' ? 'a whole number' : params.type === 'number' ? 'a number' : `a ${String(params.type)}`}`;
    case 'minimum': return `must be at least ${String(params.limit)}`;
    case 'maximum': return `must be at most ${String(params.limit)}`;
    case 'uniqueItems': return 'lists the same choice twice';
    case 'additionalProperties': return `has a field the form does not know: ${String(params.additionalProperty)}`;
    default: return (error.message ?? 'is not valid').replace(/^must /, 'must ');
  }
}

/**
 * ajv's errors as a person reads them — the server's rule (claim-validation.ts `readable`): with every
 * error reported, a `oneOf` of alternatives also reports the errors of the branches that do not
 * apply (a typed-in driver's missing name when the driver was picked): a branch whose discriminating
 * enum or const does not match is left out, and so are the summaries ("must match then schema").
 */
export function readableErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  const inapplicable = errors.flatMap((error) => /^(.*\/(?:oneOf|anyOf)\/\d+\/)properties\/[^/]+\/(?:enum|const)$/.exec(error.schemaPath ?? '')?.[1] ?? []);
  const summaries = new Set(['if', 'oneOf', 'anyOf']);
  const specific = errors.filter((error) => !summaries.has(error.name ?? '') && !inapplicable.some((branch) => (error.schemaPath ?? '').startsWith(branch)));
  return (specific.length > 0 ? specific : errors).map((error) => {
    const missing = error.name === 'required' ? String((error.params as { missingProperty?: string }).missingProperty ?? '') : '';
    const base = pathOfProperty(error.property);
    // rjsf names a missing property in `property` already; older versions name the parent.
    const property = missing && !base.endsWith(missing) ? [base, missing].filter(Boolean).join('.') : base;
    return { ...error, property: property ? `.${property}` : '', message: messageOf(error) };
  });
}

/** The checks of a mode: "draft" for saving, "full" for submitting. */
export type CheckMode = 'draft' | 'full';

/**
 * Checks form data in the browser with a precompiled validator (and the contract's checks JSON
 * Schema cannot make); the error schema is empty when it passes.
 */
export function checkClaimForm(validator: ClaimValidator, schema: RJSFSchema, formData: ClaimFormData, now = new Date()): ClaimErrorSchema {
  const { errors } = validator.validateFormData(formData, schema, undefined, readableErrors);
  const errorSchema: ClaimErrorSchema = {};
  for (const error of errors) addError(errorSchema, pathOfProperty(error.property), error.message ?? 'is not valid');
  const known = new Set(errorsOf(errorSchema).map((error) => error.path));
  for (const problem of claimFormProblems(formData, now) as FormProblem[]) if (!known.has(problem.path)) addError(errorSchema, problem.path, problem.message);
  return errorSchema;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The form data as saved: a section or group left empty (hours of service opened and cleared), or
 * holding nothing but the form's own defaults (react-jsonschema-form fills "test performed: no" into
 * the drug and alcohol tests), is no answer rather than an answer missing its required fields. List
 * items stay, empty or not (their positions name them: "Our vehicles › 2").
 */
export function withoutEmptyGroups(data: ClaimFormData, defaults: unknown = {}): ClaimFormData {
  const prune = (value: unknown, fallback: unknown): unknown => {
    if (Array.isArray(value)) return value.map((item) => (isPlainObject(item) ? prune(item, undefined) : item));
    if (!isPlainObject(value)) return value;
    const entries = Object.entries(value)
      .map(([key, item]) => [key, prune(item, isPlainObject(fallback) ? fallback[key] : undefined), isPlainObject(fallback) ? fallback[key] : undefined] as const)
      .filter(([, item, itemDefault]) => item !== undefined && !(isPlainObject(item) && (Object.keys(item).length === 0 || JSON.stringify(item) === JSON.stringify(itemDefault))));
    return Object.fromEntries(entries.map(([key, item]) => [key, item]));
  };
  return prune(data, defaults) as ClaimFormData;
}

/**
 * For the full check: a required group not there at all ("policy") stands in as an empty one, so
 * the check names each of its required fields ("Policy › Policy number is required") rather than the
 * group alone. Only for checking; what is saved is what was entered.
 */
export function withRequiredGroups(data: ClaimFormData, schema: RJSFSchema): ClaimFormData {
  const fill = (value: Record<string, unknown>, node: RJSFSchema): Record<string, unknown> => {
    const copy = { ...value };
    for (const name of Array.isArray(node.required) ? node.required : []) {
      const property = node.properties?.[name];
      if (!isPlainObject(property) || property.type !== 'object') continue;
      const present = copy[name];
      if (present === undefined) copy[name] = fill({}, property as RJSFSchema);
      else if (isPlainObject(present)) copy[name] = fill(present, property as RJSFSchema);
    }
    return copy;
  };
  return fill(data, schema);
}
