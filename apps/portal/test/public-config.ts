import type { PublicConfig } from '@clearlane/contract/public-config';
import { setPublicConfig } from '../src/lib/public-config.ts';

export function testPublicConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  const config: PublicConfig = {
    rootDomain: 'localhost',
    portalUrl: 'http://localhost:3000',
    mainDomainSuffixes: ['clearlane.build', 'clearlane.com', 'localhost'],
    customDomains: {},
    tenant: null,
    passwordPolicy: { minLength: 6, requireLowercase: false, requireUppercase: false, requireNumbers: false, requireSymbols: false },
    systemMessageBaseUrl: '',
    buildPollIntervalMs: 60_000,
    allowedExternalHosts: [],
    toastPosition: 'top',
    buildId: 'test-build',
    auth: { provider: 'embedded' },
    ...overrides,
  };
  setPublicConfig(config);
  return config;
}
