// The database schema. Tenant-owned tables carry company_id first in every key that matters,
// so the schema stays ready to be distributed by company (DESIGN.md §1).
import { sql } from 'drizzle-orm';
import {
  bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey(),
  tenantIdentifier: text('tenant_identifier').notNull().unique(),
  name: text('name').notNull(),
  customDomains: text('custom_domains').array().notNull().default(sql`'{}'::text[]`),
  plugins: text('plugins').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

/** Global identities; a user reaches companies through memberships. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** ACTIVE | FORCE_CHANGE_PASSWORD (invited, temporary password) | RESET_REQUIRED | DISABLED */
  status: text('status').notNull(),
  temporaryPasswordExpiresAt: ts('temporary_password_expires_at'),
  phoneNumber: text('phone_number'),
  mfaRequired: boolean('mfa_required').notNull().default(false),
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  /** The last 30-second TOTP step accepted: a code works once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  smsMfaEnabled: boolean('sms_mfa_enabled').notNull().default(false),
  lastSignInAt: ts('last_sign_in_at'),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  'memberships',
  {
    companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    invitedAt: ts('invited_at'),
    invitedBy: uuid('invited_by'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.userId] }), index('memberships_user_idx').on(table.userId)],
);

/** The permission table of each role (seeded from the contract's defaults). */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    role: text('role').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
  },
  (table) => [primaryKey({ columns: [table.role, table.action, table.subject] })],
);

/** Failed sign-ins per email, whether or not the user exists, so lockout reveals nothing. */
export const loginAttempts = pgTable('login_attempts', {
  email: text('email').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: ts('locked_until'),
  lastFailedAt: ts('last_failed_at'),
});

/** An unfinished sign-in waiting for the user's answer to a step. */
export const signInChallenges = pgTable('sign_in_challenges', {
  id: uuid('id').primaryKey(),
  handleHash: text('handle_hash').notNull().unique(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  step: text('step').notNull(),
  state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
});

/** One-time codes sent by mail or SMS: password reset, SMS sign-in. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: createdAt(),
  },
  (table) => [index('verification_codes_user_idx').on(table.userId, table.purpose)],
);

/**
 * Refresh tokens rotate on every use. A family is one sign-in; its id is the `sid` of the tokens
 * it issues. Presenting an already-rotated token revokes the whole family (token theft).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId)],
);

/** Signing keys of our tokens; the public halves are published as JWKS. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  retiredAt: ts('retired_at'),
});

/** One-time codes that carry a signed-in user to their own tenant's host. */
export const handoffCodes = pgTable('handoff_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Mail and SMS to send. The embedded default keeps them here for an operator to read. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('PENDING'),
    error: text('error'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_recipient_idx').on(table.recipient, table.createdAt)],
);

/** The one system-wide message shown as a banner in every portal. */
export const systemMessages = pgTable('system_messages', {
  id: smallint('id').primaryKey(),
  message: text('message'),
  severity: text('severity').notNull().default('info'),
  updatedAt: ts('updated_at'),
});

