// Where a company's people reach the portal: its first custom domain, or <tenant>.<ROOT_DOMAIN>
// with PORTAL_URL's scheme and port. Every link a mail carries starts here, so the reader lands
// on the company's own host and signs in to the right company (PORTAL_URL alone is the portal's
// root host, which knows no company).
import { eq } from 'drizzle-orm';
import { tenantOrigin } from '@clearlane/contract';
import type { Config } from '../config/config.ts';
import type { Executor } from '../db/client.ts';
import { companies } from '../db/schema.ts';

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

/** The origin of one company, read by id (undefined when there is no such company). */
export async function companyOriginOf(db: Executor, companyId: string, config: Pick<Config, 'PORTAL_URL' | 'ROOT_DOMAIN'>): Promise<string | undefined> {
  const [company] = await db
    .select({ tenantIdentifier: companies.tenantIdentifier, customDomains: companies.customDomains })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company ? companyOrigin(company, config) : undefined;
}
