// The relying-party side of OpenID Connect, through panva's openid-client: discovery, the
// authorization request (code + PKCE, state, nonce), the code exchange with the id token's checks
// (signature, issuer, audience, expiry, nonce), RP-initiated logout. One Configuration per company
// and settings, kept for ten minutes so the discovery document and keys are not fetched per sign-in.
import * as client from 'openid-client';
import { isLoopbackHost } from '@clearlane/contract';

const CACHE_MS = 10 * 60_000;
const TIMEOUT_SECONDS = 10;

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

export type ProviderFetch = client.CustomFetch;

export class OidcClients {
  private readonly cache = new Map<string, { at: number; config: client.Configuration }>();

  /** `fetch` replaces the HTTP client of every provider call (tests tamper with answers through it). */
  constructor(private readonly fetch?: ProviderFetch) {}

  /** Fetches and checks the provider's discovery document (its issuer must be the one configured). */
  async discover(settings: ProviderSettings): Promise<client.Configuration> {
    const issuer = new URL(settings.issuer);
    const auth = settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None();
    return client.discovery(issuer, settings.clientId, settings.clientSecret ?? undefined, auth, {
      timeout: TIMEOUT_SECONDS,
      // Plain http only for a provider on this machine (development, tests); IssuerSchema refuses it elsewhere.
      execute: issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname) ? [client.allowInsecureRequests] : [],
      ...(this.fetch ? { [client.customFetch]: this.fetch } : {}),
    });
  }

  async configurationFor(key: string, settings: ProviderSettings): Promise<client.Configuration> {
    const cacheKey = `${key}\n${settings.issuer}\n${settings.clientId}\n${settings.clientSecret ?? ''}`;
    const cached = this.cache.get(cacheKey);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.config;
    const config = await this.discover(settings);
    if (this.cache.size > 500) this.cache.clear();
    this.cache.set(cacheKey, { at: Date.now(), config });
    return config;
  }
}

export { client };
