// SPEC.md §5's configuration rules of the cloud user pool, and SPEC.md §8's named errors.
import { describe, expect, it } from 'vitest';
import type { CognitoPublicConfig } from '@clearlane/contract/public-config';
import { AUTH_CONFIG_ERRORS, cognitoApiError } from '../../../src/lib/cognito/auth-errors.ts';
import {
  assertCognitoConfig,
  assertDeviceMetadata,
  assertIdentityPoolConfig,
  assertOAuthConfig,
  assertRefreshable,
  cognitoConfigProblems,
} from '../../../src/lib/cognito/config-rules.ts';
import { CookieStorage } from '../../../src/lib/cookie-storage.ts';
import { validateRetryConfig } from '../../../src/lib/retry.ts';

const config = (overrides: Partial<CognitoPublicConfig> = {}): CognitoPublicConfig => ({
  provider: 'cognito',
  region: 'us-east-1',
  userPoolId: 'us-east-1_AbCdEf123',
  userPoolClientId: '1example23456789',
  identityPoolId: 'us-east-1:00000000-0000-0000-0000-000000000000',
  userPoolEndpoint: 'https://cognito-idp.us-east-1.amazonaws.com',
  identityPoolEndpoint: 'https://cognito-identity.us-east-1.amazonaws.com',
  oauth: { domain: 'auth.acme.example', scopes: ['email', 'openid', 'profile', 'phone'], responseType: 'code' },
  ...overrides,
});

const nameAndMessage = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
  throw new Error('did not throw');
};

describe('cloud user pool configuration (SPEC.md §5)', () => {
  it('accepts a complete configuration', () => {
    expect(cognitoConfigProblems(config())).toEqual([]);
    expect(assertCognitoConfig(config()).userPoolId).toBe('us-east-1_AbCdEf123');
  });

  it("needs both the user pool id and the client id: 'Auth UserPool not configured'", () => {
    for (const broken of [config({ userPoolId: '' }), config({ userPoolClientId: '' })]) {
      expect(nameAndMessage(() => assertCognitoConfig(broken))).toEqual({ name: 'AuthUserPoolException', message: 'Auth UserPool not configured' });
    }
    expect(AUTH_CONFIG_ERRORS.AuthUserPoolException).toBe('Auth UserPool not configured');
  });

  it('refuses a user pool id without an underscore and an identity pool id without a colon', () => {
    expect(nameAndMessage(() => assertCognitoConfig(config({ userPoolId: 'us-east-1AbCdEf' }))).name).toBe('InvalidUserPoolId');
    expect(nameAndMessage(() => assertCognitoConfig(config({ identityPoolId: 'us-east-1-0000' }))).name).toBe('InvalidIdentityPoolIdException');
    // every problem at once
    const problems = cognitoConfigProblems(config({ userPoolId: 'nounderscore', identityPoolId: 'nocolon' }));
    expect(problems.map((problem) => problem.name)).toEqual(['InvalidUserPoolId', 'InvalidIdentityPoolIdException']);
  });

  it('has no token provider without a configuration, and refuses the embedded provider as a pool', () => {
    expect(nameAndMessage(() => assertCognitoConfig(undefined)).name).toBe('AuthTokenConfigException');
    expect(nameAndMessage(() => assertCognitoConfig({ provider: 'embedded' })).message).toBe('Auth UserPool not configured');
  });

  it('identity-pool credentials need an identity pool', () => {
    expect(nameAndMessage(() => assertIdentityPoolConfig(config({ identityPoolId: null })))).toEqual({
      name: 'AuthUserPoolAndIdentityPoolException',
      message: 'Auth UserPool or IdentityPool not configured',
    });
    expect(assertIdentityPoolConfig(config())).toContain(':');
  });

  it('supports only the authorization-code flow: an implicit grant (token) cannot refresh', () => {
    const implicit = config({ oauth: { domain: 'auth.acme.example', scopes: ['openid'], responseType: 'token' as 'code' } });
    expect(cognitoConfigProblems(implicit).map((problem) => problem.name)).toEqual(['UnsupportedOAuthResponseType']);
    expect(nameAndMessage(() => assertOAuthConfig(implicit)).message).toMatch(/implicit-grant flow .* cannot refresh tokens/);
    expect(nameAndMessage(() => assertOAuthConfig(config({ oauth: { domain: '', scopes: [], responseType: 'code' } })))).toMatchObject({ name: 'OAuthNotConfigureException', message: 'OAuth not configured' });
    expect(assertOAuthConfig(config()).scopes).toEqual(['email', 'openid', 'profile', 'phone']);
  });

  it('a stored session needs a refresh token to be refreshable', () => {
    expect(nameAndMessage(() => assertRefreshable({ accessToken: 'a' })).name).toBe('InvalidAuthTokens');
    expect(assertRefreshable({ accessToken: 'a', refreshToken: 'r' }).refreshToken).toBe('r');
  });

  it('device metadata needs the device key, device group key and random password', () => {
    const full = { deviceKey: 'us-east-1_k', deviceGroupKey: 'g', randomPassword: 'p' };
    expect(assertDeviceMetadata(full)).toEqual(full);
    for (const missing of ['deviceKey', 'deviceGroupKey', 'randomPassword'] as const) {
      expect(nameAndMessage(() => assertDeviceMetadata({ ...full, [missing]: '' })).name).toBe('DeviceMetadataNotFoundException');
    }
    expect(nameAndMessage(() => assertDeviceMetadata(null)).name).toBe('DeviceMetadataNotFoundException');
  });

  it('cookie sameSite must be lax, strict or none, and none needs secure; retries need maxAttempts ≥ 1', () => {
    expect(() => new CookieStorage({ sameSite: 'loose' as 'lax' })).toThrow(/"lax", "strict" or "none"/);
    expect(() => new CookieStorage({ sameSite: 'none', secure: false })).toThrow(/requires the Secure attribute/);
    expect(new CookieStorage({ sameSite: 'none', secure: true }).sameSite).toBe('none');
    expect(() => validateRetryConfig({ maxAttempts: 0 })).toThrow(/maxAttempts/);
  });
});

describe('user pool error answers', () => {
  it('name the error by its __type (with or without the service prefix), keeping the message', () => {
    const error = cognitoApiError(400, { __type: 'com.amazonaws.cognito#NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(error).toMatchObject({ code: 'NotAuthorizedException', message: 'Incorrect username or password.', status: 400 });
    expect(cognitoApiError(400, null, 'CodeMismatchException:http://internal.amazon.com/').code).toBe('CodeMismatchException');
  });
});
