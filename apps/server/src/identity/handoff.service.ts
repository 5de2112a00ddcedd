// Carries a signed-in user to their own tenant's host. Cookies do not cross hosts (and custom
// domains are other sites), so the old host asks for a one-time, 60-second code and the tenant
// host redeems it for a fresh sign-in of its own.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AUTH_ERROR_CODES } from '@clearlane/contract';
import type { Database } from '../db/client.ts';
import { handoffCodes } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { Principal } from '../access/principal.ts';
import { randomHandle, sha256 } from './secrets.ts';
import { findUserById } from './identity.repository.ts';
import type { SignInService } from './sign-in.service.ts';

const HANDOFF_TTL_MS = 60_000;

export class HandoffService {
  constructor(private readonly db: Database, private readonly signIn: SignInService) {}

  async create(principal: Principal) {
    const code = randomHandle();
    await this.db.insert(handoffCodes).values({
      codeHash: sha256(code),
      userId: principal.userId,
      companyId: principal.companyId,
      expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
    });
    return { code, tenantIdentifier: principal.tenantIdentifier };
  }

  async redeem(code: string) {
    const now = new Date();
    const [row] = await this.db
      .update(handoffCodes)
      .set({ usedAt: now })
      .where(and(eq(handoffCodes.codeHash, sha256(code)), isNull(handoffCodes.usedAt), gt(handoffCodes.expiresAt, now)))
      .returning();
    const user = row ? await findUserById(this.db, row.userId) : undefined;
    if (!row || !user || user.status === 'DISABLED') {
      throw new AppError(401, AUTH_ERROR_CODES.NotAuthorized, 'This sign-in link has expired. Please sign in again.');
    }
    return this.signIn.startSession(this.db, user, row.companyId, now);
  }
}
