import type { CognitoPublicConfig, PublicConfig } from '@clearlane/contract/public-config';
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

/** A cloud user pool's settings (AWS's endpoints; tests stub the calls). */
export const TEST_COGNITO_AUTH: CognitoPublicConfig = {
  provider: 'cognito',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_Pool',
  userPoolClientId: 'client-1',
  identityPoolId: null,
  userPoolEndpoint: 'https://cognito-idp.eu-west-1.amazonaws.com',
  identityPoolEndpoint: 'https://cognito-identity.eu-west-1.amazonaws.com',
  oauth: { domain: 'auth.acme.example', scopes: ['email', 'openid', 'profile', 'phone'], responseType: 'code' },
};
