// Users of the caller's company: the list, the current user, invitations.
import { uuidv7 } from 'uuidv7';
import { parseSort, USER_SORT_FIELDS, type CreateUserBody, type CurrentUser, type Page, type RoleName, type UserStatus, type UserSummary } from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config/config.ts';
import { passwordPolicyOf } from '../../config/config.ts';
import { assertCan } from '../../access/guard.ts';
import type { Principal } from '../../access/principal.ts';
import { conflict, invalidInput, notFound } from '../../http/errors.ts';
import { pageMeta } from '../../http/page-meta.ts';
import type { Messenger } from '../../mail/messenger.ts';
import { findUserByEmail, findUserById, membershipsOf, updateUser } from '../../identity/identity.repository.ts';
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
    mfaEnabled: Boolean(row.mfaEnabled),
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
    const memberships = await membershipsOf(this.db, principal.userId);
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
    const { terms, unknown } = parseSort(input.sort, USER_SORT_FIELDS);
    if (unknown.length > 0) {
      throw invalidInput([{ path: 'query.sort', message: `cannot sort by ${unknown.join(', ')}; use one of ${USER_SORT_FIELDS.join(', ')}` }]);
    }
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
    const messageId = await this.db.transaction(async (tx) => {
      if (!existing) {
        await tx.insert(users).values({
          id: userId,
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          passwordHash: passwordHash!,
          status: 'FORCE_CHANGE_PASSWORD',
          temporaryPasswordExpiresAt: this.inviteExpiry(now),
          phoneNumber: body.phoneNumber ?? null,
          smsMfaEnabled: false,
          mfaRequired: body.requireMfa,
        });
      }
      await repo.addMembership(tx, { companyId: inviter.companyId, userId, role: body.role, invitedBy: inviter.userId, invitedAt: now });
      return this.messenger.record(tx, existing
        ? this.addedMessage(body.email, existing.firstName, inviter)
        : this.inviteMessage(body.email, body.firstName, password, inviter));
    }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? alreadyMember() : error;
    });
    await this.messenger.dispatch(messageId);
    const row = await repo.findCompanyUser(this.db, inviter.companyId, userId);
    if (!row) throw notFound('user');
    return toSummary(row);
  }

  async resendInvite(principal: Principal, userId: string): Promise<UserSummary> {
    assertCan(principal, 'create', 'User');
    const row = await repo.findCompanyUser(this.db, principal.companyId, userId);
    if (!row) throw notFound('user');
    if (row.rawStatus !== 'FORCE_CHANGE_PASSWORD') {
      throw conflict('UserAlreadyActive', `${row.email} has already signed in and chosen a password; there is no invitation to resend.`);
    }
    const password = temporaryPassword(passwordPolicyOf(this.config));
    await updateUser(this.db, userId, { passwordHash: await hashPassword(password), temporaryPasswordExpiresAt: this.inviteExpiry(new Date()) });
    await this.messenger.send(this.inviteMessage(row.email, row.firstName, password, inviterOf(principal)));
    return toSummary(row);
  }

  private inviteExpiry(now: Date) {
    return new Date(now.getTime() + this.config.INVITE_TTL_HOURS * 3600_000);
  }

  private inviteMessage(email: string, firstName: string, password: string, inviter: Inviter) {
    return {
      channel: 'EMAIL' as const,
      recipient: email,
      subject: `You are invited to ${inviter.companyName} on Clearlane`,
      body: [
        `Hello ${firstName},`,
        '',
        inviter.name ? `${inviter.name} invited you to ${inviter.companyName} on Clearlane.` : `You are invited to ${inviter.companyName} on Clearlane.`,
        '',
        `Sign in at ${this.config.PORTAL_URL}/login with`,
        `  email: ${email}`,
        `  temporary password: ${password}`,
        '',
        `You will choose your own password when you first sign in. The temporary password expires in ${this.config.INVITE_TTL_HOURS} hours.`,
      ].join('\n'),
    };
  }

  private addedMessage(email: string, firstName: string, inviter: Inviter) {
    const who = inviter.name ? `${inviter.name} added you to` : 'You now have access to';
    return {
      channel: 'EMAIL' as const,
      recipient: email,
      subject: `You now have access to ${inviter.companyName} on Clearlane`,
      body: `Hello ${firstName},\n\n${who} ${inviter.companyName}. Sign in at ${this.config.PORTAL_URL}/login with your existing password.`,
    };
  }
}
