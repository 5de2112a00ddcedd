// Where an orders list's cost goes, part by part, on a database an orders-list run left
// (`node --import tsx bench/orders-list.ts --keep`):
//
//   node --import tsx bench/orders-list-parts.ts <database> [query] [email]
//
// query: the list's query string (page=0&size=20&sort=subjectLabel,asc, the shape (c) of
// orders-list.ts); email: whose list (manager@fleet-0001.test, the largest company's Manager).
// Environment: BENCH_SECONDS (3) per route and round, BENCH_ROUNDS (5), BENCH_CONNECTIONS (10),
// BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres, the server of the database).
//
// orders-list.ts gives one ratio per shape; this one adds the list's parts to the in-memory page one
// at a time, all on the same Fastify instance behind the same authentication hook and response
// schema, measured in turn within each round:
//   1. the in-memory page (orders-list.ts's baseline);
//   2. the same page after one trivial statement (`select 1`) on the company's connection: what a
//      second round trip costs;
//   3. the same page after OrdersService.list's own statement (its rows read and mapped, then
//      dropped): what reading the list costs beyond a round trip;
//   4. the list's fresh page answered instead (serializing new Orders rather than the same ones);
//   5. GET /api/v1/orders itself (its querystring validated, logged).
// It prints each route's requests/s, this process's CPU per request (server and autocannon share
// the process) and the median ratio to the in-memory page. Loopback only; the database is kept.
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OrderListFilterSchema, OrderSchema, PageQuerySchema, pageOf, type Order, type Page } from '@clearlane/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { OrdersService } from '../apps/server/src/modules/orders/orders.service.ts';
import { openPreparedDatabase } from '../apps/server/src/runtime.ts';

const [databaseName, query = 'page=0&size=20&sort=subjectLabel,asc', email = 'manager@fleet-0001.test'] = process.argv.slice(2);
if (!databaseName || !/^[a-z_][a-z0-9_]*$/.test(databaseName)) throw new Error('usage: orders-list-parts.ts <database left by orders-list.ts --keep> [query] [email]');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const databaseUrl = new URL(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
databaseUrl.pathname = `/${databaseName}`;

interface Measured {
  perSecond: number;
  /** CPU of this process per request, µs. */
  cpu: number;
}

const config = loadConfig({
  NODE_ENV: 'production', DATABASE_URL: databaseUrl.toString(), LOG_LEVEL: 'silent', SEED_DEMO: 'false', HOST: '127.0.0.1', PORT: '0', ID_TOKEN_TTL_SECONDS: '7200',
});
const handle = await openPreparedDatabase(config, { seedDemo: false });
const { app } = await buildApp({ config, db: handle.db });
const orders = new OrdersService(handle.db, () => undefined);
const listQuery = PageQuerySchema.extend(OrderListFilterSchema.shape).parse(Object.fromEntries(new URLSearchParams(query)));
let memoryPage: Page<Order> | undefined;
const pageInMemory = () => {
  if (!memoryPage) throw new Error('the in-memory page is not ready');
  return memoryPage;
};
await app.register(async (scope) => {
  scope.addHook('onRequest', app.authenticate);
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const options = { schema: { hide: true, response: { 200: pageOf(OrderSchema) } } };
  routes.get('/in-memory', options, async () => pageInMemory());
  routes.get('/after-select-1', options, async () => {
    await handle.db.execute(sql`select 1`);
    return pageInMemory();
  });
  routes.get('/after-list-statement', options, async (request) => {
    await orders.list(request.principal!, listQuery);
    return pageInMemory();
  });
  routes.get('/list-page', options, async (request) => orders.list(request.principal!, listQuery));
}, { prefix: '/api/v1/bench-parts' });

try {
  const base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email, password: 'Clearlane-demo-1' } });
  if (signIn.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${signIn.statusCode} ${signIn.body}`);
  const headers = { authorization: `Bearer ${signIn.json().tokens.idToken}` };
  const first = await app.inject({ method: 'GET', url: '/api/v1/orders?page=0&size=20', headers });
  if (first.statusCode !== 200) throw new Error(`GET /orders answered ${first.statusCode}: ${first.body}`);
  memoryPage = first.json<Page<Order>>();

  const measure = async (path: string): Promise<Measured> => {
    await autocannon({ url: base + path, connections: CONNECTIONS, duration: 1, headers });
    const before = process.cpuUsage();
    const result = await autocannon({ url: base + path, connections: CONNECTIONS, duration: SECONDS, headers, timeout: 60 });
    const used = process.cpuUsage(before);
    if (result.non2xx || result.errors || result.timeouts) throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
    return { perSecond: result['2xx'] / result.duration, cpu: (used.user + used.system) / result['2xx'] };
  };
  const routes = [
    ['in-memory page', '/api/v1/bench-parts/in-memory'],
    ['+ select 1', '/api/v1/bench-parts/after-select-1'],
    ['+ the list statement', '/api/v1/bench-parts/after-list-statement'],
    ['the list\'s page', '/api/v1/bench-parts/list-page'],
    ['GET /orders', `/api/v1/orders?${query}`],
  ] as const;
  console.log(`Clearlane bench: orders-list-parts — ${databaseName}, ${email}, ?${query}; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per route`);
  const results = routes.map((): Measured[] => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, [, path]] of routes.entries()) results[index]!.push(await measure(path));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const baseline = results[0]!;
  for (const [index, [title]] of routes.entries()) {
    const runs = results[index]!;
    const ratios = runs.map((run, round) => run.perSecond / baseline[round]!.perSecond);
    console.log(`  ${title.padEnd(22)} ${median(runs.map((run) => run.perSecond)).toFixed(0).padStart(5)} req/s   CPU ${median(runs.map((run) => run.cpu)).toFixed(0).padStart(4)} µs/request   ` +
      `ratio ${median(ratios).toFixed(2)} [${ratios.map((ratio) => ratio.toFixed(2)).join(' ')}]`);
  }
} finally {
  await app.close();
  await handle.close();
}
