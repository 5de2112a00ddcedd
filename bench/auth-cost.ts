// What authentication costs per request: a page of 20 users held in memory, answered by a bare
// Fastify instance (same response schema and serializer, no hooks) and by the real app behind its
// authentication hook (`app.authenticate`: JWT check + the caller's principal from the database).
// On PGlite in memory, and on PostgreSQL too when DATABASE_URL is set (a throwaway database,
// dropped at the end).
//
//   node --import tsx bench/auth-cost.ts          (BENCH_SECONDS=5 BENCH_CONNECTIONS=10)
//
// Prints, for each: requests/s, latency, and the CPU time of this process per request (server and
// load generator share the process, so the bare run's CPU per request is the common part). Then the
// throughput ratio behind auth ÷ bare, and the authentication overhead per request twice: in
// throughput terms (1/auth − 1/bare) and in CPU (auth − bare, plus PostgreSQL's own time when it is
// the database: not in this process). CPU per request is the steadier figure on a shared machine.
// Loopback only; each run is bounded by its duration.
import { cpus, loadavg } from 'node:os';
import autocannon, { type Result } from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf, UserSummarySchema, type Page, type UserSummary } from '@clearlane/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { openPreparedDatabase } from '../apps/server/src/runtime.ts';
import { createThrowawayDatabase } from './support/throwaway-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EMAIL = 'admin@acme.test';
const PASSWORD = 'Clearlane-demo-1';

const memoryPage: Page<UserSummary> = {
  content: Array.from({ length: 20 }, (_, i) => ({
    id: `0190a000-0000-7000-8000-${String(i).padStart(12, '0')}`,
    email: `user${i}@acme.test`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    role: 'Agent' as const,
    status: 'ACTIVE' as const,
    enabled: true,
    mfaEnabled: i % 2 === 0,
    mfaFactors: i % 2 === 0 ? ['TOTP' as const] : [],
    invitedAt: null,
    lastSignInAt: '2026-11-23T10:00:00.000Z',
    createdAt: '2026-11-01T10:00:00.000Z',
  })),
  page: { number: 0, size: 20, totalElements: 20, totalPages: 1 },
};

/** The in-memory page route, on any Fastify instance: same schema, same serializer. */
function registerMemoryPage(app: FastifyInstance, path: string) {
  app.withTypeProvider<ZodTypeProvider>().get(path, { schema: { hide: true, response: { 200: pageOf(UserSummarySchema) } } }, async () => memoryPage);
}

interface Measured {
  result: Result;
  /** Microseconds of this process's CPU per answered request. */
  cpuPerRequest: number;
}

async function measure(title: string, url: string, headers: Record<string, string> = {}): Promise<Measured> {
  // A short warm-up (JIT, connection pools, prepared statements), then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const before = process.cpuUsage();
  const result = await autocannon({ title, url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpu = process.cpuUsage(before);
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts (${JSON.stringify(result.statusCodeStats)})`);
  }
  return { result, cpuPerRequest: (cpu.user + cpu.system) / Math.max(result['2xx'], 1) };
}

const row = ({ result, cpuPerRequest }: Measured) =>
  `  ${(result.title ?? '').padEnd(14)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ${cpuPerRequest.toFixed(0).padStart(5)} µs CPU/request   (${result['2xx']} requests)`;

async function benchDatabase(label: string, env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'true', HOST: '127.0.0.1', PORT: '0', DATA_DIR: 'memory://bench', ...env });
  const handle = await openPreparedDatabase(config, { seedDemo: true });
  const { app } = await buildApp({ config, db: handle.db });
  await app.register(async (scope) => {
    scope.addHook('onRequest', app.authenticate);
    registerMemoryPage(scope, '/users-in-memory');
  }, { prefix: '/api/v1/bench' });
  const bare = Fastify({ logger: false });
  bare.setValidatorCompiler(validatorCompiler);
  bare.setSerializerCompiler(serializerCompiler);
  registerMemoryPage(bare, '/users-in-memory');
  try {
    const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: EMAIL, password: PASSWORD } });
    const signedIn = signIn.json();
    if (signIn.statusCode !== 200 || signedIn.nextStep !== 'DONE') throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
    const headers = { authorization: `Bearer ${signedIn.tokens.idToken as string}` };
    const appBase = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
    const bareBase = (await bare.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');

    console.log(`\n${label}`);
    const bareRun = await measure('bare Fastify', `${bareBase}/users-in-memory`);
    const authRun = await measure('behind auth', `${appBase}/api/v1/bench/users-in-memory`, headers);
    console.log(row(bareRun));
    console.log(row(authRun));
    const bareRate = bareRun.result.requests.average;
    const authRate = authRun.result.requests.average;
    console.log(`  ratio behind auth ÷ bare throughput: ${(authRate / bareRate).toFixed(3)} (bare answers ${(bareRate / authRate).toFixed(1)}× as many)`);
    console.log(`  authentication overhead: ${(1e6 / authRate - 1e6 / bareRate).toFixed(0)} µs per request by throughput (1/auth − 1/bare), ` +
      `${(authRun.cpuPerRequest - bareRun.cpuPerRequest).toFixed(0)} µs CPU per request in this process (auth − bare)`);
  } finally {
    await app.close();
    await bare.close();
    await handle.close();
  }
}


console.log(`Clearlane bench: auth-cost — ${CONNECTIONS} connections, ${SECONDS} s per route, Node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`);
await benchDatabase('PGlite in memory', {});
if (process.env.DATABASE_URL) {
  const database = await createThrowawayDatabase(process.env.DATABASE_URL, 'auth');
  try {
    await benchDatabase('PostgreSQL', { DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}
console.log(`\nload average at the end: ${loadavg()[0]!.toFixed(1)}`);
