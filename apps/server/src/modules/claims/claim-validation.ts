// Claim form data against its JSON Schema (draft-07), with ajv 8 — the validator react-jsonschema-form's
// ajv8 validator is built on, so server and portal agree. Saving checks the draft schema (no
// `required`); publishing checks the whole schema. Errors are named by dotted path inside the form data.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { AppError } from '../../http/errors.ts';
import {
  CLAIM_SCHEMA_LIMITS, claimFormProblems, draftClaimSchemaOf, type FormProblem, type JsonSchemaObject,
} from '@clearlane/contract';

export interface ClaimValidators {
  /** Saving: everything entered must be right; nothing has to be there yet. */
  draft: ValidateFunction;
  /** Publishing: the whole form, conditions included. */
  full: ValidateFunction;
}

const newAjv = () => {
  // strict: false, because a company's schema may carry keywords of react-jsonschema-form (enumNames)
  // that are not JSON Schema; they mean nothing to validation. allErrors: a form shows every field at once.
  const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
  (addFormats as unknown as (ajv: Ajv) => void)(ajv);
  return ajv;
};

/** Compiles both validators of a schema; throws ajv's error when it cannot be compiled. */
export function compileClaimSchema(schema: JsonSchemaObject): ClaimValidators {
  // A fresh instance per schema: two versions may carry the same $id, which one instance refuses.
  return { draft: newAjv().compile(draftClaimSchemaOf(schema)), full: newAjv().compile(schema) };
}

/** Schema rows never change (a new version is a new row), so a compiled schema is kept for good. */
const MAX_CACHED = 200;
const cache = new Map<string, ClaimValidators>();

/** Forgets every compiled schema (a test that edits a stored row behind the cache's back). */
export const clearClaimValidatorCache = () => cache.clear();

/**
 * The validators of a stored version. A row was checked when published, but one edited outside
 * Clearlane may not compile: that is a 409 naming the version, never a 500 (as a broken ruleset is).
 */
export function validatorsOf(key: string, schema: JsonSchemaObject): ClaimValidators {
  let validators = cache.get(key);
  if (!validators) {
    try {
      validators = compileClaimSchema(schema);
    } catch (error) {
      const version = key.split(':').at(-1);
      throw new AppError(409, 'InvalidClaimSchema', `Version ${version} of your company's claim form cannot be used (${error instanceof Error ? error.message : String(error)}). A Company Admin can publish a corrected version.`, { title: 'Claim Form Not Valid' });
    }
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(key, validators);
  }
  return validators;
}

/** The problems of form data for saving (draft) or publishing (full): schema, then the checks JSON Schema cannot make. */
export function formProblems(validators: ClaimValidators, mode: 'draft' | 'full', data: unknown): FormProblem[] {
  const validate = validators[mode];
  const schemaProblems = validate(data) ? [] : readable(validate.errors ?? []);
  const known = new Set(schemaProblems.map((problem) => problem.path));
  return [...schemaProblems, ...claimFormProblems(data).filter((problem) => !known.has(problem.path))];
}

const dotted = (pointer: string) => pointer.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');

function messageOf(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required': return 'is required';
    case 'enum': return `must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.map(String).join(', ')}`;
    case 'additionalProperties': return `has a field the form does not know: ${(error.params as { additionalProperty: string }).additionalProperty}`;
    case 'format': return `must be a valid ${(error.params as { format: string }).format}`;
    default: return error.message ?? 'is not valid';
  }
}

/**
 * ajv's errors as a person reads them. With allErrors, a `oneOf` of alternatives reports the errors of
 * every branch, also of the branches that do not apply (a typed-in driver's missing name when the
 * driver was picked from the company's): a branch whose discriminating value (an enum or const of a
 * property) does not match is left out, and so are the summaries ("must match then schema").
 */
export function readable(errors: ErrorObject[]): FormProblem[] {
  const inapplicable: string[] = [];
  for (const error of errors) {
    const match = /^(.*\/(?:oneOf|anyOf)\/\d+\/)properties\/[^/]+\/(?:enum|const)$/.exec(error.schemaPath);
    if (match) inapplicable.push(match[1]!);
  }
  const summaries = new Set(['if', 'oneOf', 'anyOf']);
  const specific = errors.filter((error) => !summaries.has(error.keyword) && !inapplicable.some((branch) => error.schemaPath.startsWith(branch)));
  const shown = specific.length > 0 ? specific : errors;
  const seen = new Set<string>();
  return shown.flatMap((error) => {
    const missing = error.keyword === 'required' ? (error.params as { missingProperty: string }).missingProperty : undefined;
    const path = [dotted(error.instancePath), missing].filter(Boolean).join('.');
    const message = messageOf(error);
    const key = `${path}\n${message}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ path, message }];
  });
}

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

function depthOf(node: unknown): number {
  if (node === null || typeof node !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(node as object).map(depthOf));
}

/** Every `$ref` in a schema; only references inside the schema itself ("#/...") are allowed. */
function remoteRefs(node: unknown, path: string[] = []): FormProblem[] {
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node as object).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' && !value.startsWith('#')
      ? [{ path: [...path, key].join('.'), message: 'may only refer to a part of this schema ("#/definitions/…"): nothing is fetched' }]
      : remoteRefs(value, [...path, key]));
}

/**
 * Why a schema a company admin publishes cannot be a claim form; empty when it can. Checked: size and
 * depth, draft-07, an object form with properties, references inside the schema only, the
 * meta-schema, and that ajv compiles it (and its draft).
 */
export function claimSchemaProblems(schema: JsonSchemaObject, uiSchema: JsonSchemaObject | undefined): FormProblem[] {
  const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  const problems: FormProblem[] = [];
  if (bytes(schema) > CLAIM_SCHEMA_LIMITS.maxSchemaBytes) problems.push({ path: 'schema', message: `is too large (${bytes(schema)} bytes; at most ${CLAIM_SCHEMA_LIMITS.maxSchemaBytes})` });
  if (uiSchema && bytes(uiSchema) > CLAIM_SCHEMA_LIMITS.maxUiSchemaBytes) problems.push({ path: 'uiSchema', message: `is too large (${bytes(uiSchema)} bytes; at most ${CLAIM_SCHEMA_LIMITS.maxUiSchemaBytes})` });
  if (depthOf(schema) > CLAIM_SCHEMA_LIMITS.maxDepth || (uiSchema && depthOf(uiSchema) > CLAIM_SCHEMA_LIMITS.maxDepth)) {
    problems.push({ path: 'schema', message: `is nested too deep (at most ${CLAIM_SCHEMA_LIMITS.maxDepth} levels)` });
  }
  if (problems.length > 0) return problems;
  if (schema.$schema !== undefined && (typeof schema.$schema !== 'string' || !DRAFT_07.test(schema.$schema))) {
    problems.push({ path: 'schema.$schema', message: 'must be "http://json-schema.org/draft-07/schema#" (or left out): claim forms are JSON Schema draft-07' });
  }
  if (schema.type !== 'object') problems.push({ path: 'schema.type', message: 'must be "object": a claim form is an object of sections' });
  if (schema.properties === null || typeof schema.properties !== 'object' || Array.isArray(schema.properties) || Object.keys(schema.properties).length === 0) {
    problems.push({ path: 'schema.properties', message: 'must name the sections of the form' });
  }
  problems.push(...remoteRefs(schema).map((problem) => ({ ...problem, path: `schema.${problem.path}` })));
  if (problems.length > 0) return problems;
  const meta = newAjv();
  if (!meta.validateSchema(schema)) {
    return readable(meta.errors ?? []).map((problem) => ({ path: problem.path ? `schema.${problem.path}` : 'schema', message: problem.message }));
  }
  try {
    compileClaimSchema(schema);
  } catch (error) {
    return [{ path: 'schema', message: `cannot be used: ${error instanceof Error ? error.message : String(error)}` }];
  }
  return [];
}
