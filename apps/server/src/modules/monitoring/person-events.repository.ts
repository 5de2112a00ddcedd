// A driver's history (person_events): written beside the change it records, in the same
// transaction; read newest first with the actor's name.
import { and, desc, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { PersonEventType } from '@clearlane/contract';
import type { Executor } from '../../db/client.ts';
import { readCountedPage } from '../../db/capped-count.ts';
import { personEvents, users } from '../../db/schema.ts';

export interface NewPersonEvent {
  personId: string;
  type: PersonEventType;
  message: string;
  actorId: string | null;
  data?: Record<string, unknown> | null;
}

/** Inserts events of one company (one statement, however many drivers a bulk change touched). */
export async function insertPersonEvents(db: Executor, companyId: string, events: NewPersonEvent[]) {
  if (events.length === 0) return;
  await db.insert(personEvents).values(events.map((event) => ({ id: uuidv7(), companyId, data: null, ...event })));
}

export async function listPersonEvents(db: Executor, query: { companyId: string; personId: string; page: number; size: number }) {
  const where = and(eq(personEvents.companyId, query.companyId), eq(personEvents.personId, query.personId));
  const offset = query.page * query.size;
  return readCountedPage(db, { matching: db.select({ one: sql`1` }).from(personEvents).where(where), offset }, (matchingCount) =>
    db
      .select({
        id: personEvents.id,
        type: personEvents.type,
        message: personEvents.message,
        actorId: personEvents.actorId,
        actorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
        data: personEvents.data,
        createdAt: personEvents.createdAt,
        matchingCount,
      })
      .from(personEvents)
      .leftJoin(users, eq(users.id, personEvents.actorId))
      .where(where)
      // uuidv7 ids grow with time: they order events written in the same instant.
      .orderBy(desc(personEvents.createdAt), desc(personEvents.id))
      .limit(query.size)
      .offset(offset),
  );
}

export type PersonEventRow = Awaited<ReturnType<typeof listPersonEvents>>['rows'][number];
