// GET /api/v1/users/me (bearer token: verify the JWT, load the user, memberships and permissions)
// against GET /api/v1/health (select 1 + a queue probe), on the embedded database in memory.
//
//   node --import tsx bench/sign-in-and-me.ts          (BENCH_SECONDS=5 BENCH_CONNECTIONS=10)
//
// Prints requests/s and latency for each, and the ratio of /users/me to /health throughput: how
// much an authenticated, permission-carrying read costs next to the cheapest route of the server.
// Loopback only; each run is bounded by its duration.
import autocannon, { type Result } from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { startQueue } from '../apps/server/src/jobs/queue.ts';
import { Messenger } from '../apps/server/src/mail/messenger.ts';
import { openPreparedDatabase } from '../apps/server/src/runtime.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EMAIL = 'admin@acme.test';
const PASSWORD = 'Clearlane-demo-1';

const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: 'memory://bench', LOG_LEVEL: 'silent', SEED_DEMO: 'true', HOST: '127.0.0.1', PORT: '0' });
const handle = await openPreparedDatabase(config, { seedDemo: true });
const messenger = new Messenger(handle.db, config);
const queue = await startQueue(handle, (error) => console.error('queue error:', error.message));
const { app } = await buildApp({ config, db: handle.db, queue: () => queue, messenger });

try {
  const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: EMAIL, password: PASSWORD } });
  const signedIn = signIn.json();
  if (signIn.statusCode !== 200 || signedIn.nextStep !== 'DONE') throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  const idToken: string = signedIn.tokens.idToken;

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const base = address.replace('[::1]', '127.0.0.1');

  const measure = async (title: string, path: string, headers: Record<string, string> = {}): Promise<Result> => {
    // A short warm-up (JIT, connection pools), then the measured run.
    await autocannon({ url: base + path, connections: CONNECTIONS, duration: 1, headers });
    const result = await autocannon({ title, url: base + path, connections: CONNECTIONS, duration: SECONDS, headers });
    if (result.non2xx || result.errors || result.timeouts) {
      throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts (${JSON.stringify(result.statusCodeStats)})`);
    }
    return result;
  };

  console.log(`Clearlane bench: sign-in-and-me — PGlite in memory, ${CONNECTIONS} connections, ${SECONDS} s per route, Node ${process.version}`);
  const health = await measure('GET /api/v1/health', '/api/v1/health');
  const me = await measure('GET /api/v1/users/me', '/api/v1/users/me', { authorization: `Bearer ${idToken}` });

  const row = (result: Result) =>
    `${(result.title ?? '').padEnd(22)} ${result.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   (${result['2xx']} requests)`;
  console.log(row(health));
  console.log(row(me));
  console.log(`ratio /users/me ÷ /health throughput: ${(me.requests.average / health.requests.average).toFixed(2)}`);
  console.log(`ratio /users/me ÷ /health p99 latency: ${(me.latency.p99 / Math.max(health.latency.p99, 1)).toFixed(2)}`);
} finally {
  await app.close();
  await queue.stop({ graceful: false, timeout: 2_000 }).catch(() => {});
  await handle.close();
}
