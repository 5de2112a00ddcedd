// The database schema. Tenant-owned tables carry company_id first in every key that matters,
// so the schema stays ready to be distributed by company (DESIGN.md §1).
import { sql } from 'drizzle-orm';
import {
  bigint, boolean, foreignKey, type AnyPgColumn, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid,
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
    index('orders_reviewed_idx').on(table.companyId, table.isReviewed, table.createdAt),
    index('orders_person_idx').on(table.companyId, table.personId, table.createdAt),
    index('orders_business_idx').on(table.companyId, table.businessId, table.createdAt),
    index('orders_group_idx').on(table.companyId, table.reportGroupId),
    // An outcome filter (alone or with a status) finds its page and its count in the index alone;
    // without it, "Complete + Fail" of a large company read the whole table (bench/orders-list.ts).
    index('orders_outcome_idx').on(table.companyId, table.outcome, table.status, table.createdAt),
    // Sorting by subject, with the same lower() as listOrders: the first page reads 20 entries, not
    // the company's every order.
    index('orders_subject_idx').on(table.companyId, sql`lower(${table.subjectLabel})`),
    // Free text ("contains", ILIKE '%…%') over a large company's orders: trigrams, with company_id
    // in the same GIN index (btree_gin) so one company's matches are found without the others'.
    index('orders_subject_trgm_idx').using('gin', table.companyId, table.subjectLabel.op('gin_trgm_ops')),
    // The orders search also finds an order by its external reference (a bulk row's "External
    // reference" lands here too), typed in any case: one index probe (orders_matching_subject).
    index('orders_external_reference_idx').on(table.companyId, sql`lower(${table.mvrExternalReferenceId})`),
  ],
);

/** Every change of an order, in order: the timeline of the detail page. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
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
  },
  (table) => [primaryKey({ columns: [table.companyId, table.namespace] })],
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
