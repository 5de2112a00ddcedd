// The zod validator of every route, with one correction: Fastify hands a validator `null` where a
// request has no body (lib/validation.js), so a route whose body is optional would refuse a POST
// sent without one. Such a route sees no body as no body; a route that needs one still refuses it.
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { ZodType } from 'zod';

/** The schema takes "no value" (`.optional()`); a schema that throws on it plainly does not. */
function acceptsNothing(schema: ZodType): boolean {
  try {
    return schema.safeParse(undefined).success;
  } catch {
    return false;
  }
}

export const routeValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body' || !acceptsNothing(route.schema)) return validate;
  return (data: unknown) => validate(data === null ? undefined : data);
};

// Fastify validates params, then body, then query, and stops at the first part in error. A caller
// (and a form) should hear of every bad field at once, so when one part fails the parts after it are
// checked here too, against the same route schemas (they are still as sent: nothing has parsed them).
const PART_ORDER = [
  { part: 'params', context: 'params' },
  { part: 'body', context: 'body' },
  { part: 'querystring', context: 'query' },
] as const;

export interface PartError { path: string; message: string }

/** The errors of the request parts Fastify did not get to validate after `failedPart` failed. */
export function laterPartErrors(request: FastifyRequest, failedPart: string): PartError[] {
  const schemas = (request.routeOptions.schema ?? {}) as Record<string, unknown>;
  const failedAt = PART_ORDER.findIndex((entry) => entry.part === failedPart);
  if (failedAt < 0) return [];
  const errors: PartError[] = [];
  for (const { part, context } of PART_ORDER.slice(failedAt + 1)) {
    const schema = schemas[part];
    if (!(schema instanceof ZodType)) continue;
    const sent: unknown = part === 'querystring' ? request.query : part === 'body' ? request.body : request.params;
    const data = sent === undefined && !acceptsNothing(schema) ? null : sent;
    let result;
    try {
      result = schema.safeParse(data);
    } catch {
      continue; // a schema that throws is reported by Fastify's own run, once the first part is fixed
    }
    if (result.success) continue;
    if (context === 'body' && sent === undefined) {
      errors.push({ path: 'body', message: 'is required: send a JSON body' });
      continue;
    }
    for (const issue of result.error.issues) errors.push({ path: [context, ...issue.path.map(String)].join('.'), message: issue.message });
  }
  return errors;
}
