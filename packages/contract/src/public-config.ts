import { z } from 'zod';
import { PasswordPolicySchema } from './auth.ts';
import { TOAST_POSITIONS } from './enums.ts';

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
