// Per-company single sign-on through the company's own OpenID Connect provider (issue 14).
// A Company Admin saves the configuration (PUT /company/me/sso); /login asks for the email first
// (POST /auth/sign-in/discover) and sends an email of an SSO domain to the company's provider.
import { z } from 'zod';
import { EmailSchema } from './auth.ts';
import { RoleNameSchema } from './enums.ts';

/** The scopes we ask every provider for (SPEC.md §9). */
export const SSO_SCOPES = 'openid email profile phone';

/** Where the provider sends the browser back to, on the host the sign-in started at. */
export const SSO_CALLBACK_PATH = '/api/v1/auth/sso/callback';
/** Where the provider tells us a user signed out there (OpenID Connect Back-Channel Logout 1.0). */
export const SSO_BACKCHANNEL_LOGOUT_PATH = '/api/v1/auth/sso/backchannel-logout';

/** A bare domain name, lower case: example.com, staff.example.co.uk. */
export const EmailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name such as example.com (no @, no scheme)');

/** A claim name of the provider's id token, e.g. groups, roles, custom:role. */
const ClaimNameSchema = z.string().trim().min(1, 'is required').max(100).regex(/^[A-Za-z0-9_:./-]+$/, 'must be a claim name such as groups or roles');

/** The issuer of an OpenID provider: https (http only on loopback, for development and tests). */
export const IssuerSchema = z
  .string()
  .trim()
  .max(2000)
  .url('must be the provider\'s issuer URL, e.g. https://login.example.com')
  // zod runs these even after .url() failed: they must not throw on a value that is no URL.
  .refine((value) => {
    const url = URL.parse(value);
    return !url || url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  }, 'must use https (plain http is allowed only on this machine: localhost, 127.0.0.1)')
  .refine((value) => {
    const url = URL.parse(value);
    return !url || (!url.search && !url.hash);
  }, 'must not carry a query or fragment');

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]';
}

export const RoleMappingEntrySchema = z.object({
  /** A value the role claim carries, e.g. clearlane-admins. */
  value: z.string().trim().min(1, 'is required').max(200),
  role: RoleNameSchema,
});

/** PUT /company/me/sso: the company's provider and what its answers mean here. */
export const SsoConfigBodySchema = z
  .object({
    enabled: z.boolean(),
    issuer: IssuerSchema,
    clientId: z.string().trim().min(1, 'is required').max(500),
    /** Write-only: omitted keeps the stored secret; never answered. */
    clientSecret: z.string().min(1, 'must not be empty (omit it to keep the stored secret)').max(2000).optional(),
    emailDomains: z.array(EmailDomainSchema).min(1, 'needs at least one domain').max(50),
    /** The id token claim that carries the role (a string or a list of strings); null: roles are not taken from the provider. */
    roleClaim: ClaimNameSchema.nullable(),
    roleMapping: z.array(RoleMappingEntrySchema).max(100),
    /** Unknown users of an allowed domain get an account at their first sign-in. */
    jitEnabled: z.boolean(),
    /** The role of a user created just in time whose role claim maps to nothing. */
    defaultRole: RoleNameSchema,
    /** Password sign-in is refused to everyone of the company but the break-glass admin. */
    requireSso: z.boolean(),
    breakGlassEmail: EmailSchema.nullable(),
  })
  // Run even when other fields are bad, so every problem is named at once (the input may be partial then).
  .superRefine((body, context) => {
    if (typeof body !== 'object' || body === null) return;
    const seen = new Set<string>();
    (Array.isArray(body.emailDomains) ? body.emailDomains : []).forEach((domain, index) => {
      if (seen.has(domain)) context.addIssue({ code: 'custom', path: ['emailDomains', index], message: `lists ${domain} twice` });
      seen.add(domain);
    });
    const mapping = Array.isArray(body.roleMapping) ? body.roleMapping : [];
    const values = new Set<string>();
    mapping.forEach((entry, index) => {
      if (typeof entry?.value !== 'string') return;
      if (values.has(entry.value)) context.addIssue({ code: 'custom', path: ['roleMapping', index, 'value'], message: `maps ${entry.value} twice` });
      values.add(entry.value);
    });
    if (mapping.length > 0 && body.roleClaim === null) {
      context.addIssue({ code: 'custom', path: ['roleClaim'], message: 'is required when role values are mapped' });
    }
    if (body.requireSso === true && body.breakGlassEmail === null) {
      context.addIssue({ code: 'custom', path: ['breakGlassEmail'], message: 'is required when single sign-on is required: a Company Admin who can still sign in with a password' });
    }
  }, { when: () => true });
export type SsoConfigBody = z.infer<typeof SsoConfigBodySchema>;

export const SsoConfigSchema = z.object({
  enabled: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  /** Whether a client secret is stored; the secret itself is never answered. */
  hasClientSecret: z.boolean(),
  emailDomains: z.array(z.string()),
  roleClaim: z.string().nullable(),
  roleMapping: z.array(z.object({ value: z.string(), role: RoleNameSchema })),
  jitEnabled: z.boolean(),
  defaultRole: RoleNameSchema,
  requireSso: z.boolean(),
  breakGlassEmail: z.string().nullable(),
  /** What the provider's discovery document said when the configuration was saved. */
  endSessionSupported: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type SsoConfig = z.infer<typeof SsoConfigSchema>;

/** GET|PUT /company/me/sso: the configuration (null until saved) and the addresses to register at the provider. */
export const SsoConfigAnswerSchema = z.object({
  config: SsoConfigSchema.nullable(),
  redirectUri: z.string(),
  backchannelLogoutUri: z.string(),
  postLogoutRedirectUri: z.string(),
});
export type SsoConfigAnswer = z.infer<typeof SsoConfigAnswerSchema>;

/** POST /auth/sign-in/discover: how an email signs in. Decided by its domain only, never by the account. */
export const SignInDiscoverBodySchema = z.object({
  email: EmailSchema,
  /** Where to go after signing in (a path of this portal). */
  redirect: z.string().max(2000).optional(),
});
export const SignInDiscoverResultSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('PASSWORD') }),
  z.object({ method: z.literal('SSO'), authorizationUrl: z.string(), companyName: z.string() }),
]);
export type SignInDiscoverResult = z.infer<typeof SignInDiscoverResultSchema>;

/** POST /auth/sign-out answers this for a session signed in through a provider that can end its own. */
export const SignOutResultSchema = z.object({ endSessionUrl: z.string().nullable() });
