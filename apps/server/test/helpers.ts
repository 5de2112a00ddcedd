// The test harness (fastify/demo's `build(t)`, immich's factories): a fresh database per suite,
// the real app on top of it, and factories for companies, users and sign-ins.
// Every suite runs on embedded PGlite; with DATABASE_URL set it runs on PostgreSQL as well, each
// suite in a database of its own that is dropped afterwards.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { RoleName, Tokens } from '@clearlane/contract';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/config.ts';
import { openDatabase, runMigrations, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { Messenger } from '../src/mail/messenger.ts';
import { sql } from 'drizzle-orm';
import { FULFIL_ORDER_JOB, FULFIL_ORDER_RETRY, startQueue, type Queue } from '../src/jobs/queue.ts';
import { OrderFulfilment, type OrdersFinishedListener } from '../src/modules/orders/orders.jobs.ts';
import { SheetDispatch } from '../src/modules/bulk-orders/sheet-dispatch.jobs.ts';
import { sandboxProviders, type ReportProviders } from '../src/providers/report-providers.ts';
import { seedRolePermissions } from '../src/seed/roles.ts';
import { createActiveUser, upsertCompany } from '../src/seed/operator.ts';
import { updateUser } from '../src/identity/identity.repository.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export const TEST_PASSWORD = 'Test-password-1';
export const ACME_HOST = 'acme.localhost:3000';
export const GLOBEX_HOST = 'globex.localhost:3000';

/** Settings of every test app; a suite may override or add some. */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  ROOT_DOMAIN: 'localhost',
  PORTAL_URL: 'http://localhost:3000',
  SEED_DEMO: 'false',
  // Tests sign in far more often than a person; the limit itself has its own test.
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
};

export interface TestDatabase {
  kind: DatabaseKind;
  handle: DatabaseHandle;
  db: Database;
  close(): Promise<void>;
}

const randomSuffix = () => randomBytes(6).toString('hex');

/** A fresh, migrated database with the default role permissions. */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await runMigrations(handle);
    await seedRolePermissions(handle.db);
    return { kind, handle, db: handle.db, close: () => handle.close() };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `clearlane_t_${randomSuffix()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  // pg's pool.end() resolves before its sockets are gone: wait for them to leave rather than
  // terminate them (a terminated connection is reported as lost, a warning in the test run's output).
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          await dropper.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? ' WITH (FORCE)' : ''}`);
          return;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error; // 55006: still in use
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    } finally {
      await dropper.end();
    }
  };
  try {
    await runMigrations(handle);
    await seedRolePermissions(handle.db);
  } catch (error) {
    await handle.close();
    await drop();
    throw error;
  }
  return {
    kind,
    handle,
    db: handle.db,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ ...TEST_ENV, ...env });
}

export interface TestApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  db: Database;
  config: Config;
  messenger: Messenger;
  services: BuiltApp['services'];
  /** The job queue, when the suite asked for one (TestAppOptions.queue). */
  queue?: Queue;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Starts the job queue too (as main.ts does), for what reports on it. */
  queue?: boolean;
  /** The HTTP client of calls to OpenID providers (support/oidc-test-provider.ts). */
  oidcFetch?: Parameters<typeof buildApp>[0]['oidcFetch'];
}

/** Builds the app on a fresh database of the given kind. */
export async function createTestApp(kind: DatabaseKind = 'pglite', env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  let queue: Queue | undefined;
  try {
    const config = testConfig(env);
    const messenger = new Messenger(database.db, config);
    if (options.queue) queue = await startQueue(database.handle, (error) => console.error('job queue error', error));
    const built = await buildApp({ config, db: database.db, messenger, queue: () => queue, oidcFetch: options.oidcFetch });
    await built.app.ready();
    return {
      kind,
      app: built.app,
      db: database.db,
      config,
      messenger,
      services: built.services,
      queue,
      close: async () => {
        await built.app.close();
        await queue?.stop({ graceful: false });
        await database.close();
      },
    };
  } catch (error) {
    await queue?.stop({ graceful: false });
    await database.close();
    throw error;
  }
}

/** The database kinds this run covers: PGlite always, PostgreSQL when DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * Runs a suite once per database kind, each on its own fresh database and app. The suite receives
 * an object that is filled before its first test runs (read its fields inside tests and hooks).
 */
export function describeEachDatabase(name: string, fn: (t: TestApp) => void, env: Record<string, string> = {}, options: TestAppOptions = {}) {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      const t = { kind } as TestApp;
      beforeAll(async () => {
        Object.assign(t, await createTestApp(kind, env, options));
      });
      afterAll(async () => {
        await t.close?.();
      });
      fn(t);
    });
  }
}

// --- factories ---

export const uniqueEmail = (label = 'user', domain = 'example.test') => `${label}.${randomSuffix()}@${domain}`;

export async function newCompany(db: Database, tenant: string, name = `${tenant[0]!.toUpperCase()}${tenant.slice(1)} Inc.`, extra: { customDomains?: string[]; plugins?: string[] } = {}) {
  return upsertCompany(db, { tenantIdentifier: tenant, name, ...extra });
}

export interface NewUserInput {
  tenant: string;
  role?: RoleName;
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  smsMfa?: boolean;
  mfaRequired?: boolean;
  /** Enables TOTP with this secret (as if the user had set it up). */
  totpSecret?: string;
  status?: 'ACTIVE' | 'RESET_REQUIRED' | 'DISABLED';
}

export interface NewUser {
  userId: string;
  companyId: string;
  email: string;
  password: string;
}

export async function newUser(db: Database, input: NewUserInput): Promise<NewUser> {
  const email = (input.email ?? uniqueEmail(input.role?.toLowerCase().replace(/\s+/g, '-') ?? 'user')).toLowerCase();
  const password = input.password ?? TEST_PASSWORD;
  const created = await createActiveUser(db, {
    tenantIdentifier: input.tenant,
    email,
    firstName: input.firstName ?? 'Test',
    lastName: input.lastName ?? 'User',
    role: input.role ?? 'Manager',
    password,
    phoneNumber: input.phoneNumber,
    smsMfa: input.smsMfa,
    mfaRequired: input.mfaRequired,
  });
  if (input.totpSecret) await updateUser(db, created.userId, { totpSecret: input.totpSecret, totpEnabled: true });
  if (input.status && input.status !== 'ACTIVE') await updateUser(db, created.userId, { status: input.status });
  return { ...created, email, password };
}

/** Acme (a user of every role) and Globex (an admin): the two companies most tests need. */
export async function seedTwoCompanies(db: Database) {
  const acme = await newCompany(db, 'acme', 'Acme Logistics');
  const globex = await newCompany(db, 'globex', 'Globex Insurance');
  const users = {
    admin: await newUser(db, { tenant: 'acme', role: 'Company Admin', firstName: 'Ada', lastName: 'Admin' }),
    manager: await newUser(db, { tenant: 'acme', role: 'Manager', firstName: 'Max', lastName: 'Manager' }),
    agent: await newUser(db, { tenant: 'acme', role: 'Agent', firstName: 'Aggie', lastName: 'Agent' }),
    viewer: await newUser(db, { tenant: 'acme', role: 'Viewer', firstName: 'Vic', lastName: 'Viewer' }),
    globexAdmin: await newUser(db, { tenant: 'globex', role: 'Company Admin', firstName: 'Gus', lastName: 'Globex' }),
  };
  return { acme, globex, users };
}

// --- requests ---

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function json<T = Record<string, any>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

export async function post(app: FastifyInstance, url: string, payload: unknown, options: Partial<InjectOptions> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...options, headers: { host: ACME_HOST, ...options.headers } });
}

export async function get(app: FastifyInstance, url: string, token?: string, host = ACME_HOST) {
  return app.inject({ method: 'GET', url, headers: { host, ...(token ? bearer(token) : {}) } });
}

/** Signs in a user without MFA and returns their tokens; fails the test if sign-in is not DONE. */
export async function signInAs(app: FastifyInstance, email: string, password = TEST_PASSWORD, host = ACME_HOST): Promise<Tokens> {
  const response = await post(app, '/api/v1/auth/sign-in', { email, password }, { headers: { host } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.nextStep, response.body).toBe('DONE');
  return body.tokens as Tokens;
}

/** The newest outbox message to a recipient (an email address or a phone number). */
export async function latestMessage(messenger: Messenger, recipient: string) {
  const [message] = await messenger.latest(1, recipient);
  if (!message) throw new Error(`No message to ${recipient} in the outbox`);
  return message;
}

export const sixDigitCodeIn = (text: string) => {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`No 6-digit code in: ${text}`);
  return match[1]!;
};

export const temporaryPasswordIn = (text: string) => {
  const match = /temporary password: (\S+)/.exec(text);
  if (!match) throw new Error(`No temporary password in: ${text}`);
  return match[1]!;
};

/** Asserts an RFC 9457 problem answer and returns its body. */
export function expectProblem(response: LightMyRequestResponse, status: number, code?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = response.json();
  expect(body.status).toBe(status);
  expect(typeof body.title).toBe('string');
  if (code) expect(body.code).toBe(code);
  return body as { type: string; title: string; status: number; detail?: string; code: string; errors?: { path: string; message: string }[]; retryAfterSeconds?: number };
}

/** The paths named by a problem's field errors. */
export const errorPaths = (problem: { errors?: { path: string }[] }) => (problem.errors ?? []).map((error) => error.path);

/** Asserts a successful answer (200 unless told) and returns its JSON body. */
export function expectOk(response: LightMyRequestResponse, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

/** Asserts a problem answer that names at least these field paths (and this code, if given). */
export function expectRefused(response: LightMyRequestResponse, status: number, paths: string[] = [], code?: string) {
  const problem = expectProblem(response, status, code);
  if (paths.length > 0) expect(errorPaths(problem)).toEqual(expect.arrayContaining(paths));
  return problem;
}

/**
 * Every route the app serves, as "METHOD /path/{param}" (HEAD left out), read from Fastify's own
 * route tree so that a route added anywhere shows up here without editing a list.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

// --- orders ---

/** The attempts pg-boss makes of a fulfilment job: the first run and FULFIL_ORDER_RETRY's retries. */
export const FULFIL_ATTEMPTS = FULFIL_ORDER_RETRY.retryLimit + 1;

/**
 * Runs an order's fulfilment job the way the pg-boss worker would, without the queue's timing:
 * attempt after attempt while the job throws (a transient failure), the last one marked as last.
 * The sandbox providers' slow answer does not wait. Returns the sleeps asked for and the attempts made.
 * `onFinished` is what main.ts tells the fulfilment to do when orders finish (claims follow them).
 */
export async function fulfilOrder(db: Database, order: { id: string; companyId: string }, providers?: ReportProviders, onFinished?: OrdersFinishedListener) {
  const sleeps: number[] = [];
  const fulfilment = new OrderFulfilment(db, providers ?? sandboxProviders(db, { sleep: async (ms) => void sleeps.push(ms) }), undefined, onFinished);
  for (let number = 1; number <= FULFIL_ATTEMPTS; number++) {
    try {
      await fulfilment.fulfil({ orderId: order.id, companyId: order.companyId }, { number, isLast: number === FULFIL_ATTEMPTS });
      return { attempts: number, sleeps };
    } catch (error) {
      if (number === FULFIL_ATTEMPTS) throw error;
    }
  }
  return { attempts: FULFIL_ATTEMPTS, sleeps };
}

/**
 * Runs a bulk sheet's dispatch job the way its pg-boss worker would (bulk-orders/sheet-dispatch.jobs.ts):
 * the sheet's orders get their subject words and fulfilment jobs. Answers how many orders it queued.
 */
export async function dispatchSheet(t: { db: Database; queue?: Queue }, companyId: string, reportGroupId: string): Promise<number> {
  if (!t.queue) throw new Error('dispatchSheet needs a suite with the job queue (TestAppOptions.queue)');
  return new SheetDispatch(t.db).dispatch(t.queue, { companyId, reportGroupId });
}

/** The pg-boss fulfilment jobs written for an order (the queue's own table), as their data. */
export async function jobsOfOrder(db: Database, orderId: string): Promise<{ data: unknown }[]> {
  const result = await db.execute(sql`select data from pgboss.job where name = ${FULFIL_ORDER_JOB} and data->>'orderId' = ${orderId}`);
  return (result as unknown as { rows: { data: unknown }[] }).rows;
}
