// A company's own portal address, for links in mail: its first custom domain, or
// <tenant>.<ROOT_DOMAIN> with PORTAL_URL's scheme and port, where the reader is signed in to the
// right company.
import { tenantOrigin } from '@clearlane/contract';
import type { Config } from '../config/config.ts';

export interface CompanyAddress {
  tenantIdentifier: string;
  customDomains: string[];
}

export function companyOrigin(company: CompanyAddress, config: Pick<Config, 'PORTAL_URL' | 'ROOT_DOMAIN'>): string {
  const portal = new URL(config.PORTAL_URL);
  // A company's first custom domain is its address; the others reach it too.
  const customDomains = company.customDomains.length > 0 ? { [company.customDomains[0]!.toLowerCase()]: company.tenantIdentifier } : {};
  return tenantOrigin(company.tenantIdentifier, { protocol: portal.protocol, host: portal.host }, { rootDomain: config.ROOT_DOMAIN, customDomains });
}
