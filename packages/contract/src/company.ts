import { z } from 'zod';

/** Features a company can have switched on; the portal shows their navigation only when on. */
export const KNOWN_PLUGINS = ['orders', 'bulk-orders', 'claims', 'monitoring', 'dot-scores', 'businesses', 'downloads'] as const;
export const PluginNameSchema = z.enum(KNOWN_PLUGINS);
export type PluginName = (typeof KNOWN_PLUGINS)[number];

export const TenantIdentifierSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be a DNS label: lowercase letters, digits and hyphens');

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
