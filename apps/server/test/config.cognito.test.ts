// AUTH_PROVIDER=embedded|cognito (issue 14): a cloud user pool's settings are checked at start-up,
// every problem at once with SPEC.md §5 and §8's words, each naming its setting; and the server
// refuses to start on them.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COGNITO_CONFIG_MESSAGES, cognitoSettingsOf, DEFAULT_GROUP_ROLES, loadConfig } from '../src/config/config.ts';
import { configProblemsOf } from './config-problems.ts';

const VALID = {
  AUTH_PROVIDER: 'cognito',
  COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123',
  COGNITO_USER_POOL_CLIENT_ID: '1example23456789',
  COGNITO_IDENTITY_POOL_ID: 'us-east-1:1a2b3c4d-0000-1111-2222-333344445555',
  COGNITO_DOMAIN: 'clearlane.auth.us-east-1.amazoncognito.com',
  COGNITO_REGION: 'us-east-1',
};

describe('AUTH_PROVIDER and the cloud user pool settings', () => {
  it('is embedded by default, and the cognito settings are then not required', () => {
    expect(loadConfig({}).AUTH_PROVIDER).toBe('embedded');
    expect(configProblemsOf({ COGNITO_USER_POOL_ID: 'no-underscore' })).toEqual([]);
    expect(configProblemsOf({ AUTH_PROVIDER: 'okta' })).toEqual([expect.stringMatching(/^AUTH_PROVIDER: /)]);
  });

  it('accepts a complete cognito configuration (the identity pool is optional)', () => {
    expect(loadConfig(VALID)).toMatchObject({ AUTH_PROVIDER: 'cognito', COGNITO_OAUTH_RESPONSE_TYPE: 'code' });
    const { COGNITO_IDENTITY_POOL_ID: _none, ...withoutIdentityPool } = VALID;
    expect(configProblemsOf(withoutIdentityPool)).toEqual([]);
  });

  it('needs both the user pool id and its client id: "Auth UserPool not configured"', () => {
    expect(configProblemsOf({ ...VALID, COGNITO_USER_POOL_ID: '' })).toEqual([`COGNITO_USER_POOL_ID: ${COGNITO_CONFIG_MESSAGES.userPoolNotConfigured}`]);
    expect(configProblemsOf({ ...VALID, COGNITO_USER_POOL_CLIENT_ID: '' })).toEqual([`COGNITO_USER_POOL_CLIENT_ID: ${COGNITO_CONFIG_MESSAGES.userPoolNotConfigured}`]);
    expect(COGNITO_CONFIG_MESSAGES.userPoolNotConfigured).toBe('Auth UserPool not configured');
  });

  it('a user pool id contains an underscore, an identity pool id a colon', () => {
    expect(configProblemsOf({ ...VALID, COGNITO_USER_POOL_ID: 'useast1AbCdEf123' })).toEqual([`COGNITO_USER_POOL_ID: ${COGNITO_CONFIG_MESSAGES.invalidUserPoolId}`]);
    expect(configProblemsOf({ ...VALID, COGNITO_IDENTITY_POOL_ID: 'us-east-1-1a2b3c4d' })).toEqual([`COGNITO_IDENTITY_POOL_ID: ${COGNITO_CONFIG_MESSAGES.invalidIdentityPoolId}`]);
  });

  it('OAuth needs the hosted domain, and only the authorization-code flow: the implicit grant is refused', () => {
    expect(configProblemsOf({ ...VALID, COGNITO_DOMAIN: '' })).toEqual([`COGNITO_DOMAIN: ${COGNITO_CONFIG_MESSAGES.oauthNotConfigured}`]);
    expect(COGNITO_CONFIG_MESSAGES.oauthNotConfigured).toMatch(/^OAuth not configured/);
    expect(configProblemsOf({ ...VALID, COGNITO_OAUTH_RESPONSE_TYPE: 'token' })).toEqual([`COGNITO_OAUTH_RESPONSE_TYPE: ${COGNITO_CONFIG_MESSAGES.implicitGrant}`]);
    expect(configProblemsOf({ ...VALID, COGNITO_DOMAIN: 'clearlane auth' })).toEqual([`COGNITO_DOMAIN: ${COGNITO_CONFIG_MESSAGES.invalidDomain}`]);
    expect(configProblemsOf({ ...VALID, COGNITO_DOMAIN: 'https://clearlane.auth.us-east-1.amazoncognito.com/login' })).toEqual([`COGNITO_DOMAIN: ${COGNITO_CONFIG_MESSAGES.invalidDomain}`]);
    expect(configProblemsOf({ ...VALID, COGNITO_DOMAIN: 'http://127.0.0.1:9229' })).toEqual([]);
  });

  it('reports every problem at once, with the other settings\' problems', () => {
    expect(configProblemsOf({ AUTH_PROVIDER: 'cognito', COGNITO_IDENTITY_POOL_ID: 'nocolon', COGNITO_OAUTH_RESPONSE_TYPE: 'token', COGNITO_REGION: 'Mars', PORT: 'x', COGNITO_USER_POOL_ENDPOINT: 'x', COGNITO_GROUP_ROLES: 'a=b' })).toEqual(expect.arrayContaining([
      expect.stringMatching(/^PORT: /),
      expect.stringMatching(/^COGNITO_USER_POOL_ENDPOINT: /),
      expect.stringMatching(/^COGNITO_GROUP_ROLES: /),
      expect.stringMatching(/^COGNITO_REGION: must be an AWS region/),
      `COGNITO_USER_POOL_ID: ${COGNITO_CONFIG_MESSAGES.userPoolNotConfigured}`,
      `COGNITO_USER_POOL_CLIENT_ID: ${COGNITO_CONFIG_MESSAGES.userPoolNotConfigured}`,
      `COGNITO_IDENTITY_POOL_ID: ${COGNITO_CONFIG_MESSAGES.invalidIdentityPoolId}`,
      `COGNITO_DOMAIN: ${COGNITO_CONFIG_MESSAGES.oauthNotConfigured}`,
      `COGNITO_OAUTH_RESPONSE_TYPE: ${COGNITO_CONFIG_MESSAGES.implicitGrant}`,
    ]));
  });

  it('the pools\' endpoints default to AWS\'s for the region; the tokens\' issuer and JWKS follow the user pool endpoint', () => {
    expect(cognitoSettingsOf(loadConfig({}))).toBeNull();
    const { COGNITO_REGION: _region, ...regionFromPoolId } = VALID;
    expect(cognitoSettingsOf(loadConfig(regionFromPoolId))).toEqual({
      region: 'us-east-1',
      userPoolId: 'us-east-1_AbCdEf123',
      userPoolClientId: '1example23456789',
      identityPoolId: 'us-east-1:1a2b3c4d-0000-1111-2222-333344445555',
      userPoolEndpoint: 'https://cognito-idp.us-east-1.amazonaws.com',
      identityPoolEndpoint: 'https://cognito-identity.us-east-1.amazonaws.com',
      issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_AbCdEf123',
      jwksUri: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_AbCdEf123/.well-known/jwks.json',
      domain: 'clearlane.auth.us-east-1.amazoncognito.com',
      companyAttribute: 'custom:company',
      groupRoles: DEFAULT_GROUP_ROLES,
      defaultRole: 'Viewer',
    });
    expect(DEFAULT_GROUP_ROLES).toEqual([
      { value: 'CompanyAdmin', role: 'Company Admin' }, { value: 'Manager', role: 'Manager' }, { value: 'Agent', role: 'Agent' }, { value: 'Viewer', role: 'Viewer' },
    ]);
    const local = cognitoSettingsOf(loadConfig({
      ...VALID, COGNITO_USER_POOL_ID: 'local_AbCd1234', COGNITO_USER_POOL_ENDPOINT: 'http://127.0.0.1:9229/', COGNITO_IDENTITY_POOL_ENDPOINT: 'http://127.0.0.1:9230',
    }));
    expect(local).toMatchObject({
      region: 'us-east-1',
      userPoolEndpoint: 'http://127.0.0.1:9229',
      identityPoolEndpoint: 'http://127.0.0.1:9230',
      issuer: 'http://127.0.0.1:9229/local_AbCd1234',
      jwksUri: 'http://127.0.0.1:9229/local_AbCd1234/.well-known/jwks.json',
    });
  });

  it('needs the region when the pool id does not start with one and AWS\'s endpoints are meant', () => {
    const { COGNITO_REGION: _region, ...withoutRegion } = VALID;
    const local = { ...withoutRegion, COGNITO_USER_POOL_ID: 'local_AbCd1234' };
    expect(configProblemsOf(local)).toEqual([`COGNITO_REGION: ${COGNITO_CONFIG_MESSAGES.regionUnknown}`]);
    expect(configProblemsOf({ ...local, COGNITO_USER_POOL_ENDPOINT: 'http://127.0.0.1:9229' })).toEqual([`COGNITO_REGION: ${COGNITO_CONFIG_MESSAGES.regionUnknown}`]);
    expect(configProblemsOf({ ...local, COGNITO_USER_POOL_ENDPOINT: 'http://127.0.0.1:9229', COGNITO_IDENTITY_POOL_ENDPOINT: 'http://127.0.0.1:9230' })).toEqual([]);
    expect(cognitoSettingsOf(loadConfig({ ...local, COGNITO_USER_POOL_ENDPOINT: 'http://127.0.0.1:9229', COGNITO_IDENTITY_POOL_ENDPOINT: 'http://127.0.0.1:9230' }))!.region).toBe('local');
    expect(configProblemsOf({ ...local, COGNITO_REGION: 'eu-west-1' })).toEqual([]);
  });

  it('maps groups to roles as told, and checks the mapping, the default role and the company attribute', () => {
    const settings = cognitoSettingsOf(loadConfig({ ...VALID, COGNITO_GROUP_ROLES: 'clearlane-admins=Company Admin, dispatch=Agent ,ops=Manager', COGNITO_DEFAULT_ROLE: 'Agent', COGNITO_COMPANY_ATTRIBUTE: 'custom:tenant' }));
    expect(settings).toMatchObject({
      groupRoles: [{ value: 'clearlane-admins', role: 'Company Admin' }, { value: 'dispatch', role: 'Agent' }, { value: 'ops', role: 'Manager' }],
      defaultRole: 'Agent',
      companyAttribute: 'custom:tenant',
    });
    expect(configProblemsOf({ ...VALID, COGNITO_GROUP_ROLES: 'admins=Admin,=Viewer,ok=Viewer', COGNITO_DEFAULT_ROLE: 'Owner', COGNITO_COMPANY_ATTRIBUTE: 'company' })).toEqual(expect.arrayContaining([
      expect.stringMatching(/^COGNITO_GROUP_ROLES: must be group=Role pairs .* \(not "admins=Admin"\)$/),
      expect.stringMatching(/^COGNITO_GROUP_ROLES: must be group=Role pairs .* \(not "=Viewer"\)$/),
      expect.stringMatching(/^COGNITO_DEFAULT_ROLE: /),
      'COGNITO_COMPANY_ATTRIBUTE: must be a custom attribute, e.g. custom:company',
    ]));
    expect(configProblemsOf({ ...VALID, COGNITO_USER_POOL_ENDPOINT: 'cognito-local', COGNITO_IDENTITY_POOL_ENDPOINT: 'ftp://x' })).toEqual([
      'COGNITO_USER_POOL_ENDPOINT: must be an http(s) URL, e.g. http://127.0.0.1:9229',
      'COGNITO_IDENTITY_POOL_ENDPOINT: must be an http(s) URL, e.g. http://127.0.0.1:9230',
    ]);
  });

  it('the server does not start on them, and says every problem', () => {
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, AUTH_PROVIDER: 'cognito', COGNITO_USER_POOL_ID: 'nounderscore', COGNITO_OAUTH_RESPONSE_TYPE: 'token' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid settings:');
    expect(run.stderr).toContain(`COGNITO_USER_POOL_ID: ${COGNITO_CONFIG_MESSAGES.invalidUserPoolId}`);
    expect(run.stderr).toContain(`COGNITO_USER_POOL_CLIENT_ID: ${COGNITO_CONFIG_MESSAGES.userPoolNotConfigured}`);
    expect(run.stderr).toContain(`COGNITO_DOMAIN: ${COGNITO_CONFIG_MESSAGES.oauthNotConfigured}`);
    expect(run.stderr).toContain(`COGNITO_OAUTH_RESPONSE_TYPE: ${COGNITO_CONFIG_MESSAGES.implicitGrant}`);
  });
});
