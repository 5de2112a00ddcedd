// Rows of "Your account" that the sign-in repository has no function for. Keyed by user, like
// every identity row (identity precedes any company).
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { refreshTokens } from '../db/schema.ts';

/** Ends every sign-in of the user but one (the session that asked), at once: the guard checks families on every request. */
export async function revokeOtherFamiliesOfUser(db: Executor, userId: string, keepFamilyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), ne(refreshTokens.familyId, keepFamilyId), isNull(refreshTokens.revokedAt)));
}
