// SPEC.md §2 "Tenant routing": on a tenant's own host a link may still carry the tenant as the first
// path segment (/acme/orders, as made on the main domain); we redirect to the path without it.
// On the main domain paths are used as they are.
import { isMainDomain, resolveTenant, stripTenantPrefix, type TenancySettings } from '@clearlane/contract/tenancy';

/** The path to redirect to, or null when the path is already right for this host. */
export function tenantPrefixRedirect(pathname: string, host: string, settings: Pick<TenancySettings, 'rootDomain' | 'customDomains' | 'mainDomainSuffixes'>): string | null {
  if (isMainDomain(host, settings)) return null;
  const tenant = resolveTenant(host, settings);
  if (!tenant) return null;
  const stripped = stripTenantPrefix(pathname, tenant);
  return stripped === pathname ? null : stripped;
}
