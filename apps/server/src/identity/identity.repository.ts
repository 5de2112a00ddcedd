// Identity rows: users (global), their memberships, sign-in challenges, codes and refresh tokens.
// Identity precedes any company, so these functions are keyed by user, not by company.
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { runOutsideCompany } from '../db/tenant-scope.ts';
import { companies, loginAttempts, memberships, refreshTokens, signInChallenges, users, verificationCodes } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function updateUser(db: Executor, id: string, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, id));
}

/**
 * Records a TOTP time step as used, only if it is later than the last one used: two sign-ins
 * sending the same code at once cannot both win. False means the code was already spent.
 */
export async function claimTotpStep(db: Executor, id: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export interface MembershipWithCompany {
  companyId: string;
  companyName: string;
  tenantIdentifier: string;
  role: string;
  /** False when a Company Admin of that company switched the user off there. */
  enabled: boolean;
}

/**
 * Every company a user belongs to. A user's own memberships are identity, not one company's data:
 * the query runs outside the company scope, because row-level security (migration 0006) shows
 * company work only its own company's memberships, and `/users/me` lists all of them.
 */
export async function membershipsOf(db: Executor, userId: string): Promise<MembershipWithCompany[]> {
  return runOutsideCompany(() => db
    .select({
      companyId: companies.id, companyName: companies.name, tenantIdentifier: companies.tenantIdentifier, role: memberships.role,
      enabled: sql<boolean>`(${memberships.disabledAt} is null)`,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(companies.tenantIdentifier)));
}

// --- failed sign-ins ---

export async function lockStateOf(db: Executor, email: string) {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.email, email));
  return row;
}

/** Failures further apart than this start the count afresh: typos spread over weeks never lock. */
export const FAILED_SIGN_IN_WINDOW_MS = 24 * 3600_000;

/** Counts one more failure atomically and returns the new count. */
export async function recordFailedSignIn(db: Executor, email: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - FAILED_SIGN_IN_WINDOW_MS);
  const [row] = await db
    .insert(loginAttempts)
    .values({ email, failedCount: 1, lastFailedAt: now })
    .onConflictDoUpdate({
      target: loginAttempts.email,
      set: {
        failedCount: sql`case when ${loginAttempts.lastFailedAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginAttempts.failedCount} + 1 end`,
        lastFailedAt: now,
      },
    })
    .returning({ failedCount: loginAttempts.failedCount });
  return row!.failedCount;
}

export async function setLockedUntil(db: Executor, email: string, lockedUntil: Date) {
  await db.update(loginAttempts).set({ lockedUntil }).where(eq(loginAttempts.email, email));
}

export async function clearFailedSignIns(db: Executor, email: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}

// --- challenges ---

export type ChallengeRow = typeof signInChallenges.$inferSelect;

export async function findChallenge(db: Executor, handleHash: string, now: Date): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(and(eq(signInChallenges.handleHash, handleHash), gt(signInChallenges.expiresAt, now)));
  return row;
}

export async function insertChallenge(db: Executor, values: typeof signInChallenges.$inferInsert) {
  await db.insert(signInChallenges).values(values);
}

export async function updateChallenge(db: Executor, id: string, values: Partial<typeof signInChallenges.$inferInsert>) {
  await db.update(signInChallenges).set(values).where(eq(signInChallenges.id, id));
}

/** Deletes a challenge; false when another request already finished it. */
export async function deleteChallenge(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(signInChallenges).where(eq(signInChallenges.id, id)).returning({ id: signInChallenges.id });
  return rows.length === 1;
}

// --- one-time codes ---

export async function insertCode(db: Executor, values: typeof verificationCodes.$inferInsert) {
  // A new code replaces any earlier one of the same purpose.
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.userId, values.userId), eq(verificationCodes.purpose, values.purpose), isNull(verificationCodes.consumedAt)));
  await db.insert(verificationCodes).values(values);
}

export async function latestOpenCode(db: Executor, userId: string, purpose: string) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(sql`${verificationCodes.createdAt} desc`)
    .limit(1);
  return row;
}

export async function updateCode(db: Executor, id: string, values: Partial<typeof verificationCodes.$inferInsert>) {
  await db.update(verificationCodes).set(values).where(eq(verificationCodes.id, id));
}

// --- refresh tokens ---

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

export async function insertRefreshToken(db: Executor, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values);
}

/** Marks a token rotated only if nobody rotated it first; false means it was already used. */
export async function markRotated(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Executor, familyId: string, now: Date) {
  await db.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllFamiliesOfUser(db: Executor, userId: string, now: Date) {
  await db.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Ends the user's sessions in one company (they were switched off there); others stay signed in. */
export async function revokeFamiliesOfMembership(db: Executor, userId: string, companyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.companyId, companyId), isNull(refreshTokens.revokedAt)));
}
