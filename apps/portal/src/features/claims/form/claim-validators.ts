// Which validator a claim form gets. The strict CSP forbids compiling code in the browser
// ('unsafe-eval'), so ajv cannot compile a schema here: the built-in form's validators are compiled
// at build time (build/compile-claim-validators.ts) and used when the form's schema is exactly the one
// they were compiled from. A company's own version cannot be known at build time: its form is
// checked by the server when saved (400 by field; `publishBlockers` for what publishing needs), and
// only react-jsonschema-form's own questions ("which branch of this `oneOf` applies?") are answered
// here, by @cfworker/json-schema, a validator that interprets schemas instead of compiling them.
import { Validator } from '@cfworker/json-schema';
import type { Schema } from '@cfworker/json-schema';
import { deepEquals, type ErrorSchema, type RJSFSchema, type RJSFValidationError, type ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { draftClaimSchemaOf } from '@clearlane/contract/claim-form/claim-form';
import type { ClaimFormData } from './claim-form-errors.ts';
import fullFns, { rootSchema as precompiledFull } from './validators/auto-loss-notice.full.gen.js';
import draftFns, { rootSchema as precompiledDraft } from './validators/auto-loss-notice.draft.gen.js';

export type ClaimValidator = ValidatorType<ClaimFormData, RJSFSchema>;

export interface ClaimFormValidation {
  /** The form's schema (react-jsonschema-form renders it and asks this validator about it). */
  schema: RJSFSchema;
  /** The validator the form renders with; it checks the whole form when the schema was precompiled. */
  full: ClaimValidator;
  /** The same schema without requirements (draftClaimSchemaOf), and its validator. */
  draftSchema: RJSFSchema;
  draft: ClaimValidator;
  /** True when the browser checks the form (the built-in version); false when only the server does. */
  checkedHere: boolean;
}

/** The precompiled sets: a schema equal to one of these is checked in the browser. */
const PRECOMPILED = [{ full: { fns: fullFns, schema: precompiledFull }, draft: { fns: draftFns, schema: precompiledDraft } }];

const interpreters = new WeakMap<object, Validator>();

/**
 * A validator that leaves checking to the server (its validateFormData finds nothing) but answers
 * react-jsonschema-form's "is this value valid against that sub-schema?" by interpreting the schema,
 * which picks the `dependencies`/`oneOf` branch and the `if`/`then` of a company's own form.
 */
export function serverCheckedValidator(rootSchema: RJSFSchema): ClaimValidator {
  const interpreterOf = (schema: RJSFSchema) => {
    let interpreter = interpreters.get(schema);
    if (!interpreter) {
      // Sub-schemas refer to the root's definitions ("#/definitions/…"): they travel along.
      const withDefinitions = { ...schema, definitions: { ...(rootSchema.definitions ?? {}), ...(schema.definitions ?? {}) } };
      interpreter = new Validator(withDefinitions as Schema, '7', true);
      interpreters.set(schema, interpreter);
    }
    return interpreter;
  };
  return {
    validateFormData: () => ({ errors: [], errorSchema: {} as ErrorSchema<ClaimFormData> }),
    toErrorList: () => [],
    isValid: (schema: RJSFSchema, formData: unknown) => {
      try {
        return interpreterOf(schema).validate(formData ?? {}).valid;
      } catch {
        return false;
      }
    },
    rawValidation: <Result>() => ({ errors: [] as Result[] }),
    reset: () => undefined,
  } as unknown as ClaimValidator;
}

/** The validators of a claim form version (its schema as the API serves it). */
export function claimFormValidation(schema: RJSFSchema): ClaimFormValidation {
  const precompiled = PRECOMPILED.find((set) => deepEquals(set.full.schema, schema));
  if (precompiled) {
    return {
      schema: precompiled.full.schema,
      full: createPrecompiledValidator<ClaimFormData>(precompiled.full.fns, precompiled.full.schema),
      draftSchema: precompiled.draft.schema,
      draft: createPrecompiledValidator<ClaimFormData>(precompiled.draft.fns, precompiled.draft.schema),
      checkedHere: true,
    };
  }
  const draftSchema = draftClaimSchemaOf(schema) as RJSFSchema;
  return { schema, full: serverCheckedValidator(schema), draftSchema, draft: serverCheckedValidator(draftSchema), checkedHere: false };
}

export type { RJSFValidationError };
