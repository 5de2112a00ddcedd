// A refresh family is one sign-in; its id is the `sid` of every token it issues. Sign-out and
// token theft revoke the family, and the request guard asks here on every request, so that takes
// effect at once rather than at the id token's expiry.
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { refreshTokens } from '../db/schema.ts';

/** A family is live while any of its tokens is unrevoked. */
export async function isFamilyLive(db: Executor, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return row !== undefined;
}
