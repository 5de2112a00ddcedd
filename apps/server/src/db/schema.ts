// The database schema. Tenant-owned tables carry company_id first in every key that matters,
// so the schema stays ready to be distributed by company (DESIGN.md §1).
import { sql } from 'drizzle-orm';
import {
  bigint, boolean, customType, doublePrecision, foreignKey, type AnyPgColumn, index, integer, json, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid,
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
    /**
     * Set when a Company Admin switches this user off in this company (PATCH /users/{id}): one
     * company's admin locks nobody out of another company. users.status 'DISABLED' is the
     * operator's switch for the whole identity.
     */
    disabledAt: ts('disabled_at'),
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
  /** A session opened through a company's provider (issue 14): the new host's session keeps its link to it. */
  sso: jsonb('sso').$type<{ issuer: string; subject: string; providerSid: string | null; idToken: string }>(),
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


// ---------------------------------------------------------------------------------------------
// Subjects and orders (issue 3). Every table here is company-owned: company_id leads every key.
// ---------------------------------------------------------------------------------------------

const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const companyRef = () => uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' });

/** Drivers: the people a company orders MVRs and person risk assessments for. */
export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    /** ISO date (yyyy-mm-dd): a birthday has no time zone. */
    dateOfBirth: text('date_of_birth').notNull(),
    licenceNumber: text('licence_number').notNull(),
    licenceState: text('licence_state').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** The company's own reference, e.g. an employee number. */
    externalId: text('external_id'),
    monitoringTypes: text('monitoring_types').array().notNull().default(sql`'{}'::text[]`),
    /** ISO dates (yyyy-mm-dd) the company keeps for the qualification file; reminders are raised from them. */
    licenceExpiresOn: text('licence_expires_on'),
    medicalCertificateExpiresOn: text('medical_certificate_expires_on'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The target of orders' (company_id, person_id): an order can only name its own company's driver.
    unique('persons_company_id_id_uq').on(table.companyId, table.id),
    uniqueIndex('persons_licence_uq').on(table.companyId, table.licenceState, table.licenceNumber),
    index('persons_created_idx').on(table.companyId, table.createdAt, table.id),
    index('persons_name_idx').on(table.companyId, table.lastName, table.firstName, table.id),
    // The orders search finds a driver's orders by the company's own reference for the driver,
    // typed in any case (orders_matching_subject, migration 0010).
    index('persons_external_id_idx').on(table.companyId, sql`lower(${table.externalId})`),
  ],
);

export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    name: text('name').notNull(),
    /** Digits only (9); shown as 12-3456789. */
    ein: text('ein').notNull(),
    dotNumber: text('dot_number'),
    state: text('state').notNull(),
    addressLine: text('address_line'),
    city: text('city'),
    postalCode: text('postal_code'),
    phone: text('phone'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('businesses_company_id_id_uq').on(table.companyId, table.id),
    uniqueIndex('businesses_ein_uq').on(table.companyId, table.ein),
    index('businesses_created_idx').on(table.companyId, table.createdAt, table.id),
    index('businesses_name_idx').on(table.companyId, table.name, table.id),
  ],
);

/** A bulk upload (or any batch) of orders, shown as a report group. */
export const reportGroups = pgTable(
  'report_groups',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    name: text('name').notNull(),
    source: text('source').notNull(), // BULK_UPLOAD
    fileName: text('file_name'),
    totalOrders: integer('total_orders').notNull().default(0),
    /**
     * True from an upload's commit until its orders' subject words and fulfilment jobs are written
     * (modules/bulk-orders/sheet-dispatch.jobs.ts): the dispatch job claims the group by turning it off,
     * so a dispatch that is run again writes nothing twice.
     */
    awaitingDispatch: boolean('awaiting_dispatch').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (table) => [
    unique('report_groups_company_id_id_uq').on(table.companyId, table.id),
    index('report_groups_created_idx').on(table.companyId, table.createdAt, table.id),
  ],
);

/**
 * Orders of every kind. Status is the result status of SPEC.md §4 (New → Ordered → Received →
 * Complete, or Failed/Error); processing status follows the fulfilment job; outcome is set by
 * adjudication. The provider's report is kept whole in `result`.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    processingStatus: text('processing_status').notNull(),
    outcome: text('outcome'),
    subStatus: text('sub_status'),
    changeNotes: text('change_notes'),
    isReviewed: boolean('is_reviewed').notNull().default(false),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: ts('reviewed_at'),
    // Foreign keys of subjects and groups include company_id (below), so an order can never point at
    // another company's row, even by a bug: PostgreSQL's foreign key checks bypass row-level security.
    personId: uuid('person_id'),
    businessId: uuid('business_id'),
    reportGroupId: uuid('report_group_id'),
    /** What was ordered, as submitted (SPEC.md §7 GET /orders/{id}/input). */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    /** A short subject line for lists: the driver's name, the business name, the VIN. */
    subjectLabel: text('subject_label').notNull(),
    permissiblePurpose: text('permissible_purpose'),
    ruleNamespace: text('rule_namespace'),
    riskAssessmentDefinitionName: text('risk_assessment_definition_name'),
    mvrExternalReferenceId: text('mvr_external_reference_id'),
    isAutoAdjudicated: boolean('is_auto_adjudicated').notNull().default(false),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    result: jsonb('result').$type<Record<string, unknown>>(),
    adjudication: jsonb('adjudication').$type<Record<string, unknown>>(),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    orderedBy: uuid('ordered_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: ts('completed_at'),
  },
  (table) => [
    unique('orders_company_id_id_uq').on(table.companyId, table.id),
    foreignKey({ name: 'orders_person_fk', columns: [table.companyId, table.personId], foreignColumns: [persons.companyId, persons.id] }).onDelete('restrict'),
    foreignKey({ name: 'orders_business_fk', columns: [table.companyId, table.businessId], foreignColumns: [businesses.companyId, businesses.id] }).onDelete('restrict'),
    // Migration 0006 writes this one as ON DELETE SET NULL (report_group_id): deleting a group
    // empties the order's group, never its company_id (drizzle cannot say which column).
    foreignKey({ name: 'orders_report_group_fk', columns: [table.companyId, table.reportGroupId], foreignColumns: [reportGroups.companyId, reportGroups.id] }).onDelete('set null'),
    index('orders_created_idx').on(table.companyId, table.createdAt, table.id),
    index('orders_status_idx').on(table.companyId, table.status, table.createdAt),
    // A ruleset's preview walks the recently completed orders, newest first (issue 13).
    index('orders_completed_idx').on(table.companyId, table.completedAt, table.id),
    index('orders_reviewed_idx').on(table.companyId, table.isReviewed, table.createdAt),
    // Only the orders of a person or a business: every query of these asks for one (`=`, which
    // implies IS NOT NULL), and most orders have neither (a bulk sheet's, a VIN's), so they no
    // longer write two entries each (migration 0019).
    index('orders_person_idx').on(table.companyId, table.personId, table.createdAt).where(sql`person_id IS NOT NULL`),
    index('orders_business_idx').on(table.companyId, table.businessId, table.createdAt).where(sql`business_id IS NOT NULL`),
    index('orders_group_idx').on(table.companyId, table.reportGroupId),
    // An outcome filter (alone or with a status) finds its page and its count in the index alone;
    // without it, "Complete + Fail" of a large company read the whole table (bench/orders-list.ts).
    index('orders_outcome_idx').on(table.companyId, table.outcome, table.status, table.createdAt),
    // Sorting by subject, with the same lower() as listOrders: the first page reads 20 entries, not
    // the company's every order. The id breaks ties in the index as listOrders breaks them (in the
    // sort's own direction), so either direction reads its page in order, without a sort of ties
    // (migration 0026).
    index('orders_subject_idx').on(table.companyId, sql`lower(${table.subjectLabel})`, table.id),
    // The orders search also finds an order by its external reference (a bulk row's "External
    // reference" lands here too), typed in any case: one index probe (orders_matching_subject).
    index('orders_external_reference_idx').on(table.companyId, sql`lower(${table.mvrExternalReferenceId})`),
  ],
);

/** Text compared byte by byte, so that a range of it is the words beginning with a prefix, whatever the database's collation. */
const textInC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * The words of each order's subject (migration 0020): free text in the orders list finds, counts
 * and orders its matches here, in this index alone, and reads only the page's orders. Triggers on
 * orders write it (every insert path, as one statement per statement) and remove an order's words
 * with the order; nothing else writes it. No foreign keys: they would be checked for each of an
 * upload's ~50,000 words (five an MVR), and the triggers already hold it to orders.
 */
export const orderSubjectWords = pgTable(
  'order_subject_words',
  {
    companyId: uuid('company_id').notNull(),
    word: textInC('word').notNull(),
    createdAt: ts('created_at').notNull(),
    orderId: uuid('order_id').notNull(),
  },
  (table) => [index('order_subject_words_idx').on(table.companyId, table.word, table.createdAt.desc(), table.orderId)],
);

/**
 * How many orders each company has per type, status, outcome and review state, kept by triggers on
 * orders (migration 0022) so that a list filtered only by those counts its matches from a few rows.
 * Rows are signed changes, appended and never updated (concurrent writers never wait on one
 * another); a scheduled job sums a company's rows into one per group (modules/orders/order-counts.jobs.ts).
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    companyId: uuid('company_id').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    outcome: text('outcome'),
    isReviewed: boolean('is_reviewed').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
  },
  (table) => [index('order_counts_idx').on(table.companyId, table.status, table.outcome, table.type, table.isReviewed, table.orders)],
);

/**
 * Changes that can alter which orders a free-text search finds (migration 0023): a row per statement
 * that adds or removes orders, or changes an order's subject, creation time or reference, or a
 * driver's external id. A company's search generation is the sum of its rows; it only grows.
 * Appended by triggers, never updated, and summed by the same scheduled job as orderCounts.
 */
export const orderSearchChanges = pgTable(
  'order_search_changes',
  {
    companyId: uuid('company_id').notNull(),
    changes: bigint('changes', { mode: 'number' }).notNull(),
  },
  (table) => [index('order_search_changes_idx').on(table.companyId, table.changes)],
);

/**
 * A free-text search's matches, newest first, as found at a search generation (migrations 0023,
 * 0025): the list's pages and repeated searches read their ids here while the company's generation
 * is unchanged. Found by the text as typed (trimmed), which decides both the words searched and the
 * reference, so that a remembered search does not read its words again. The first ids are kept
 * inline too (headIds), so a first page reads no out-of-line array. Unlogged: a cache, emptied by a
 * crash and found again.
 */
export const orderSearchMemos = pgTable(
  'order_search_memos',
  {
    companyId: uuid('company_id').notNull(),
    typed: text('typed').notNull(),
    generation: bigint('generation', { mode: 'number' }).notNull(),
    foundAt: ts('found_at').notNull(),
    matches: integer('matches').notNull(),
    /** How many ids orderIds holds (at most the list's count cap + 1), read without detoasting it. */
    kept: integer('kept').notNull(),
    headIds: uuid('head_ids').array().notNull(),
    orderIds: uuid('order_ids').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.typed] })],
);

/**
 * Where a deep page of a company's orders, newest first and unfiltered, starts (migration 0024,
 * order_page_start): the order after the first `skipped`, remembered while the company's search
 * generation lasts (everything that can move an order in that list bumps it). Unlogged: a cache.
 */
export const orderPageStarts = pgTable(
  'order_page_starts',
  {
    companyId: uuid('company_id').notNull(),
    skipped: integer('skipped').notNull(),
    generation: bigint('generation', { mode: 'number' }).notNull(),
    foundAt: ts('found_at').notNull(),
    createdAt: ts('created_at').notNull(),
    orderId: uuid('order_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.skipped] })],
);

/** Every change of an order, in order: the timeline of the detail page. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey(),
    // No foreign key of its own to companies: order_events_order_fk holds the company with the
    // order (whose company_id references companies), and a company's deletion reaches its events
    // through its orders. One check per event less: a bulk sheet writes 10,000 events at once.
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    type: text('type').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    message: text('message').notNull(),
    actorId: uuid('actor_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({ name: 'order_events_order_fk', columns: [table.companyId, table.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete('cascade'),
    index('order_events_order_idx').on(table.companyId, table.orderId, table.createdAt),
  ],
);

/**
 * The sub-statuses a company's reviewers pick from (issue 13): one row, or none (the contract's
 * DEFAULT_SUB_STATUSES). Orders keep whatever sub-status they were given, listed or not.
 */
export const orderSubStatusLists = pgTable('order_sub_status_lists', {
  companyId: uuid('company_id').primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  subStatuses: text('sub_statuses').array().notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});

/**
 * The FCRA adverse action of an order (issue 13): one per order; a cancelled one may be started
 * again, which replaces it (the order's events keep every step).
 */
export const orderAdverseActions = pgTable(
  'order_adverse_actions',
  {
    companyId: companyRef(),
    orderId: uuid('order_id').notNull(),
    /** PRE_ADVERSE_NOTICE_SENT, FINAL_NOTICE_SENT or CANCELLED (the contract's ADVERSE_ACTION_STATUSES). */
    status: text('status').notNull(),
    preAdverseNoticeAt: ts('pre_adverse_notice_at').notNull(),
    preAdverseDeliveryMethod: text('pre_adverse_delivery_method').notNull(),
    /** yyyy-mm-dd (UTC): the first day the final notice may be given. */
    finalNoticeAllowedOn: text('final_notice_allowed_on').notNull(),
    finalNoticeAt: ts('final_notice_at'),
    finalDeliveryMethod: text('final_delivery_method'),
    cancelledAt: ts('cancelled_at'),
    startedBy: uuid('started_by'),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.orderId] }),
    foreignKey({ name: 'order_adverse_actions_order_fk', columns: [table.companyId, table.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete('cascade'),
  ],
);

/** Adjudication rulesets of a company, named by namespace (the order's ruleNamespace). */
export const rulesets = pgTable(
  'rulesets',
  {
    companyId: companyRef(),
    namespace: text('namespace').notNull(),
    name: text('name').notNull(),
    rules: jsonb('rules').$type<unknown[]>().notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
    /** The number of the latest save (ruleset_versions); 0 never stored: that is the seeded default. */
    version: integer('version').notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.namespace] })],
);

/** Every save of a ruleset, kept: an order names the version that judged it (issue 13). */
export const rulesetVersions = pgTable(
  'ruleset_versions',
  {
    companyId: companyRef(),
    namespace: text('namespace').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    rules: jsonb('rules').$type<unknown[]>().notNull(),
    savedBy: uuid('saved_by'),
    savedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.namespace, table.version] }),
    foreignKey({ name: 'ruleset_versions_ruleset_fk', columns: [table.companyId, table.namespace], foreignColumns: [rulesets.companyId, rulesets.namespace] }).onDelete('cascade'),
  ],
);

export const tags = pgTable(
  'tags',
  {
    companyId: companyRef(),
    name: text('name').notNull(),
    color: text('color').notNull().default('gray'),
    /** Hidden tags still filter lists but are not offered when tagging. */
    visible: boolean('visible').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.name] })],
);

/**
 * The sandbox providers' own ledger (the provider side, not a company's data): how many times
 * each idempotency key was answered. The fault test reads it to prove no order was placed twice.
 */
export const providerRequests = pgTable('provider_requests', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  provider: text('provider').notNull(),
  calls: integer('calls').notNull().default(1),
  firstAt: createdAt(),
  lastAt: ts('last_at').notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Driver monitoring, alerts and the qualification file (issue 9). Company-owned like the above.
// ---------------------------------------------------------------------------------------------

const personRef = (table: { companyId: AnyPgColumn; personId: AnyPgColumn }, name: string) =>
  foreignKey({ name, columns: [table.companyId, table.personId], foreignColumns: [persons.companyId, persons.id] }).onDelete('cascade');

/**
 * A driver enrolled in a kind of monitoring. persons.monitoring_types lists the same types (what the
 * API answers); this row adds the state's confirmation (PENDING until `active_since`) and the sweep's
 * bookkeeping. Removing monitoring deletes the row; the driver's history keeps both events.
 */
export const monitoringEnrolments = pgTable(
  'monitoring_enrolments',
  {
    companyId: companyRef(),
    personId: uuid('person_id').notNull(),
    monitoringType: text('monitoring_type').notNull(),
    /** PENDING | ACTIVE */
    status: text('status').notNull(),
    enrolledAt: ts('enrolled_at').notNull().defaultNow(),
    enrolledBy: uuid('enrolled_by'),
    activeSince: ts('active_since'),
    lastSweptAt: ts('last_swept_at'),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.personId, table.monitoringType] }),
    personRef(table, 'monitoring_enrolments_person_fk'),
  ],
);

/**
 * Alerts about a driver: a change the monitoring provider reported, or a reminder of an expiry.
 * `dedupe_key` (the provider's change id, or "licence-expiry:<date>:<days>") makes a change one alert
 * however many sweeps see it, crashed or repeated.
 */
export const driverAlerts = pgTable(
  'driver_alerts',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    personId: uuid('person_id').notNull(),
    type: text('type').notNull(),
    changeKind: text('change_kind').notNull(),
    severity: text('severity').notNull(),
    title: text('title').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** The change (contract AlertChangeSchema). */
    change: jsonb('change').$type<Record<string, unknown>>().notNull(),
    /** The fresh MVR this change ordered (company setting), and the outcome before it. */
    recheckOrderId: uuid('recheck_order_id'),
    outcomeBefore: text('outcome_before'),
    acknowledgedAt: ts('acknowledged_at'),
    acknowledgedBy: uuid('acknowledged_by'),
    acknowledgementNote: text('acknowledgement_note'),
    annualReviewId: uuid('annual_review_id'),
    /** 0, or the age in days (7, 14, 30) at which an unacknowledged alert last escalated. */
    escalatedAfterDays: smallint('escalated_after_days').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    unique('driver_alerts_company_id_id_uq').on(table.companyId, table.id),
    uniqueIndex('driver_alerts_dedupe_uq').on(table.companyId, table.dedupeKey),
    personRef(table, 'driver_alerts_person_fk'),
    foreignKey({ name: 'driver_alerts_recheck_order_fk', columns: [table.companyId, table.recheckOrderId], foreignColumns: [orders.companyId, orders.id] }).onDelete('no action'),
    index('driver_alerts_created_idx').on(table.companyId, table.createdAt, table.id),
    index('driver_alerts_person_idx').on(table.companyId, table.personId, table.createdAt),
    // Open alerts by severity (home page, qualification, escalation): small, since most get acknowledged.
    index('driver_alerts_open_idx').on(table.companyId, table.severity, table.createdAt).where(sql`acknowledged_at IS NULL`),
  ],
);

/** The yearly review of a driver's MVR (49 CFR 391.25), recorded against that MVR order. */
export const annualReviews = pgTable(
  'annual_reviews',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    personId: uuid('person_id').notNull(),
    orderId: uuid('order_id').notNull(),
    reviewerId: uuid('reviewer_id').notNull(),
    /** As the reviewer was named when they signed: the file must not change if the user is renamed. */
    reviewerName: text('reviewer_name').notNull(),
    /** ISO date (yyyy-mm-dd). */
    reviewedOn: text('reviewed_on').notNull(),
    note: text('note').notNull(),
    /** QUALIFIED | NOT_QUALIFIED */
    decision: text('decision').notNull(),
    alertId: uuid('alert_id'),
    createdAt: createdAt(),
  },
  (table) => [
    personRef(table, 'annual_reviews_person_fk'),
    foreignKey({ name: 'annual_reviews_order_fk', columns: [table.companyId, table.orderId], foreignColumns: [orders.companyId, orders.id] }),
    index('annual_reviews_person_idx').on(table.companyId, table.personId, table.reviewedOn),
  ],
);

/** A driver's history: monitoring added and removed, alerts raised and acknowledged, reviews. */
export const personEvents = pgTable(
  'person_events',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    personId: uuid('person_id').notNull(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    actorId: uuid('actor_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    personRef(table, 'person_events_person_fk'),
    index('person_events_person_idx').on(table.companyId, table.personId, table.createdAt),
  ],
);

/** A company's monitoring settings; a company without a row has the defaults (no automatic MVR). */
export const monitoringSettings = pgTable('monitoring_settings', {
  companyId: uuid('company_id').primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  reorderMvrOnChange: boolean('reorder_mvr_on_change').notNull().default(false),
  ruleNamespace: text('rule_namespace'),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});

/** The daily alert digest each company's Managers were sent: one per company and day, however often the job runs. */
export const monitoringDigests = pgTable(
  'monitoring_digests',
  {
    companyId: companyRef(),
    /** ISO date (yyyy-mm-dd, UTC) the digest covers. */
    digestDate: text('digest_date').notNull(),
    alertCount: integer('alert_count').notNull(),
    sentAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.digestDate] })],
);

// --- claims (issue 11) ---

/**
 * The versions of a company's claim form (JSON Schema draft-07 and its uiSchema). Version 1 is the
 * built-in loss notice, written the first time the company needs it; a Company Admin publishes the
 * next ones. A row never changes: a claim keeps the version it was entered against.
 */
export const claimSchemas = pgTable(
  'claim_schemas',
  {
    companyId: companyRef(),
    version: integer('version').notNull(),
    builtIn: boolean('built_in').notNull().default(false),
    // json, not jsonb: jsonb reorders an object's keys (shortest first), and a form shows its
    // fields in the order of `properties` wherever the uiSchema gives no `ui:order`.
    schema: json('schema').$type<Record<string, unknown>>().notNull(),
    uiSchema: json('ui_schema').$type<Record<string, unknown>>().notNull(),
    note: text('note'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.version] })],
);

/** A loss notice: its form data, the schema version it was entered against, its status and kind. */
export const claims = pgTable(
  'claims',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    statusReason: text('status_reason'),
    formData: jsonb('form_data').$type<Record<string, unknown>>().notNull(),
    schemaVersion: integer('schema_version').notNull(),
    adjudicationRuleset: text('adjudication_ruleset'),
    publishIfPossible: boolean('publish_if_possible').notNull().default(false),
    /** Who asked to publish when possible: the publisher of record when it happens later. */
    publishRequestedBy: uuid('publish_requested_by'),
    /** A line for lists, from the form: policy number, loss date and place. */
    title: text('title').notNull().default(''),
    /** Lower-case words of the form a free-text filter matches (policy, insurer, place, VINs, names). */
    searchText: text('search_text').notNull().default(''),
    policyNumber: text('policy_number'),
    lossOccurredAt: ts('loss_occurred_at'),
    snapshotCount: integer('snapshot_count').notNull().default(0),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: ts('published_at'),
  },
  (table) => [
    unique('claims_company_id_id_uq').on(table.companyId, table.id),
    foreignKey({ name: 'claims_schema_fk', columns: [table.companyId, table.schemaVersion], foreignColumns: [claimSchemas.companyId, claimSchemas.version] }).onDelete('restrict'),
    index('claims_created_idx').on(table.companyId, table.createdAt, table.id),
    index('claims_status_idx').on(table.companyId, table.status, table.createdAt),
    index('claims_loss_idx').on(table.companyId, table.lossOccurredAt),
  ],
);

/** An order attached to a claim, and the claim's judgement of it with the claim's ruleset. */
export const claimOrders = pgTable(
  'claim_orders',
  {
    companyId: companyRef(),
    claimId: uuid('claim_id').notNull(),
    orderId: uuid('order_id').notNull(),
    adjudicationRuleset: text('adjudication_ruleset').notNull(),
    /** Set once the order finished: the outcome, the adjudication and the ruleset's version then. */
    outcome: text('outcome'),
    adjudication: jsonb('adjudication').$type<Record<string, unknown>>(),
    rulesetVersion: text('ruleset_version'),
    judgedAt: ts('judged_at'),
    attachedBy: uuid('attached_by'),
    attachedAt: ts('attached_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.claimId, table.orderId] }),
    foreignKey({ name: 'claim_orders_claim_fk', columns: [table.companyId, table.claimId], foreignColumns: [claims.companyId, claims.id] }).onDelete('cascade'),
    foreignKey({ name: 'claim_orders_order_fk', columns: [table.companyId, table.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete('restrict'),
    // The fulfilment's hook finds the claims of a finished order.
    index('claim_orders_order_idx').on(table.companyId, table.orderId),
  ],
);

/** Every change of a claim: who, when, what changed. */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    claimId: uuid('claim_id').notNull(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    actorId: uuid('actor_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({ name: 'claim_events_claim_fk', columns: [table.companyId, table.claimId], foreignColumns: [claims.companyId, claims.id] }).onDelete('cascade'),
    index('claim_events_claim_idx').on(table.companyId, table.claimId, table.createdAt),
  ],
);

/**
 * A publication of a claim, numbered per claim: what the insurer relies on. Immutable: a trigger
 * refuses any UPDATE, and the tenant role may only read and insert (migration).
 */
export const claimSnapshots = pgTable(
  'claim_snapshots',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    claimId: uuid('claim_id').notNull(),
    number: integer('number').notNull(),
    kind: text('kind').notNull(),
    formData: jsonb('form_data').$type<Record<string, unknown>>().notNull(),
    schemaVersion: integer('schema_version').notNull(),
    orders: jsonb('orders').$type<unknown[]>().notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    publishedBy: uuid('published_by'),
    publishedByName: text('published_by_name').notNull(),
    publishedAt: ts('published_at').notNull().defaultNow(),
  },
  (table) => [
    unique('claim_snapshots_number_uq').on(table.companyId, table.claimId, table.number),
    foreignKey({ name: 'claim_snapshots_claim_fk', columns: [table.companyId, table.claimId], foreignColumns: [claims.companyId, claims.id] }).onDelete('restrict'),
  ],
);


// ---------------------------------------------------------------------------------------------
// DOT quality scores of carriers (issue 12). Company-owned, except the peer measures: FMCSA's data
// about carriers is public, and ranking a carrier among its peers needs every carrier we hold.
// ---------------------------------------------------------------------------------------------

/** A company's DOT numbers: its own carrier(s) and the carriers it watches. */
export const companyDots = pgTable(
  'company_dots',
  {
    companyId: companyRef(),
    dotNumber: text('dot_number').notNull(),
    /** OWN | WATCHED */
    relationship: text('relationship').notNull(),
    label: text('label'),
    /** The carrier's legal name as the provider last answered it. */
    legalName: text('legal_name'),
    addedBy: uuid('added_by'),
    addedAt: createdAt(),
    lastScoredAt: ts('last_scored_at'),
    /** NOT_SCORED | SCORED | NOT_FOUND | FAILED */
    lastStatus: text('last_status').notNull().default('NOT_SCORED'),
    lastError: text('last_error'),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.dotNumber] })],
);

const companyDotRef = (table: { companyId: AnyPgColumn; dotNumber: AnyPgColumn }, name: string) =>
  foreignKey({ name, columns: [table.companyId, table.dotNumber], foreignColumns: [companyDots.companyId, companyDots.dotNumber] }).onDelete('cascade');

/**
 * One row per scoring of a company's DOT number: the history. `run_id` is the scoring request (or
 * its job): a retried job writes nothing twice. `report` holds the scored figures (contract
 * CarrierReport's figures) when the status is SCORED.
 */
export const carrierScores = pgTable(
  'carrier_scores',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    dotNumber: text('dot_number').notNull(),
    runId: uuid('run_id').notNull(),
    /** SCORED | NOT_FOUND | FAILED */
    status: text('status').notNull(),
    message: text('message'),
    provider: text('provider').notNull(),
    /** yyyy-mm-dd of the provider's data. */
    asOf: text('as_of'),
    report: jsonb('report').$type<Record<string, unknown>>(),
    scoredAt: createdAt(),
  },
  (table) => [
    uniqueIndex('carrier_scores_run_uq').on(table.companyId, table.dotNumber, table.runId),
    companyDotRef(table, 'carrier_scores_company_dot_fk'),
    index('carrier_scores_history_idx').on(table.companyId, table.dotNumber, table.scoredAt),
  ],
);

/** What changed between two scorings of a carrier (a BASIC crossing its threshold, authority, insurance, OOS order). */
export const carrierChanges = pgTable(
  'carrier_changes',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    dotNumber: text('dot_number').notNull(),
    scoreId: uuid('score_id').notNull(),
    kind: text('kind').notNull(),
    basic: text('basic'),
    title: text('title').notNull(),
    before: text('before'),
    after: text('after'),
    detectedAt: createdAt(),
  },
  (table) => [
    companyDotRef(table, 'carrier_changes_company_dot_fk'),
    index('carrier_changes_dot_idx').on(table.companyId, table.dotNumber, table.detectedAt),
  ],
);

/**
 * The latest measure of every carrier we have scored, per BASIC, for everyone's percentiles: the
 * peer groups our percentiles rank carriers in (modules/scores/sms-measure.ts). Public carrier
 * data, no company's: it says nothing about which company asked.
 */
export const carrierPeerMeasures = pgTable(
  'carrier_peer_measures',
  {
    dotNumber: text('dot_number').notNull(),
    basic: text('basic').notNull(),
    peerGroup: text('peer_group').notNull(),
    measure: doublePrecision('measure').notNull(),
    asOf: text('as_of').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.dotNumber, table.basic] }), index('carrier_peer_measures_group_idx').on(table.peerGroup, table.measure)],
);


// ---------------------------------------------------------------------------------------------
// Report bundles (issue 10): downloads, who downloaded them, and the database file store.
// ---------------------------------------------------------------------------------------------

/**
 * A report bundle: the MVR orders it holds (`mvr_orders`, in the order asked), how far its build
 * job got, and once built, its file in the file store (`file_key`). Every build attempt writes under
 * a key of its own, recorded here before it starts writing, so the next attempt removes what a
 * crashed one left. Status: Processing → Complete | Failed; Complete → Expired (file removed).
 */
export const downloads = pgTable(
  'downloads',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    requestedBy: uuid('requested_by').notNull(),
    status: text('status').notNull(),
    mergeIntoSingleReport: boolean('merge_into_single_report').notNull(),
    textOnly: boolean('text_only').notNull(),
    mvrOrders: uuid('mvr_orders').array().notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }),
    fileKey: text('file_key'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (table) => [
    unique('downloads_company_id_id_uq').on(table.companyId, table.id),
    index('downloads_requester_idx').on(table.companyId, table.requestedBy, table.createdAt),
    index('downloads_created_idx').on(table.companyId, table.createdAt, table.id),
    // The expiry job's question: which files are past their day (few rows are ever not Expired).
    index('downloads_expiry_idx').on(table.expiresAt).where(sql`status <> 'Expired'`),
  ],
);

/** Each download of a bundle's file: who and when. */
export const downloadAccesses = pgTable(
  'download_accesses',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    downloadId: uuid('download_id').notNull(),
    userId: uuid('user_id').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'download_accesses_download_fk', columns: [table.companyId, table.downloadId], foreignColumns: [downloads.companyId, downloads.id] }).onDelete('cascade'),
    index('download_accesses_download_idx').on(table.companyId, table.downloadId, table.at),
  ],
);

/**
 * The company whose work wrote a stored file: the session's app.company_id (db/tenant-scope.ts),
 * so the FileStore interface needs no company and row-level security still holds a file to it.
 * Null for work of no company (and on the embedded database, which has no roles).
 */
const writingCompany = () => uuid('company_id').default(sql`nullif(current_setting('app.company_id', true), '')::uuid`);

/**
 * Files of the database file store (storage/database-file-store.ts). A file is readable once
 * `completed_at` is set; until then its chunks are being written (or were left by a crash).
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  companyId: writingCompany(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }),
  createdAt: createdAt(),
  completedAt: ts('completed_at'),
});

/** Binary data: node-postgres answers a Buffer, PGlite a Uint8Array; both are sent as given. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A stored file's bytes, in chunks of about 1 MB, numbered from 0. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    key: text('key').notNull().references(() => storedFiles.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    companyId: writingCompany(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.seq] })],
);

// --- single sign-on: per-company OpenID Connect (issue 14) ---
// Identity data read before anyone is signed in (the email's domain picks the company), so these
// tables have no row-level security, like users and memberships' identity lookups.

/** A company's OpenID provider and what its answers mean here (PUT /company/me/sso). */
export const companySso = pgTable('company_sso', {
  companyId: uuid('company_id').primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** AES-256-GCM under SSO_SECRET_KEY when set ("v1:" prefix), else as given; never answered by the API. */
  clientSecret: text('client_secret'),
  roleClaim: text('role_claim'),
  roleMapping: jsonb('role_mapping').$type<{ value: string; role: string }[]>().notNull().default(sql`'[]'::jsonb`),
  jitEnabled: boolean('jit_enabled').notNull().default(false),
  defaultRole: text('default_role').notNull().default('Viewer'),
  requireSso: boolean('require_sso').notNull().default(false),
  breakGlassEmail: text('break_glass_email'),
  /** From the discovery document checked at save: whether RP-initiated logout is possible. */
  endSessionEndpoint: text('end_session_endpoint'),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});

/** The email domains that sign in through a company's provider; a domain belongs to one company. */
export const ssoEmailDomains = pgTable(
  'sso_email_domains',
  {
    domain: text('domain').primaryKey(),
    companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sso_email_domains_company_idx').on(table.companyId)],
);

/** A sign-in sent to a provider and not back yet: state (hashed), PKCE verifier and nonce, 10 minutes. */
export const ssoLogins = pgTable('sso_logins', {
  stateHash: text('state_hash').primaryKey(),
  companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  /** The portal path to open afterwards. */
  returnTo: text('return_to'),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
});

/** Our sessions (refresh families) opened through a provider: what RP-initiated and back-channel logout need. */
export const ssoSessions = pgTable(
  'sso_sessions',
  {
    familyId: uuid('family_id').primaryKey(),
    companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The provider's session id (`sid` claim), when it sends one. */
    providerSid: text('provider_sid'),
    /** The provider's id token: the id_token_hint of RP-initiated logout. */
    idToken: text('id_token').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sso_sessions_subject_idx').on(table.issuer, table.subject), index('sso_sessions_sid_idx').on(table.issuer, table.providerSid)],
);
