// The server's log: JSON lines (pino) for machines in production, piped through pino-pretty by
// `npm run dev:server` for people. One line per request, written when the answer is sent: method,
// URL, status, duration and, once authenticated, the company and user. Health checks, polled by
// load balancers every few seconds, log at debug level so they do not drown the rest.
//
// What never reaches the log: tokens, passwords, cookies, codes and personal data. Headers are not
// logged (and redacted if something logs them anyway); query values are kept only for parameters
// known to be harmless (paging, sorting, enums, dates): a free-text filter can be a person's name
// and `?handoff=` is a sign-in code; database errors lose the parameters drizzle puts in their message.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.ts';

const HEALTH_PATH = /^\/api\/v1\/health(?:\/|$)/;

/** Query parameters whose values are safe to log; every other value is replaced by REDACTED. */
const LOGGABLE_QUERY_PARAMETERS = new Set([
  'page', 'size', 'sort', 'status', 'outcome', 'type', 'types', 'format', 'from', 'to', 'isReviewed', 'reviewed', 'role', 'plugin', 'state', 'source',
]);
const REDACTED = '[redacted]';

/** Headers and body fields that carry secrets, in case a log call passes a request or body whole. */
const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]',
  'headers.authorization', 'headers.cookie',
  '*.password', '*.newPassword', '*.challengeResponse', '*.refreshToken', '*.idToken', '*.accessToken',
];

/** The URL as it may be logged: the path, and the query with only harmless values kept. */
export function loggableUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  const kept = [...query].map(([name, value]) => `${encodeURIComponent(name)}=${LOGGABLE_QUERY_PARAMETERS.has(name) ? encodeURIComponent(value) : REDACTED}`);
  return `${url.slice(0, queryStart)}?${kept.join('&')}`;
}

/** drizzle's query errors say "Failed query: <sql>\nparams: <values>": the values may be personal data. */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: unknown;
  detail?: unknown;
  [key: string]: unknown;
}

function withoutQueryParameters(error: SerializedError): SerializedError {
  const safe: SerializedError = { ...error };
  if (typeof safe.message === 'string') safe.message = safe.message.replace(QUERY_PARAMS, '\nparams: [redacted]');
  if (typeof safe.stack === 'string') safe.stack = safe.stack.replace(QUERY_PARAMS, '\nparams: [redacted]');
  // drizzle keeps the values in `params` too, and PostgreSQL's detail repeats the offending ones
  // ("Key (email)=(…) already exists").
  if ('params' in safe) safe.params = REDACTED;
  if ('detail' in safe) safe.detail = REDACTED;
  if (safe.cause && typeof safe.cause === 'object') safe.cause = withoutQueryParameters(safe.cause as SerializedError);
  return safe;
}

/** Fastify's logger options: level, redaction and an error serializer that keeps data out. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      err: (error: Error) => withoutQueryParameters(serializeError(error)),
    },
  };
}

/** pino's own shape of an error (type, message, stack, cause and own fields), without importing pino. */
function serializeError(error: Error): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const own: Record<string, unknown> = {};
  for (const key of Object.keys(error)) own[key] = (error as unknown as Record<string, unknown>)[key];
  return {
    ...own,
    type: error.constructor?.name ?? error.name,
    message: error.message,
    stack: error.stack ?? '',
    cause: error.cause instanceof Error ? serializeError(error.cause) : error.cause,
  };
}

export interface RequestLogOptions {
  /** Who made the request, once authenticated (the guard's principal). */
  callerOf(request: FastifyRequest): { companyId: string; userId: string } | undefined;
}

/** The one line of a finished request. */
export const requestLogPlugin = fp<RequestLogOptions>(async (app: FastifyInstance, { callerOf }) => {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = callerOf(request);
    const line = {
      method: request.method,
      url: loggableUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(caller ? { companyId: caller.companyId, userId: caller.userId } : {}),
    };
    if (HEALTH_PATH.test(request.url)) request.log.debug(line, 'request completed');
    else request.log.info(line, 'request completed');
  });
});
