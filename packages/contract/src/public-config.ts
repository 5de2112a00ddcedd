import { z } from 'zod';
import { PasswordPolicySchema } from './auth.ts';
import { TOAST_POSITIONS } from './enums.ts';

/**
 * Who signs people in (issue 14). `embedded`: our own identity provider (/api/v1/auth). `cognito`:
 * the portal signs in against a cloud user pool (Amazon Cognito's JSON API, as Amplify would) and
 * sends the pool's id token; the server verifies it against the pool's JWKS. The endpoints are the
 * AWS ones for the region unless a Cognito-compatible service is configured (development, tests).
 */
export const CognitoPublicConfigSchema = z.object({
  provider: z.literal('cognito'),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Absent: no identity-pool credentials are fetched. */
  identityPoolId: z.string().nullable(),
  /** cognito-idp: InitiateAuth, RespondToAuthChallenge, GetTokensFromRefreshToken, … */
  userPoolEndpoint: z.string(),
  /** cognito-identity: GetId, GetCredentialsForIdentity. */
  identityPoolEndpoint: z.string(),
  /** The hosted domain's OAuth 2.0 endpoints (authorization-code flow only, SPEC.md §9). */
  oauth: z.object({
    domain: z.string(),
    scopes: z.array(z.string()),
    responseType: z.literal('code'),
  }),
});
export type CognitoPublicConfig = z.infer<typeof CognitoPublicConfigSchema>;
export const AuthPublicConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('embedded') }),
  CognitoPublicConfigSchema,
]);
export type AuthPublicConfig = z.infer<typeof AuthPublicConfigSchema>;

/** What the portal needs before anyone signs in; served for the host that asks. */
export const PublicConfigSchema = z.object({
  rootDomain: z.string(),
  portalUrl: z.string(),
  mainDomainSuffixes: z.array(z.string()),
  /** Only the custom domain of the asking host (if it is one): the whole map is not public. */
  customDomains: z.record(z.string(), z.string()),
  tenant: z.object({ identifier: z.string(), name: z.string() }).nullable(),
  passwordPolicy: PasswordPolicySchema,
  systemMessageBaseUrl: z.string(),
  buildPollIntervalMs: z.number().int(),
  allowedExternalHosts: z.array(z.string()),
  toastPosition: z.enum(TOAST_POSITIONS),
  buildId: z.string(),
  auth: AuthPublicConfigSchema,
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const HealthComponentSchema = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().optional(),
  detail: z.string().optional(),
});
export const HealthSchema = z.object({
  status: z.enum(['up', 'down']),
  version: z.string(),
  uptimeSeconds: z.number(),
  components: z.object({ api: HealthComponentSchema, database: HealthComponentSchema, queue: HealthComponentSchema }),
});
export type Health = z.infer<typeof HealthSchema>;
