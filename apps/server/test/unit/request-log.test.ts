// One log line per request (http/request-log.ts): what it says, how loud health checks are, and
// what it never says (tokens, cookies, codes, personal data in queries or database errors).
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify, { LogController, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { loggableUrl, loggerOptions, requestLogPlugin } from '../../src/http/request-log.ts';

const SECRET_TOKEN = 'eyJhbGciOiJFUzI1NiJ9.secret-token';

async function appLoggingTo(lines: Record<string, unknown>[], level = 'info') {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const options = loggerOptions(loadConfig({ LOG_LEVEL: level })) as Record<string, unknown>;
  const app = Fastify({ logger: { ...options, stream }, logController: new LogController({ disableRequestLogging: true }) });
  const callers = new WeakMap<FastifyRequest, { companyId: string; userId: string }>();
  await app.register(requestLogPlugin, { callerOf: (request) => callers.get(request) });
  app.get('/api/v1/health', async () => ({ status: 'ok' }));
  app.get('/api/v1/orders', async (request) => {
    callers.set(request, { companyId: 'company-1', userId: 'user-1' });
    return [];
  });
  app.post('/api/v1/auth/sign-in', async (request, reply) => {
    request.log.info({ body: request.body, req: { headers: request.headers } }, 'a careless log call');
    return reply.code(401).send({ title: 'no' });
  });
  app.get('/api/v1/broken', async (request) => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), { code: '23505', detail: 'Key (email)=(jane.doe@example.com) already exists.' });
    const error = new DrizzleQueryError('select * from users where email = $1', ['jane.doe@example.com'], cause);
    request.log.error({ err: error }, 'request failed');
    throw error;
  });
  return app;
}

describe('the request log', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('writes one line per request with method, URL, status, duration and the caller once known', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appLoggingTo(lines);
    close = () => app.close();
    await app.inject({ method: 'GET', url: '/api/v1/orders?page=2&size=20&sort=createdAt,desc&filter=Jane%20Doe' });
    const requestLines = lines.filter((line) => line.msg === 'request completed');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: 30, method: 'GET', status: 200, companyId: 'company-1', userId: 'user-1',
      url: '/api/v1/orders?page=2&size=20&sort=createdAt%2Cdesc&filter=[redacted]',
    });
    expect(requestLines[0]!.ms).toEqual(expect.any(Number));
    expect(JSON.stringify(lines)).not.toContain('Jane');
  });

  it('logs health checks at debug level only', async () => {
    const atInfo: Record<string, unknown>[] = [];
    const quiet = await appLoggingTo(atInfo);
    await quiet.inject({ method: 'GET', url: '/api/v1/health' });
    await quiet.close();
    expect(atInfo.filter((line) => line.msg === 'request completed')).toEqual([]);

    const atDebug: Record<string, unknown>[] = [];
    const verbose = await appLoggingTo(atDebug, 'debug');
    close = () => verbose.close();
    await verbose.inject({ method: 'GET', url: '/api/v1/health' });
    expect(atDebug.filter((line) => line.msg === 'request completed')).toMatchObject([{ level: 20, url: '/api/v1/health', status: 200 }]);
  });

  it('never writes tokens, cookies, passwords or codes, even when a log call passes them', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appLoggingTo(lines);
    close = () => app.close();
    await app.inject({
      method: 'POST', url: '/api/v1/auth/sign-in?handoff=one-time-code-123',
      headers: { authorization: `Bearer ${SECRET_TOKEN}`, cookie: `idToken=${SECRET_TOKEN}` },
      payload: { email: 'a@b.test', password: 'Hunter-2-secret', challengeResponse: '123456' },
    });
    const text = JSON.stringify(lines);
    for (const secret of [SECRET_TOKEN, 'Hunter-2-secret', '123456', 'one-time-code-123']) expect(text).not.toContain(secret);
    expect(lines.find((line) => line.msg === 'request completed')).toMatchObject({ url: '/api/v1/auth/sign-in?handoff=[redacted]', status: 401 });
  });

  it("drops the values drizzle and PostgreSQL put in a failed query's error", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appLoggingTo(lines);
    close = () => app.close();
    await app.inject({ method: 'GET', url: '/api/v1/broken' });
    const failure = lines.find((line) => line.msg === 'request failed') as { err: { message: string; cause: { code: string } } };
    expect(failure.err.message).toBe('Failed query: select * from users where email = $1\nparams: [redacted]');
    expect(failure.err.cause.code).toBe('23505');
    expect(JSON.stringify(lines)).not.toContain('jane.doe');
  });
});

describe('loggableUrl', () => {
  it('keeps paths and harmless query values, and redacts every other value', () => {
    expect(loggableUrl('/api/v1/orders/0190-abc')).toBe('/api/v1/orders/0190-abc');
    expect(loggableUrl('/login?handoff=abc&status=Complete')).toBe('/login?handoff=[redacted]&status=Complete');
    expect(loggableUrl('/x?email=a%40b.test')).toBe('/x?email=[redacted]');
  });
});
