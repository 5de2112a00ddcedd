// One check for every endpoint: text the database cannot store as sent (a NUL, half of a character
// pair) is refused before any handler runs, naming each field that holds it, so no module has to think of
// it and nothing is saved altered (PostgreSQL replaces a lone surrogate in a text column with U+FFFD
// and refuses it in jsonb with a 500). Keys are checked too: records keep them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeUnstorableText, unstorableTextProblem } from '@clearlane/contract';
import { AppError, type FieldError } from './errors.ts';

/** More than this many bad fields says nothing more useful; the answer stays small. */
const MAX_REPORTED = 20;

/**
 * The field errors for every string (value or key) in `value` that cannot be stored, with paths as the
 * validation errors write them ("body.driver.firstName", "body.tags.0"). Walks without recursion, so a
 * deeply nested body cannot overflow the stack.
 */
export function unstorableTextErrors(value: unknown, rootPath: string): FieldError[] {
  const errors: FieldError[] = [];
  const pending: { value: unknown; path: string }[] = [{ value, path: rootPath }];
  while (pending.length > 0 && errors.length < MAX_REPORTED) {
    const item = pending.pop()!;
    if (typeof item.value === 'string') {
      const problem = unstorableTextProblem(item.value);
      if (problem) errors.push({ path: item.path, message: problem });
    } else if (Array.isArray(item.value)) {
      for (let index = item.value.length - 1; index >= 0; index--) pending.push({ value: item.value[index], path: `${item.path}.${index}` });
    } else if (item.value !== null && typeof item.value === 'object') {
      const entries = Object.entries(item.value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index]!;
        const keyProblem = unstorableTextProblem(key);
        const path = `${item.path}.${escapeUnstorableText(key)}`;
        if (keyProblem) errors.push({ path, message: `is a name that ${keyProblem}` });
        else pending.push({ value: child, path });
      }
    }
  }
  return errors;
}

export const unstorableTextError = (errors: FieldError[]) => new AppError(400, 'UnstorableText',
  `Some text holds a character that cannot be stored (a NUL character or half of a character pair): ${errors.map((error) => error.path).join(', ')}. Remove it and try again.`,
  { errors });

// Found before validation, answered after it: when the schemas also refuse the request, one 400 names
// every bad field (a schema's own message for a field wins: rulesets explain control characters).
const pendingErrors = new WeakMap<FastifyRequest, FieldError[]>();

/** The request's parameters, query and body, checked as sent, before any schema transforms them. */
function findRequestTextErrors(request: FastifyRequest) {
  const errors = [
    ...unstorableTextErrors(request.params, 'params'),
    ...unstorableTextErrors(request.query, 'query'),
    ...unstorableTextErrors(request.body, 'body'),
  ];
  if (errors.length > 0) pendingErrors.set(request, errors.slice(0, MAX_REPORTED));
}

/** For the problem handler: the text errors of a request the schemas refused, less the fields they name. */
export function pendingTextErrors(request: FastifyRequest, namedBySchema: FieldError[]): FieldError[] {
  const named = new Set(namedBySchema.map((error) => error.path));
  return (pendingErrors.get(request) ?? []).filter((error) => !named.has(error.path));
}

export function registerStorableTextCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => findRequestTextErrors(request));
  app.addHook('preHandler', async (request) => {
    const errors = pendingErrors.get(request);
    if (errors) throw unstorableTextError(errors);
  });
}
