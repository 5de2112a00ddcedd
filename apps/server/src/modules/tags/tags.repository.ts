// Tags of one company. Every function takes companyId and puts it first in its WHERE.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tags } from '../../db/schema.ts';

const tagColumns = { name: tags.name, color: tags.color, visible: tags.visible };

export async function listCompanyTags(db: Executor, companyId: string, options: { visibleOnly?: boolean } = {}) {
  return db
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.companyId, companyId), ...(options.visibleOnly ? [eq(tags.visible, true)] : [])))
    .orderBy(asc(tags.name));
}

/** Inserts a tag; a name the company already has is a unique violation for the caller to answer. */
export async function insertTag(db: Executor, companyId: string, tag: { name: string; color: string; visible: boolean }) {
  const [row] = await db.insert(tags).values({ companyId, ...tag }).returning(tagColumns);
  return row!;
}

/**
 * Makes sure the company has these tags (new ones visible and gray) and returns them all, for
 * tagging orders. Takes a transaction's `tx` so tagging commits with the order. Names are used as
 * given: validate them (TagNameSchema) before calling.
 */
export async function upsertTags(db: Executor, companyId: string, names: readonly string[]) {
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  await db.insert(tags).values(unique.map((name) => ({ companyId, name }))).onConflictDoNothing();
  return db.select(tagColumns).from(tags).where(and(eq(tags.companyId, companyId), inArray(tags.name, unique))).orderBy(asc(tags.name));
}
