// Every error leaves the API as application/problem+json. Bad input is a 4xx naming the field;
// a 5xx says nothing of its cause to the caller and logs it in full.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PROBLEM_CONTENT_TYPE, type Problem } from '@clearlane/contract';
import { AppError, titleOf, type FieldError } from './errors.ts';
import { isUnstorableText } from '../db/errors.ts';
import { malformedMultipartError } from './multipart.ts';
import { pendingTextErrors } from './storable-text.ts';
import { laterPartErrors } from './validator.ts';

// Stable codes for the 4xx answers Fastify and its plugins raise themselves (their own codes, such
// as FST_ERR_CTP_INVALID_MEDIA_TYPE, are internals; the rate limiter sets none).
const FRAMEWORK_CODES: Record<number, string> = {
  400: 'BadRequest', 404: 'NotFound', 405: 'MethodNotAllowed', 406: 'NotAcceptable', 413: 'ContentTooLarge',
  415: 'UnsupportedMediaType', 429: 'TooManyRequests',
};

const CONTEXT_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

// Where Fastify's own 4xx errors are: the field they name (the fuzzer asks every 4xx about a bad part
// of the request to say which part).
const FRAMEWORK_ERROR_FIELDS: Record<string, { path: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { path: 'body', message: 'is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { path: 'body', message: 'is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { path: 'body', message: 'is larger than this endpoint takes' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { path: 'headers.content-length', message: 'does not match the body' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { path: 'headers.content-type', message: 'is not a media type this endpoint takes' },
  FST_ERR_BAD_URL: { path: 'params', message: 'holds a percent-escape that is not valid UTF-8' },
  FST_ERR_MAX_PARAM_LENGTH: { path: 'params', message: 'is longer than 100 characters' },
};

export function sendProblem(reply: FastifyReply, request: FastifyRequest, problem: Omit<Problem, 'type' | 'title' | 'instance'> & { title?: string }) {
  const body: Problem = {
    type: 'about:blank',
    title: problem.title ?? titleOf(problem.status),
    instance: request.url.split('?')[0],
    ...problem,
  };
  if (problem.retryAfterSeconds !== undefined) reply.header('retry-after', String(problem.retryAfterSeconds));
  // An error is about this request only: no cache may keep it (it may also echo what was sent).
  reply.header('cache-control', 'no-store');
  return reply.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(body);
}

function validationErrors(error: FastifyError & { validationContext?: string }, request: FastifyRequest): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const context = CONTEXT_NAMES[error.validationContext ?? ''] ?? error.validationContext ?? 'request';
  const later = laterPartErrors(request, error.validationContext ?? '');
  // An empty body (or none) where one is needed: one clear error rather than the schema's "received undefined".
  if (context === 'body' && request.body === undefined) return [{ path: 'body', message: 'is required: send a JSON body' }, ...later];
  return error.validation.map((item) => {
    const segments = item.instancePath.split('/').filter(Boolean);
    return { path: [context, ...segments].join('.'), message: item.message ?? 'is not valid' };
  }).concat(later);
}

export function registerProblemHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    if (error instanceof AppError) {
      return sendProblem(reply, request, {
        status: error.status,
        code: error.code,
        detail: error.message,
        ...(error.options.title ? { title: error.options.title } : {}),
        ...(error.options.errors ? { errors: error.options.errors } : error.status === 415 ? { errors: [FRAMEWORK_ERROR_FIELDS.FST_ERR_CTP_INVALID_MEDIA_TYPE!] } : {}),
        ...(error.options.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.options.retryAfterSeconds } : {}),
        ...(error.options.plugin ? { plugin: error.options.plugin } : {}),
      });
    }
    const multipart = malformedMultipartError(error);
    if (multipart) return sendProblem(reply, request, { status: multipart.status, code: multipart.code, detail: multipart.message, errors: multipart.options.errors });
    const schemaErrors = validationErrors(error, request);
    const errors = schemaErrors.length > 0 ? [...schemaErrors, ...pendingTextErrors(request, schemaErrors)] : [];
    if (errors.length > 0) {
      const summary = errors.map((item) => `${item.path} ${item.message}`).join('; ');
      return sendProblem(reply, request, { status: 400, code: 'ValidationError', detail: summary, errors });
    }
    if (isUnstorableText(error)) {
      // The safety net behind the schemas: which field held it is no longer known here.
      return sendProblem(reply, request, {
        status: 400, code: 'UnstorableText',
        detail: 'Some text holds a character that cannot be stored (a NUL character or half of a character pair). Remove it and try again.',
      });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, request, { status, code: 'InternalError', detail: 'Something went wrong on our side. Please try again.' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type, rate limit) keep their message.
    return sendFrameworkProblem(reply, request, error, status);
  });
}

function sendFrameworkProblem(reply: FastifyReply, request: FastifyRequest, error: FastifyError, status: number) {
  const field = FRAMEWORK_ERROR_FIELDS[error.code];
  return sendProblem(reply, request, {
    status, code: FRAMEWORK_CODES[status] ?? 'BadRequest', detail: error.message,
    ...(field ? { errors: [field] } : {}),
  });
}

/**
 * Fastify's `frameworkErrors` option: what its router refuses before any route or hook runs (a bad
 * percent-escape, a path parameter over maxParamLength) would otherwise leave as Fastify's own JSON.
 * A too-long parameter is a bad parameter (400), like a malformed id, not a 414 about the whole URI.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 400 : (error.statusCode ?? 500);
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, request, { status: 500, code: 'InternalError', detail: 'Something went wrong on our side. Please try again.' });
  }
  const detail = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is longer than 100 characters.' : 'The URL path holds a percent-escape that is not valid UTF-8.';
  return sendProblem(reply, request, { status, code: 'BadRequest', detail, ...(FRAMEWORK_ERROR_FIELDS[error.code] ? { errors: [FRAMEWORK_ERROR_FIELDS[error.code]!] } : {}) });
}
