// All settings in one schema, read from the environment and validated at boot.
// Every invalid setting is reported at once, so an operator fixes them in one go.
import { z } from 'zod';
import { ROLE_NAMES, TOAST_POSITIONS, type RoleName } from '@clearlane/contract';
import type { S3FileStoreOptions } from '../storage/s3-file-store.ts';

const AWS_REGION = /^[a-z]{2}(-[a-z]+)+-\d$/;
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const list = z.string().transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean));

export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    /** Demo companies and users: on by default on the embedded database, off on PostgreSQL. */
    SEED_DEMO: bool.optional(),
    /** "all" runs API and workers in one process; "api" and "worker" split them. */
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

    ROOT_DOMAIN: z.string().default('localhost'),
    PORTAL_URL: z.string().url().optional(),
    MAIN_DOMAIN_SUFFIXES: list.default(['clearlane.build', 'clearlane.com', 'localhost']),
    ALLOWED_EXTERNAL_HOSTS: list.default([]),
    /** Where the portal reads /hub/system-message; empty means this server. */
    SYSTEM_MESSAGE_BASE_URL: z.string().url('must be an absolute URL, e.g. https://status.example.com').default(''),
    BUILD_POLL_INTERVAL_MS: z.coerce.number().int().min(5_000).max(86_400_000).default(300_000),
    TOAST_POSITION: z.enum(TOAST_POSITIONS).default('bottom-right'), // SPEC.md §9 said top; issue 13: never over the page's heading

    PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(256).default(6),
    PASSWORD_REQUIRE_LOWERCASE: bool.default(false),
    PASSWORD_REQUIRE_UPPERCASE: bool.default(false),
    PASSWORD_REQUIRE_NUMBERS: bool.default(false),
    PASSWORD_REQUIRE_SYMBOLS: bool.default(false),

    ID_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
    REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(300).default(7 * 24 * 3600),
    INVITE_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(72),
    ISSUER: z.string().default('clearlane'),
    /**
     * Encrypts companies' single sign-on client secrets at rest (AES-256-GCM): 32 random bytes in
     * base64, e.g. `openssl rand -base64 32`. Unset: secrets are stored as given (never answered by the API).
     */
    SSO_SECRET_KEY: z.string().refine((value) => Buffer.from(value, 'base64').length === 32 && /^[A-Za-z0-9+/]{43}=$/.test(value), 'must be 32 random bytes in base64 (44 characters), e.g. from: openssl rand -base64 32').optional(),
    /**
     * Who signs people in: our embedded identity provider, or a cloud user pool (Amazon Cognito,
     * issue 14; only its settings are checked so far). Companies' own OpenID providers work with either.
     */
    AUTH_PROVIDER: z.enum(['embedded', 'cognito']).default('embedded'),
    COGNITO_USER_POOL_ID: z.string().trim().max(55).optional(),
    COGNITO_USER_POOL_CLIENT_ID: z.string().trim().max(128).optional(),
    COGNITO_IDENTITY_POOL_ID: z.string().trim().max(55).optional(),
    /** The user pool's hosted domain (OAuth), e.g. clearlane.auth.us-east-1.amazoncognito.com. */
    COGNITO_DOMAIN: z.string().trim().max(253).optional(),
    COGNITO_REGION: z.string().regex(AWS_REGION, 'must be an AWS region, e.g. us-east-1').optional(),
    /** OAuth response type: only the authorization-code flow ("code"); the implicit grant ("token") cannot refresh tokens. */
    COGNITO_OAUTH_RESPONSE_TYPE: z.string().trim().default('code'),
    /** The user pool's API (cognito-idp); unset: AWS's for the region. A Cognito-compatible service (cognito-local) in development and tests. */
    COGNITO_USER_POOL_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://127.0.0.1:9229' }).optional(),
    /** The identity pool's API (cognito-identity); unset: AWS's for the region. */
    COGNITO_IDENTITY_POOL_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://127.0.0.1:9230' }).optional(),
    /** The user attribute naming the person's company (its tenant identifier); without it, the host's company. */
    COGNITO_COMPANY_ATTRIBUTE: z.string().trim().regex(/^custom:[\w.:-]{1,20}$/, 'must be a custom attribute, e.g. custom:company').default('custom:company'),
    /** `group=Role` pairs mapping `cognito:groups` to our roles; unset: groups named like the roles without spaces (CompanyAdmin, Manager, Agent, Viewer). */
    COGNITO_GROUP_ROLES: z.string().transform((value, context) => parseGroupRoles(value, context)).optional(),
    /** The role of someone created at first sign-in when none of their groups maps to a role. */
    COGNITO_DEFAULT_ROLE: z.enum(ROLE_NAMES).default('Viewer'),
    /** Sign-in, code and reset requests per client address per minute, on top of the per-account lock. */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),

    /** How often the driver monitoring sweep runs (pg-boss schedule); a minute at least, a week at most. */
    MONITORING_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(60).max(7 * 86_400).default(3600),

    // Carrier data for DOT quality scores (issue 12): the embedded sandbox, or FMCSA's QCMobile API
    // with a webKey. QCMobile publishes no rate limit but throttles: calls are spaced by a token bucket.
    DOT_PROVIDER: z.enum(['sandbox', 'qcmobile']).default('sandbox'),
    FMCSA_WEB_KEY: z.string().regex(/^[A-Za-z0-9+/=_-]{8,128}$/, 'must be the webKey FMCSA issued (8 to 128 letters, digits, +/=_-)').optional(),
    FMCSA_QCMOBILE_URL: z.string().url('must be an absolute URL, e.g. https://mobile.fmcsa.dot.gov/qc/services/').default('https://mobile.fmcsa.dot.gov/qc/services/'),
    FMCSA_RATE_LIMIT_PER_SECOND: z.coerce.number().min(0.1).max(100).default(5),
    FMCSA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),

    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Clearlane <no-reply@clearlane.local>'),
    STATIC_DIR: z.string().optional(),
    TRUST_PROXY: bool.default(false),

    // SMS through an HTTP API shaped like Twilio's Messages API (mail/sms.ts); all three of SID,
    // token and sender, or none (SMS codes then stay in the outbox).
    SMS_API_URL: z.string().url('must be an absolute URL, e.g. https://api.twilio.com').default('https://api.twilio.com'),
    SMS_ACCOUNT_SID: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be the account SID (letters, digits, dashes), e.g. AC0123…').optional(),
    SMS_AUTH_TOKEN: z.string().optional(),
    SMS_FROM: z.string().regex(/^(\+[1-9]\d{1,14}|MG[0-9a-fA-F]{32})$/, 'must be a phone number in E.164 form (+15551234567) or a messaging service SID (MG…)').optional(),

    /** Where built files (report bundles) are kept: the database, or an S3-compatible store (S3_*). */
    FILE_STORE: z.enum(['database', 's3']).default('database'),
    /** Base URL of an S3-compatible store (MinIO, Ceph, R2, ...); unset for AWS S3. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://minio:9000' }).optional(),
    S3_REGION: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a region name, e.g. us-east-1').optional(),
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit').optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Path-style URLs (endpoint/bucket/key); by default on when S3_ENDPOINT is set, as MinIO needs. */
    S3_FORCE_PATH_STYLE: bool.optional(),
    /** Put before every key (a folder in a shared bucket); a trailing slash is added. */
    S3_PREFIX: z.string().max(512).regex(/^[^/]/, 'must not start with a slash, e.g. clearlane/').optional(),
  })
  .superRefine((env, context) => {
    const sms = { SMS_ACCOUNT_SID: env.SMS_ACCOUNT_SID, SMS_AUTH_TOKEN: env.SMS_AUTH_TOKEN, SMS_FROM: env.SMS_FROM };
    if (Object.values(sms).every((value) => value === undefined)) return;
    for (const [name, value] of Object.entries(sms)) {
      if (value === undefined) context.addIssue({ code: 'custom', path: [name], message: 'is required when any SMS_ setting is set (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM)' });
    }
  }, { when: () => true }) // checked even when other settings are bad: every problem is listed at once
  .superRefine((env, context) => {
    if (env.FILE_STORE !== 's3') return;
    const required = { S3_REGION: env.S3_REGION, S3_BUCKET: env.S3_BUCKET, S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY };
    for (const [name, value] of Object.entries(required)) {
      if (value === undefined) context.addIssue({ code: 'custom', path: [name], message: 'is required when FILE_STORE is s3 (S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)' });
    }
  }, { when: () => true })
  .superRefine((env, context) => {
    if (env.AUTH_PROVIDER !== 'cognito') return;
    for (const problem of cognitoConfigProblems(env)) context.addIssue({ code: 'custom', path: [problem.setting], message: problem.message });
  }, { when: () => true })
  .superRefine((env, context) => {
    if (env.DOT_PROVIDER === 'qcmobile' && !env.FMCSA_WEB_KEY) {
      context.addIssue({ code: 'custom', path: ['FMCSA_WEB_KEY'], message: 'is required when DOT_PROVIDER is qcmobile (the webKey FMCSA issued for QCMobile)' });
    }
  }, { when: () => true })
  .transform((env) => ({
    ...env,
    PORTAL_URL: env.PORTAL_URL ?? `http://localhost:${env.PORT}`,
    SEED_DEMO: env.SEED_DEMO ?? env.DATABASE_URL === undefined,
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    S3_PREFIX: env.S3_PREFIX === undefined || env.S3_PREFIX.endsWith('/') ? env.S3_PREFIX : `${env.S3_PREFIX}/`,
  }));

export type Config = z.infer<typeof ConfigSchema>;

/** SPEC.md §5 and §8's configuration errors of the cloud sign-in, by their words. */
export const COGNITO_CONFIG_MESSAGES = {
  userPoolNotConfigured: 'Auth UserPool not configured',
  invalidUserPoolId: 'Invalid user pool id provided: a user pool id contains an underscore, e.g. us-east-1_AbCdEf123',
  invalidIdentityPoolId: 'Invalid identity pool id provided: an identity pool id contains a colon, e.g. us-east-1:1a2b3c4d-0000-1111-2222-333344445555',
  oauthNotConfigured: 'OAuth not configured: set the user pool\'s hosted domain, e.g. clearlane.auth.us-east-1.amazoncognito.com',
  implicitGrant: 'must be code: only the authorization-code flow is supported; the implicit grant (token) cannot refresh tokens',
  invalidDomain: 'must be the hosted domain, e.g. clearlane.auth.us-east-1.amazoncognito.com (or a URL, e.g. http://127.0.0.1:9229 for cognito-local)',
  regionUnknown: 'is required: the user pool id does not start with an AWS region and COGNITO_USER_POOL_ENDPOINT is not set, so the pool\'s address is unknown',
} as const;

/** The origin of the hosted domain (a host name means https), or null when it is not one. */
export function hostedDomainOrigin(domain: string): string | null {
  try {
    const url = new URL(/^https?:\/\//.test(domain) ? domain : `https://${domain}`);
    return url.pathname === '/' && !url.search && !url.hash && !url.username ? url.origin : null;
  } catch {
    return null;
  }
}

/** The region of a user pool id (us-east-1_AbCdEf123 → us-east-1), if it starts with one. */
export const regionOfPoolId = (poolId: string | undefined) => {
  const prefix = poolId?.split('_')[0];
  return prefix && AWS_REGION.test(prefix) ? prefix : undefined;
};

function parseGroupRoles(value: string, context: z.RefinementCtx): { value: string; role: RoleName }[] {
  const mapping: { value: string; role: RoleName }[] = [];
  for (const pair of value.split(',').map((item) => item.trim()).filter(Boolean)) {
    const at = pair.lastIndexOf('=');
    const group = pair.slice(0, at).trim();
    const role = pair.slice(at + 1).trim();
    if (at <= 0 || !group || !(ROLE_NAMES as readonly string[]).includes(role)) {
      context.addIssue({ code: 'custom', message: `must be group=Role pairs separated by commas, each role one of ${ROLE_NAMES.join(', ')} (not "${pair}")` });
      continue;
    }
    mapping.push({ value: group, role: role as RoleName });
  }
  return mapping;
}

interface CognitoSettingsInput {
  COGNITO_USER_POOL_ID?: string;
  COGNITO_USER_POOL_CLIENT_ID?: string;
  COGNITO_IDENTITY_POOL_ID?: string;
  COGNITO_DOMAIN?: string;
  COGNITO_OAUTH_RESPONSE_TYPE?: string;
  COGNITO_REGION?: string;
  COGNITO_USER_POOL_ENDPOINT?: string;
  COGNITO_IDENTITY_POOL_ENDPOINT?: string;
}

/** Every problem of a cognito configuration at once, each naming its setting. */
export function cognitoConfigProblems(env: CognitoSettingsInput): { setting: string; message: string }[] {
  const problems: { setting: string; message: string }[] = [];
  // Both ids, or the user pool is not configured (SPEC.md §5).
  if (!env.COGNITO_USER_POOL_ID) problems.push({ setting: 'COGNITO_USER_POOL_ID', message: COGNITO_CONFIG_MESSAGES.userPoolNotConfigured });
  if (!env.COGNITO_USER_POOL_CLIENT_ID) problems.push({ setting: 'COGNITO_USER_POOL_CLIENT_ID', message: COGNITO_CONFIG_MESSAGES.userPoolNotConfigured });
  if (env.COGNITO_USER_POOL_ID && !env.COGNITO_USER_POOL_ID.includes('_')) problems.push({ setting: 'COGNITO_USER_POOL_ID', message: COGNITO_CONFIG_MESSAGES.invalidUserPoolId });
  if (env.COGNITO_IDENTITY_POOL_ID && !env.COGNITO_IDENTITY_POOL_ID.includes(':')) problems.push({ setting: 'COGNITO_IDENTITY_POOL_ID', message: COGNITO_CONFIG_MESSAGES.invalidIdentityPoolId });
  if (!env.COGNITO_DOMAIN) problems.push({ setting: 'COGNITO_DOMAIN', message: COGNITO_CONFIG_MESSAGES.oauthNotConfigured });
  else if (!hostedDomainOrigin(env.COGNITO_DOMAIN)) problems.push({ setting: 'COGNITO_DOMAIN', message: COGNITO_CONFIG_MESSAGES.invalidDomain });
  if ((env.COGNITO_OAUTH_RESPONSE_TYPE ?? 'code') !== 'code') problems.push({ setting: 'COGNITO_OAUTH_RESPONSE_TYPE', message: COGNITO_CONFIG_MESSAGES.implicitGrant });
  // AWS's endpoints are per region: the region is set, or read from the pool id, or both endpoints are given.
  const regionKnown = env.COGNITO_REGION || regionOfPoolId(env.COGNITO_USER_POOL_ID) || !env.COGNITO_USER_POOL_ID?.includes('_');
  if (!regionKnown && (!env.COGNITO_USER_POOL_ENDPOINT || !env.COGNITO_IDENTITY_POOL_ENDPOINT)) {
    problems.push({ setting: 'COGNITO_REGION', message: COGNITO_CONFIG_MESSAGES.regionUnknown });
  }
  return problems;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads settings from an environment map; throws one ConfigError naming every invalid setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.keys(ConfigSchema.in.shape);
  const input = Object.fromEntries(known.filter((key) => env[key] !== undefined && env[key] !== '').map((key) => [key, env[key]]));
  const parsed = ConfigSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return parsed.data;
}

export function passwordPolicyOf(config: Config) {
  return {
    minLength: config.PASSWORD_MIN_LENGTH,
    requireLowercase: config.PASSWORD_REQUIRE_LOWERCASE,
    requireUppercase: config.PASSWORD_REQUIRE_UPPERCASE,
    requireNumbers: config.PASSWORD_REQUIRE_NUMBERS,
    requireSymbols: config.PASSWORD_REQUIRE_SYMBOLS,
  };
}

/** A cloud user pool's settings as the server and the portal use them (AUTH_PROVIDER=cognito; loadConfig checked them). */
export interface CognitoSettings {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  identityPoolId: string | null;
  /** cognito-idp's base URL, without a trailing slash. */
  userPoolEndpoint: string;
  identityPoolEndpoint: string;
  /** The `iss` of the pool's tokens: the endpoint and the pool id (AWS: https://cognito-idp.<region>.amazonaws.com/<poolId>). */
  issuer: string;
  jwksUri: string;
  domain: string;
  companyAttribute: string;
  groupRoles: { value: string; role: RoleName }[];
  defaultRole: RoleName;
}

/** Cognito group names cannot contain spaces: by default a group is named like the role without them. */
export const DEFAULT_GROUP_ROLES = ROLE_NAMES.map((role) => ({ value: role.replace(/\s+/g, ''), role }));

export function cognitoSettingsOf(config: Config): CognitoSettings | null {
  if (config.AUTH_PROVIDER !== 'cognito') return null;
  const userPoolId = config.COGNITO_USER_POOL_ID!;
  const region = config.COGNITO_REGION ?? regionOfPoolId(userPoolId) ?? userPoolId.split('_')[0]!;
  const trim = (url: string) => url.replace(/\/+$/, '');
  const userPoolEndpoint = trim(config.COGNITO_USER_POOL_ENDPOINT ?? `https://cognito-idp.${region}.amazonaws.com`);
  const issuer = `${userPoolEndpoint}/${userPoolId}`;
  return {
    region,
    userPoolId,
    userPoolClientId: config.COGNITO_USER_POOL_CLIENT_ID!,
    identityPoolId: config.COGNITO_IDENTITY_POOL_ID ?? null,
    userPoolEndpoint,
    identityPoolEndpoint: trim(config.COGNITO_IDENTITY_POOL_ENDPOINT ?? `https://cognito-identity.${region}.amazonaws.com`),
    issuer,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    domain: config.COGNITO_DOMAIN!,
    companyAttribute: config.COGNITO_COMPANY_ATTRIBUTE,
    groupRoles: config.COGNITO_GROUP_ROLES ?? DEFAULT_GROUP_ROLES,
    defaultRole: config.COGNITO_DEFAULT_ROLE,
  };
}

/** The S3-compatible store's settings when FILE_STORE is s3 (loadConfig has checked them complete), else null. */
export function s3FileStoreOptionsOf(config: Config): S3FileStoreOptions | null {
  if (config.FILE_STORE !== 's3') return null;
  return {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION!,
    bucket: config.S3_BUCKET!,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  };
}
