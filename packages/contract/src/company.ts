import { z } from 'zod';

/** Features a company can have switched on; the portal shows their navigation only when on. */
export const KNOWN_PLUGINS = ['orders', 'bulk-orders', 'claims', 'monitoring', 'dot-scores', 'businesses', 'downloads'] as const;
export const PluginNameSchema = z.enum(KNOWN_PLUGINS);
export type PluginName = (typeof KNOWN_PLUGINS)[number];

/**
 * Names a tenant may not take: the first segment of a portal route (a tenant path prefix equal to a
 * route would be stripped from real paths) and host names of the service itself.
 */
export const RESERVED_TENANT_IDENTIFIERS = new Set([
  'www', 'app', 'api', 'hub', 'assets', 'builds', 'static', 'admin', 'portal', 'mail', 'status',
  'login', 'forgotpassword', 'healthcheck', 'claims', 'orders', 'users', 'drivers', 'businesses', 'reports', 'scores', 'downloads',
]);

export const TenantIdentifierSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be a DNS label: lowercase letters, digits and hyphens')
  .refine((value) => !RESERVED_TENANT_IDENTIFIERS.has(value), 'is reserved (a route, a service host or a portal path)');

export const CompanySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  tenantIdentifier: z.string(),
  customDomains: z.array(z.string()),
  plugins: z.array(PluginNameSchema),
  createdAt: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

export const CompanyPluginsSchema = z.object({ plugins: z.array(PluginNameSchema) });

export const SystemMessageSchema = z.object({
  message: z.string().nullable(),
  severity: z.enum(['info', 'warning', 'critical']),
  updatedAt: z.string().nullable(),
});
export type SystemMessage = z.infer<typeof SystemMessageSchema>;
