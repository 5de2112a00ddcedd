// The system-wide banner message, set by operators with the CLI and read by every portal.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SystemMessageSchema, type SystemMessage } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { systemMessages } from '../../db/schema.ts';

const SINGLETON_ID = 1;

export async function readSystemMessage(db: Executor): Promise<SystemMessage> {
  const [row] = await db.select().from(systemMessages).where(eq(systemMessages.id, SINGLETON_ID));
  return {
    message: row?.message ?? null,
    severity: (row?.severity as SystemMessage['severity']) ?? 'info',
    updatedAt: row?.updatedAt?.toISOString() ?? null,
  };
}

export async function writeSystemMessage(db: Executor, message: string | null, severity: SystemMessage['severity'] = 'info') {
  const values = { message, severity, updatedAt: new Date() };
  await db.insert(systemMessages).values({ id: SINGLETON_ID, ...values }).onConflictDoUpdate({ target: systemMessages.id, set: values });
}

/** GET /hub/system-message: public (shown on the sign-in page too), cached briefly by browsers. */
export async function systemMessageRoutes(app: FastifyInstance, { db }: { db: Executor }) {
  app.withTypeProvider<ZodTypeProvider>().get('/system-message', {
    schema: { tags: ['System'], summary: 'The current system message, if any', response: { 200: SystemMessageSchema } },
  }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=30');
    return readSystemMessage(db);
  });
}
