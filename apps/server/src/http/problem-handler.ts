// Every error leaves the API as application/problem+json. Bad input is a 4xx naming the field;
// a 5xx says nothing of its cause to the caller and logs it in full.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PROBLEM_CONTENT_TYPE, type Problem } from '@clearlane/contract';
import { AppError, titleOf, type FieldError } from './errors.ts';
import { isUnstorableText } from '../db/errors.ts';

// Stable codes for the 4xx answers Fastify and its plugins raise themselves (their own codes, such
// as FST_ERR_CTP_INVALID_MEDIA_TYPE, are internals; the rate limiter sets none).
const FRAMEWORK_CODES: Record<number, string> = {
  400: 'BadRequest', 404: 'NotFound', 405: 'MethodNotAllowed', 406: 'NotAcceptable', 413: 'ContentTooLarge',
  415: 'UnsupportedMediaType', 429: 'TooManyRequests',
};

const CONTEXT_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

export function sendProblem(reply: FastifyReply, request: FastifyRequest, problem: Omit<Problem, 'type' | 'title' | 'instance'> & { title?: string }) {
  const body: Problem = {
    type: 'about:blank',
    title: problem.title ?? titleOf(problem.status),
    instance: request.url.split('?')[0],
    ...problem,
  };
  if (problem.retryAfterSeconds !== undefined) reply.header('retry-after', String(problem.retryAfterSeconds));
  return reply.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(body);
}

function validationErrors(error: FastifyError & { validationContext?: string }): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const context = CONTEXT_NAMES[error.validationContext ?? ''] ?? error.validationContext ?? 'request';
  return error.validation.map((item) => {
    const segments = item.instancePath.split('/').filter(Boolean);
    return { path: [context, ...segments].join('.'), message: item.message ?? 'is not valid' };
  });
}

export function registerProblemHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    if (error instanceof AppError) {
      return sendProblem(reply, request, {
        status: error.status,
        code: error.code,
        detail: error.message,
        ...(error.options.title ? { title: error.options.title } : {}),
        ...(error.options.errors ? { errors: error.options.errors } : {}),
        ...(error.options.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.options.retryAfterSeconds } : {}),
        ...(error.options.plugin ? { plugin: error.options.plugin } : {}),
      });
    }
    const errors = validationErrors(error);
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
    return sendProblem(reply, request, { status, code: FRAMEWORK_CODES[status] ?? 'BadRequest', detail: error.message });
  });
}
