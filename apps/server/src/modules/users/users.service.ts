// Users of the caller's company: the list, the current user, invitations, role and on/off.
import { uuidv7 } from 'uuidv7';
import {
  USER_ERROR_CODES, USER_SORT_FIELDS,
  type CreateUserBody, type CurrentUser, type MfaType, type Page, type RoleName, type UpdateUserBody, type UserStatus, type UserSummary,
} from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config/config.ts';
import { cognitoSettingsOf, passwordPolicyOf } from '../../config/config.ts';
import { userPoolOnlyError } from '../../identity/cognito/embedded-only.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { pageMeta } from '../../http/page-meta.ts';
import { sortTerms } from '../../http/list-params.ts';
import type { Messenger } from '../../mail/messenger.ts';
import { companyOriginOf } from '../../mail/company-origin.ts';
import { findUserByEmail, findUserById, membershipsOf, revokeFamiliesOfMembership, updateUser } from '../../identity/identity.repository.ts';
import { hashPassword, temporaryPassword } from '../../identity/passwords.ts';
import { users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { permissionsOfRole } from '../../access/principal.ts';
import * as repo from './users.repository.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toSummary(row: Awaited<ReturnType<typeof repo.listCompanyUsers>>['rows'][number]): UserSummary {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as RoleName,
    status: row.status,
    enabled: Boolean(row.enabled),
    mfaEnabled: row.totpEnabled || row.smsMfaEnabled,
    mfaFactors: [...(row.totpEnabled ? ['TOTP' as const] : []), ...(row.smsMfaEnabled ? ['SMS' as const] : [])] satisfies MfaType[],
    invitedAt: iso(row.invitedAt),
    lastSignInAt: iso(row.lastSignInAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface ListUsersInput {
  page: number;
  size: number;
  sort?: string | string[];
  filter?: string;
  role?: RoleName;
  status?: UserStatus;
}

/** Who invites: a signed-in admin, or an operator at the CLI (no user, no name). */
export interface Inviter {
  companyId: string;
  companyName: string;
  userId: string | null;
  name: string | null;
}

const inviterOf = (principal: Principal): Inviter => ({
  companyId: principal.companyId,
  companyName: principal.companyName,
  userId: principal.userId,
  name: `${principal.firstName} ${principal.lastName}`,
});

export class UsersService {
  constructor(private readonly db: Database, private readonly config: Config, private readonly messenger: Messenger) {}

  async me(principal: Principal): Promise<CurrentUser> {
    const user = await findUserById(this.db, principal.userId);
    if (!user) throw notFound('user');
    // Companies that switched the user off are not theirs to switch to.
    const memberships = (await membershipsOf(this.db, principal.userId)).filter((m) => m.enabled);
    const roles = [...new Set(memberships.filter((m) => m.companyId === principal.companyId).map((m) => m.role))];
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      companyId: principal.companyId,
      companyName: principal.companyName,
      companies: memberships.map((m) => ({ companyId: m.companyId, companyName: m.companyName, tenantIdentifier: m.tenantIdentifier, role: m.role as RoleName })),
      roles: await Promise.all(roles.map(async (name) => ({ name: name as RoleName, permissions: await permissionsOfRole(this.db, name) }))),
      tenantIdentifier: principal.tenantIdentifier,
      groups: principal.groups,
      phoneNumber: user.phoneNumber,
      mfa: { totpEnabled: user.totpEnabled, smsEnabled: user.smsMfaEnabled },
    };
  }

  async list(principal: Principal, input: ListUsersInput): Promise<Page<UserSummary>> {
    assertCan(principal, 'view', 'User');
    const terms = sortTerms(input.sort, USER_SORT_FIELDS);
    const { rows, ...counted } = await repo.listCompanyUsers(this.db, { companyId: principal.companyId, ...input, sort: terms });
    return {
      content: rows.map(toSummary),
      page: pageMeta(input, counted),
    };
  }

  async get(principal: Principal, userId: string): Promise<UserSummary> {
    assertCan(principal, 'view', 'User');
    const row = await repo.findCompanyUser(this.db, principal.companyId, userId);
    if (!row) throw notFound('user');
    return toSummary(row);
  }

  /** Invites a user: a temporary password by mail; at first sign-in they choose their own. */
  async invite(principal: Principal, body: CreateUserBody): Promise<UserSummary> {
    assertCan(principal, 'create', 'User');
    return this.inviteInto(inviterOf(principal), body);
  }

  /**
   * The invitation itself, for a signed-in admin (above) and for operators (the CLI), who have no
   * principal: the company comes from the caller, never from the body.
   */
  async inviteInto(inviter: Inviter, body: CreateUserBody): Promise<UserSummary> {
    const alreadyMember = () =>
      conflict('UserAlreadyExists', `${body.email} is already a user of ${inviter.companyName}.`, [{ path: 'body.email', message: 'is already a user of this company' }]);
    const existing = await findUserByEmail(this.db, body.email);
    if (existing && (await repo.isMember(this.db, inviter.companyId, existing.id))) throw alreadyMember();
    const now = new Date();
    const password = temporaryPassword(passwordPolicyOf(this.config));
    const userId = existing?.id ?? uuidv7();
    const passwordHash = existing ? null : await hashPassword(password);
    // Two admins (or a double click) inviting the same person race past the check above; the
    // unique keys on users.email and memberships decide, and the loser gets the same 409.
    const origin = await this.originOf(inviter.companyId);
    // With a cloud user pool the pool holds passwords and sends its own invitation: the person is
    // only recorded here (their role in this company), and their first sign-in at the pool lands here.
    const userPool = cognitoSettingsOf(this.config) !== null;
    const messageId = await this.db.transaction(async (tx) => {
      if (!existing) {
        await tx.insert(users).values({
          id: userId,
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          passwordHash: passwordHash!,
          status: userPool ? 'ACTIVE' : 'FORCE_CHANGE_PASSWORD',
          temporaryPasswordExpiresAt: userPool ? null : this.inviteExpiry(now),
          phoneNumber: body.phoneNumber ?? null,
          smsMfaEnabled: false,
          mfaRequired: body.requireMfa,
        });
      }
      await repo.addMembership(tx, { companyId: inviter.companyId, userId, role: body.role, invitedBy: inviter.userId, invitedAt: now });
      if (userPool) return null;
      return this.messenger.record(tx, existing
        ? this.addedMessage(body.email, existing.firstName, inviter, origin)
        : this.inviteMessage(body.email, body.firstName, password, inviter, origin));
    }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? alreadyMember() : error;
    });
    if (messageId !== null) await this.messenger.dispatch(messageId);
    const row = await repo.findCompanyUser(this.db, inviter.companyId, userId);
    if (!row) throw notFound('user');
    return toSummary(row);
  }

  /**
   * Changes a user's role in the caller's company and switches them off or on there. Switching off
   * ends their sessions in this company at once (their next request is a 401; the guard also reads
   * the membership on every request) and sign-in at this company refuses them; other companies
   * they belong to are untouched. The company always keeps one enabled Company Admin.
   */
  async update(principal: Principal, userId: string, body: UpdateUserBody): Promise<UserSummary> {
    assertCan(principal, 'manage', 'User');
    const { companyId } = principal;
    const now = new Date();
    await this.db.transaction(async (tx) => {
      await repo.lockCompanyAdmins(tx, companyId);
      const row = await repo.findCompanyUser(tx, companyId, userId);
      if (!row) throw notFound('user');
      const disabling = body.enabled === false && row.enabled;
      await repo.updateMembership(tx, companyId, userId, {
        ...(body.role !== undefined ? { role: body.role } : {}),
        ...(disabling ? { disabledAt: now } : body.enabled === true ? { disabledAt: null } : {}),
      });
      if (disabling) await revokeFamiliesOfMembership(tx, userId, companyId, now);
      // Only a change that takes away an admin who could act is checked (countEnabledAdmins counts alike).
      const canActAsAdmin = (role: string, enabled: boolean) => role === repo.COMPANY_ADMIN && enabled && row.rawStatus !== 'DISABLED';
      const losesAdmin = canActAsAdmin(row.role, row.enabled) && !canActAsAdmin(body.role ?? row.role, body.enabled ?? row.enabled);
      if (losesAdmin && (await repo.countEnabledAdmins(tx, companyId)) === 0) {
        throw lastAdminRefusal(principal, row, body);
      }
    });
    return this.get(principal, userId);
  }

  /**
   * A new temporary password for an invited user, written with its mail (and the mail's job) in
   * one transaction. A user switched off in this company gets none: enable them first, or the
   * invitation would let nobody in.
   */
  async resendInvite(principal: Principal, userId: string): Promise<UserSummary> {
    assertCan(principal, 'create', 'User');
    const row = await repo.findCompanyUser(this.db, principal.companyId, userId);
    if (!row) throw notFound('user');
    const userPool = cognitoSettingsOf(this.config);
    if (userPool) throw userPoolOnlyError(userPool, 'Sending a temporary password');
    if (!row.enabled || row.rawStatus === 'DISABLED') {
      throw conflict(USER_ERROR_CODES.UserDisabled, `${row.email} is disabled; enable them before sending a new invitation.`);
    }
    if (row.rawStatus !== 'FORCE_CHANGE_PASSWORD') {
      throw conflict('UserAlreadyActive', `${row.email} has already signed in and chosen a password; there is no invitation to resend.`);
    }
    const password = temporaryPassword(passwordPolicyOf(this.config));
    const passwordHash = await hashPassword(password);
    const origin = await this.originOf(principal.companyId);
    const messageId = await this.db.transaction(async (tx) => {
      await updateUser(tx, userId, { passwordHash, temporaryPasswordExpiresAt: this.inviteExpiry(new Date()) });
      return this.messenger.record(tx, this.inviteMessage(row.email, row.firstName, password, inviterOf(principal), origin));
    });
    await this.messenger.dispatch(messageId);
    return toSummary(row);
  }

  private inviteExpiry(now: Date) {
    return new Date(now.getTime() + this.config.INVITE_TTL_HOURS * 3600_000);
  }

  /** The company's own portal address, which the mails link to (mail/company-origin.ts). */
  private async originOf(companyId: string) {
    return (await companyOriginOf(this.db, companyId, this.config)) ?? this.config.PORTAL_URL;
  }

  private inviteMessage(email: string, firstName: string, password: string, inviter: Inviter, origin: string) {
    return {
      channel: 'EMAIL' as const,
      recipient: email,
      subject: `You are invited to ${inviter.companyName} on Clearlane`,
      body: [
        `Hello ${firstName},`,
        '',
        inviter.name ? `${inviter.name} invited you to ${inviter.companyName} on Clearlane.` : `You are invited to ${inviter.companyName} on Clearlane.`,
        '',
        `Sign in at ${origin}/login with`,
        `  email: ${email}`,
        `  temporary password: ${password}`,
        '',
        `You will choose your own password when you first sign in. The temporary password expires in ${this.config.INVITE_TTL_HOURS} hours.`,
      ].join('\n'),
    };
  }

  private addedMessage(email: string, firstName: string, inviter: Inviter, origin: string) {
    const who = inviter.name ? `${inviter.name} added you to` : 'You now have access to';
    return {
      channel: 'EMAIL' as const,
      recipient: email,
      subject: `You now have access to ${inviter.companyName} on Clearlane`,
      body: `Hello ${firstName},\n\n${who} ${inviter.companyName}. Sign in at ${origin}/login with your existing password.`,
    };
  }
}

/** 409 LastCompanyAdmin, naming the field of the refused change and saying what to do instead. */
function lastAdminRefusal(principal: Principal, target: { id: string; firstName: string; lastName: string }, body: UpdateUserBody) {
  const self = target.id === principal.userId;
  const who = self ? 'You are' : `${target.firstName} ${target.lastName} is`;
  const change = body.enabled === false ? 'disabled' : 'given another role';
  const path = body.enabled === false ? 'body.enabled' : 'body.role';
  return conflict(
    USER_ERROR_CODES.LastCompanyAdmin,
    `${who} the last enabled Company Admin of ${principal.companyName}, so ${self ? 'you' : 'they'} cannot be ${change}. Make another user a Company Admin first.`,
    [{ path, message: 'would leave the company without an enabled Company Admin' }],
  );
}
