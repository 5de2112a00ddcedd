// The zod validator of every route, with one correction: Fastify hands a validator `null` where a
// request has no body (lib/validation.js), so a route whose body is optional would refuse a POST
// sent without one. Such a route sees no body as no body; a route that needs one still refuses it.
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

export const routeValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body' || !route.schema.safeParse(undefined).success) return validate;
  return (data: unknown) => validate(data === null ? undefined : data);
};
