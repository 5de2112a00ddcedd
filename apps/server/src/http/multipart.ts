// Malformed multipart bodies are the caller's doing: a 400 naming the body, never a 500. The parser
// (@fastify/busboy, under @fastify/multipart) throws plain errors, so a missing boundary is caught
// before any handler reads the body, and a body cut before its closing boundary is recognised by the
// parser's own messages when the handler reads it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

// RFC 2046 §5.1.1: 1 to 70 characters; quoted or a token.
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;

// What @fastify/busboy says of a body that ends early (deps/dicer) or has no boundary (types/multipart).
const TRUNCATED_BODY_MESSAGES = [/^Unexpected end of multipart data$/, /terminated early due to unexpected end of multipart data$/];
const NO_BOUNDARY_MESSAGE = /^Multipart: Boundary not found$/;

const noBoundary = () => new AppError(400, 'MalformedMultipart',
  'The multipart body has no boundary: send Content-Type "multipart/form-data; boundary=..." as a form library writes it.',
  { errors: [{ path: 'body', message: 'is multipart/form-data without a boundary (1 to 70 characters) in its Content-Type' }] });

const truncated = () => new AppError(400, 'MalformedMultipart',
  'The multipart body ends before its closing boundary: the upload was cut short. Send the file again.',
  { errors: [{ path: 'body', message: 'ends before its closing boundary' }] });

const isMultipart = (request: FastifyRequest) => /^multipart\//i.test(request.headers['content-type'] ?? '');

/** The parser's error for a malformed multipart body, as the 400 problem it deserves; undefined for any other error. */
export function malformedMultipartError(error: unknown): AppError | undefined {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== undefined) return undefined;
  if (NO_BOUNDARY_MESSAGE.test(error.message)) return noBoundary();
  if (TRUNCATED_BODY_MESSAGES.some((pattern) => pattern.test(error.message))) return truncated();
  return undefined;
}

export function registerMultipartCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (isMultipart(request) && !BOUNDARY.test(request.headers['content-type'] ?? '')) throw noBoundary();
  });
}
