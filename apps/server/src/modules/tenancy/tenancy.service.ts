// Host → tenant on the server. The custom-domain map comes from the companies table and is cached
// briefly, so a domain added by one process (the CLI) reaches every other within seconds.
import { resolveTenant, type TenancySettings } from '@clearlane/contract';
import type { Database } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import type { Config } from '../../config/config.ts';

const MAP_TTL_MS = 10_000;

export class TenancyService {
  private cache?: { at: number; customDomains: Record<string, string>; names: Record<string, string> };

  constructor(private readonly db: Database, private readonly config: Config) {}

  async settings(): Promise<TenancySettings & { names: Record<string, string> }> {
    if (!this.cache || Date.now() - this.cache.at > MAP_TTL_MS) {
      const rows = await this.db.select({ tenant: companies.tenantIdentifier, name: companies.name, domains: companies.customDomains }).from(companies);
      const customDomains: Record<string, string> = {};
      const names: Record<string, string> = {};
      for (const row of rows) {
        names[row.tenant] = row.name;
        for (const domain of row.domains) customDomains[domain.toLowerCase()] = row.tenant;
      }
      this.cache = { at: Date.now(), customDomains, names };
    }
    return {
      rootDomain: this.config.ROOT_DOMAIN,
      mainDomainSuffixes: this.config.MAIN_DOMAIN_SUFFIXES,
      portalUrl: this.config.PORTAL_URL,
      customDomains: this.cache.customDomains,
      names: this.cache.names,
    };
  }

  invalidate() {
    this.cache = undefined;
  }

  /** The tenant of a Host header, or '' on the main domain or an unknown subdomain. */
  async tenantOf(host: string): Promise<{ identifier: string; name: string } | null> {
    const settings = await this.settings();
    const identifier = resolveTenant(host, settings);
    const name = settings.names[identifier];
    return identifier && name ? { identifier, name } : null;
  }
}
