// Carries a signed-in user to their own tenant's host. Cookies do not cross hosts (and custom
// domains are other sites), so the old host asks for a one-time, 60-second code and the tenant
// host redeems it for a fresh sign-in of its own. A single sign-on callback (identity/sso) hands
// its sign-in to the portal the same way; the code then carries the provider's session with it.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { AUTH_ERROR_CODES } from '@clearlane/contract';
import type { Database } from '../db/client.ts';
import { handoffCodes, ssoSessions } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { Principal } from '../access/principal.ts';
import { randomHandle, sha256 } from './secrets.ts';
import { findUserById } from './identity.repository.ts';
import type { SignInService } from './sign-in.service.ts';

const HANDOFF_TTL_MS = 60_000;

/** The provider's session a sign-in came from: what RP-initiated and back-channel logout need. */
export type ProviderSession = NonNullable<typeof handoffCodes.$inferSelect['sso']>;

export class HandoffService {
  constructor(private readonly db: Database, private readonly signIn: SignInService) {}

  async create(principal: Principal) {
    const [provider] = await this.db.select().from(ssoSessions).where(eq(ssoSessions.familyId, principal.sessionId));
    const sso = provider ? { issuer: provider.issuer, subject: provider.subject, providerSid: provider.providerSid, idToken: provider.idToken } : null;
    const code = await this.issue(principal.userId, principal.companyId, sso);
    return { code, tenantIdentifier: principal.tenantIdentifier };
  }

  /** A one-time code that opens a session of this user in this company. */
  async issue(userId: string, companyId: string, sso: ProviderSession | null): Promise<string> {
    const code = randomHandle();
    await this.db.insert(handoffCodes).values({ codeHash: sha256(code), userId, companyId, sso, expiresAt: new Date(Date.now() + HANDOFF_TTL_MS) });
    return code;
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
    const familyId = uuidv7();
    const tokens = await this.signIn.startSession(this.db, user, row.companyId, now, familyId);
    if (row.sso) await this.db.insert(ssoSessions).values({ familyId, companyId: row.companyId, userId: user.id, ...row.sso });
    return tokens;
  }
}
