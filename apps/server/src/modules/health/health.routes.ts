import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthSchema, type Health } from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import { queueIsHealthy, type Queue } from '../../jobs/queue.ts';

export interface HealthDeps {
  db: Database;
  queue: () => Queue | undefined;
  version: string;
}

async function timed(check: () => Promise<boolean>) {
  const started = performance.now();
  try {
    const ok = await check();
    return { status: ok ? ('up' as const) : ('down' as const), latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return { status: 'down' as const, detail: (error as Error).message.slice(0, 200) };
  }
}

export async function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/health', {
    schema: { tags: ['System'], summary: 'Readiness of API, database and job queue', response: { 200: HealthSchema, 503: HealthSchema } },
  }, async (_request, reply) => {
    const database = await timed(async () => (await deps.db.execute(sql`select 1`), true));
    const queue = deps.queue();
    const queueHealth = queue ? await timed(() => queueIsHealthy(queue)) : { status: 'down' as const, detail: 'The job queue is not running in this process.' };
    const components: Health['components'] = { api: { status: 'up' }, database, queue: queueHealth };
    const status = database.status === 'up' && queueHealth.status === 'up' ? 'up' : 'down';
    reply.header('cache-control', 'no-store');
    return reply.status(status === 'up' ? 200 : 503).send({ status, version: deps.version, uptimeSeconds: Math.round(process.uptime()), components });
  });
}
