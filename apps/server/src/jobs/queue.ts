// The durable job queue: pg-boss on the same database (PGlite or PostgreSQL), so a job is as safe
// as the rows it belongs to and needs no other server.
import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';

export type Queue = PgBoss;

export async function startQueue(handle: DatabaseHandle, log: (error: Error) => void): Promise<Queue> {
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(handle.pglite! as never), backend: 'pglite' } as never)
      : new PgBoss({ connectionString: handle.connectionString!, max: 4 });
  boss.on('error', log);
  await boss.start();
  return boss;
}

export async function queueIsHealthy(boss: Queue): Promise<boolean> {
  try {
    await boss.getQueues();
    return true;
  } catch {
    return false;
  }
}
