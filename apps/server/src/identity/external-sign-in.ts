// Signing in someone an external identity provider vouches for. Provider-neutral: a company's own
// OpenID provider (identity/sso) hands over an ExternalIdentity today; a cloud user pool's verified
// token (its groups claim as the role values) fits the same shape. What happens here is the same for
// every provider: the email's domain must be one the company signs in with, the role values map to
// our roles, an unknown user is created just in time when the company allows it, and the caller
// then issues our own tokens exactly as the password sign-in does (SignInService.startSession).
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { AUTH_ERROR_CODES, ROLE_NAMES, type RoleName } from '@clearlane/contract';
import type { Database } from '../db/client.ts';
import { runOutsideCompany } from '../db/tenant-scope.ts';
import { memberships, users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { COMPANY_ADMIN, countEnabledAdmins, lockCompanyAdmins } from '../modules/users/users.repository.ts';
import * as repo from './identity.repository.ts';
import { hashPassword } from './passwords.ts';
import { randomHandle } from './secrets.ts';

/** What a provider says about the person, after it was verified (signature, issuer, audience, expiry, nonce). */
export interface ExternalIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  /** The values of the role claim (a string claim gives one value). */
  roleValues: string[];
}

/** What the company decided about people its provider signs in. */
export interface ExternalSignInPolicy {
  companyId: string;
  /** The email domains it may sign in; null: any (a user pool of our own, whose people we created). */
  emailDomains: string[] | null;
  roleMapping: { value: string; role: string }[];
  jitEnabled: boolean;
  defaultRole: RoleName;
  /** Never re-roled by the provider: the company's way back in when the provider is wrong. */
  breakGlassEmail: string | null;
}

export const refusal = (message: string) => new AppError(401, AUTH_ERROR_CODES.NotAuthorized, message);

/** The most powerful role any of the values maps to (Company Admin › Manager › Agent › Viewer), or null. */
export function mapRole(values: string[], mapping: ExternalSignInPolicy['roleMapping']): RoleName | null {
  const mapped = new Set(mapping.filter((entry) => values.includes(entry.value)).map((entry) => entry.role));
  return ROLE_NAMES.find((role) => mapped.has(role)) ?? null;
}

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * The user the identity signs in as, a member of the company and enabled there, created or re-roled
 * as the policy says. Refusals are 401 NotAuthorizedException problems written for the person.
 */
export async function resolveExternalUser(db: Database, identity: ExternalIdentity, policy: ExternalSignInPolicy): Promise<repo.UserRow> {
  const email = identity.email?.trim().toLowerCase();
  if (!email || !email.includes('@')) throw refusal('Your identity provider did not tell us your email address, so we cannot sign you in. Ask your administrator to release the email claim to Clearlane.');
  if (identity.emailVerified === false) throw refusal('Your identity provider has not verified your email address, so we cannot sign you in.');
  if (policy.emailDomains && !policy.emailDomains.includes(domainOf(email))) {
    throw refusal(`Your identity provider signed you in as ${email}, whose domain is not one your company signs in with here.`);
  }
  const mappedRole = mapRole(identity.roleValues, policy.roleMapping);

  return runOutsideCompany(() => db.transaction(async (tx) => {
    let user = await repo.findUserByEmail(tx, email);
    if (user?.status === 'DISABLED') throw refusal('User is disabled.');
    const [membership] = user
      ? await tx.select().from(memberships).where(and(eq(memberships.companyId, policy.companyId), eq(memberships.userId, user.id)))
      : [];
    if (!membership) {
      if (!policy.jitEnabled) throw refusal('Your account is not set up in Clearlane yet. Ask your company administrator to add you, then sign in again.');
      if (!user) {
        // No password works for this account until someone sets one (forgot password): it signs in through the provider.
        const [created] = await tx.insert(users).values({
          id: uuidv7(),
          email,
          firstName: nameOr(identity.givenName, email.slice(0, email.indexOf('@'))),
          lastName: nameOr(identity.familyName, ''),
          passwordHash: await hashPassword(randomHandle(32)),
          status: 'ACTIVE',
        }).returning();
        user = created!;
      }
      await tx.insert(memberships).values({ companyId: policy.companyId, userId: user.id, role: mappedRole ?? policy.defaultRole, invitedAt: null, invitedBy: null });
      return user;
    }
    if (membership.disabledAt) throw refusal('User is disabled.');
    if (mappedRole && mappedRole !== membership.role && email !== policy.breakGlassEmail) {
      // The provider is the source of roles, but never leaves the company without an enabled Company Admin.
      let demotesLastAdmin = false;
      if (membership.role === COMPANY_ADMIN) {
        await lockCompanyAdmins(tx, policy.companyId);
        demotesLastAdmin = (await countEnabledAdmins(tx, policy.companyId)) <= 1;
      }
      if (!demotesLastAdmin) {
        await tx.update(memberships).set({ role: mappedRole }).where(and(eq(memberships.companyId, policy.companyId), eq(memberships.userId, user!.id)));
      }
    }
    return user!;
  }));
}

function nameOr(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim().slice(0, 100);
  return trimmed || fallback;
}
