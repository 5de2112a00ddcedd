// Host → tenant resolution and the redirects around sign-in (SPEC.md §2 "Tenant routing").
// Pure functions shared by the server (which knows every custom domain) and the portal.

export interface TenancySettings {
  /** The domain tenants are subdomains of, e.g. "clearlane.com" or "localhost". */
  rootDomain: string;
  /** Hosts that count as the main portal, matched by suffix. */
  mainDomainSuffixes: string[];
  /** Custom domain (host name, no port) → tenant identifier; wins over the subdomain rule. */
  customDomains: Record<string, string>;
  /** The main portal's URL, e.g. "https://app.clearlane.com" or "http://localhost:3000". */
  portalUrl: string;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function hostnameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.replace(/:\d+$/, '').replace(/\.$/, '');
}

/** The tenant a host serves: custom-domain map first, then a subdomain of the root domain, else ''. */
export function resolveTenant(host: string, settings: Pick<TenancySettings, 'rootDomain' | 'customDomains'>): string {
  const hostname = hostnameOf(host);
  const mapped = settings.customDomains[hostname];
  if (mapped) return mapped;
  if (IPV4.test(hostname) || hostname.startsWith('[')) return '';
  const root = settings.rootDomain.toLowerCase();
  if (!hostname.endsWith(`.${root}`)) return '';
  const label = hostname.slice(0, -(root.length + 1));
  // Only a single label names a tenant: "acme.localhost" yes, "x.acme.localhost" or "www" no.
  if (label.includes('.') || label === 'www' || label === 'app') return '';
  return label;
}

/** Whether the host is the main domain (routes used as they are), matched by suffix. */
export function isMainDomain(host: string, settings: Pick<TenancySettings, 'mainDomainSuffixes' | 'rootDomain' | 'customDomains'>): boolean {
  if (resolveTenant(host, settings) !== '') return false;
  const hostname = hostnameOf(host);
  // A suffix matches whole labels only: "app.clearlane.com" is main, "notclearlane.com" is not.
  return settings.mainDomainSuffixes.some((raw) => {
    const suffix = raw.trim().toLowerCase().replace(/^\./, '');
    return suffix !== '' && (hostname === suffix || hostname.endsWith(`.${suffix}`));
  });
}

/**
 * On a tenant host a path may still carry the tenant as its first segment (links made on the main
 * domain as /{tenant}/orders): the prefix is stripped. On the main domain paths are used as they are.
 */
export function stripTenantPrefix(pathname: string, tenant: string): string {
  if (!tenant) return pathname;
  if (pathname === `/${tenant}`) return '/';
  if (pathname.startsWith(`/${tenant}/`)) return pathname.slice(tenant.length + 1);
  return pathname;
}

export interface CurrentLocation {
  protocol: string; // "http:" | "https:"
  host: string; // with port
}

function portOf(host: string): string {
  const match = /:(\d+)$/.exec(host.trim());
  return match ? `:${match[1]}` : '';
}

/** The origin of a tenant's portal, keeping the current scheme and port (so loopback works). */
export function tenantOrigin(tenantIdentifier: string, location: CurrentLocation, settings: Pick<TenancySettings, 'rootDomain' | 'customDomains'>): string {
  const custom = Object.entries(settings.customDomains).find(([, tenant]) => tenant === tenantIdentifier)?.[0];
  const hostname = custom ?? `${tenantIdentifier}.${settings.rootDomain}`;
  return `${location.protocol}//${hostname}${custom ? '' : portOf(location.host)}`;
}

/**
 * Where a freshly signed-in user belongs (SPEC.md §2): null when the current host is right.
 * - a user with a tenant on another tenant's host, or on the portal host → their tenant host;
 * - a user without a tenant on a tenant host → the portal URL.
 */
export function afterLoginDestination(
  userTenant: string,
  location: CurrentLocation,
  settings: Pick<TenancySettings, 'rootDomain' | 'customDomains' | 'portalUrl'>,
): string | null {
  const hostTenant = resolveTenant(location.host, settings);
  if (userTenant && userTenant !== hostTenant) return tenantOrigin(userTenant, location, settings);
  if (!userTenant && hostTenant) return settings.portalUrl;
  return null;
}

/** Sign-out always lands on the portal's login page. */
export function signOutDestination(settings: Pick<TenancySettings, 'portalUrl'>): string {
  return `${settings.portalUrl.replace(/\/$/, '')}/login`;
}
