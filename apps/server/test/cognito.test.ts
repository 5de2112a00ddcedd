// AUTH_PROVIDER=cognito against a Cognito-compatible user pool on loopback (cognito-local behind the
// simulator of e2e/support/cognito-simulator.ts, the one harness of the portal's tests and the e2e too): the pool's id token is the bearer of our API (SPEC.md §7), verified
// against the pool's JWKS; `cognito:groups` map to our roles, the company comes from custom:company
// or the host, someone new is created just in time, a user we disabled and a signed-out sign-in are
// refused at once; our own tokens keep working beside the pool's.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, importJWK, SignJWT, type JWTPayload } from 'jose';
import { eq } from 'drizzle-orm';
import { AUTH_ERROR_CODES, type RoleName } from '@clearlane/contract';
import { users } from '../src/db/schema.ts';
import { findUserByEmail } from '../src/identity/identity.repository.ts';
import {
  ACME_HOST, GLOBEX_HOST, bearer, createTestApp, databaseKinds, expectOk, expectProblem, get, post, seedTwoCompanies, uniqueEmail, type TestApp,
} from './helpers.ts';
import { startCognitoSimulator, type CognitoSimulator } from '../../../e2e/support/cognito-simulator.ts';

const require = createRequire(import.meta.url);
const PASSWORD = 'Pool-password-1';
const DOMAIN = 'clearlane.auth.us-east-1.amazoncognito.com';

interface PoolUser {
  email: string;
  groups?: string[];
  /** custom:company (COGNITO_COMPANY_ATTRIBUTE's default): a tenant identifier. */
  company?: string;
}

let pool: CognitoSimulator;
let setup: { userPoolId: string; clientId: string; issuer: string };

beforeAll(async () => {
  pool = await startCognitoSimulator();
  const created = await pool.createUserPool();
  setup = { ...created, issuer: pool.issuer(created.userPoolId) };
}, 60_000);
afterAll(async () => {
  await pool?.close();
});

/** Signs with cognito-local's own key (the same in every installation): tokens it would never issue. */
async function forge(claims: JWTPayload, header: { kid?: string } = {}) {
  const { jwk } = require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: Record<string, string> };
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: header.kid ?? 'CognitoLocal' }).sign(key);
}

for (const kind of databaseKinds()) {
  describe(`the cloud user pool (cognito-local) [${kind}]`, () => {
    const t = { kind } as TestApp;
    let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;

    beforeAll(async () => {
      Object.assign(t, await createTestApp(kind, {
        AUTH_PROVIDER: 'cognito',
        COGNITO_USER_POOL_ID: setup.userPoolId,
        COGNITO_USER_POOL_CLIENT_ID: setup.clientId,
        COGNITO_DOMAIN: DOMAIN,
        COGNITO_REGION: 'us-east-1',
        COGNITO_USER_POOL_ENDPOINT: pool.url,
        COGNITO_IDENTITY_POOL_ENDPOINT: 'http://127.0.0.1:9230',
      }));
      seeded = await seedTwoCompanies(t.db);
    });
    afterAll(async () => {
      await t.close?.();
    });

    /** A person in the pool, signed in there: the pool's id token. */
    const poolSignIn = async (user: Partial<PoolUser> = {}) => {
      const email = user.email ?? uniqueEmail('pool');
      await pool.createUser(setup.userPoolId, { email, password: PASSWORD, groups: user.groups, attributes: user.company ? { 'custom:company': user.company } : {} });
      const tokens = await pool.signIn(setup.clientId, email, PASSWORD);
      return { email, idToken: tokens.IdToken, accessToken: tokens.AccessToken };
    };
    const me = (idToken: string, host = ACME_HOST) => get(t.app, '/api/v1/users/me', idToken, host);
    const roleOf = async (idToken: string, host = ACME_HOST) => (expectOk(await me(idToken, host)).roles as { name: RoleName }[]).map((role) => role.name);

    it('tells the portal the pool\'s settings, and lets the portal reach the pools and the hosted domain', async () => {
      const response = await get(t.app, '/api/v1/public/config');
      expect(expectOk(response).auth).toEqual({
        provider: 'cognito',
        region: 'us-east-1',
        userPoolId: setup.userPoolId,
        userPoolClientId: setup.clientId,
        identityPoolId: null,
        userPoolEndpoint: pool.url,
        identityPoolEndpoint: 'http://127.0.0.1:9230',
        oauth: { domain: DOMAIN, scopes: ['email', 'openid', 'profile', 'phone'], responseType: 'code' },
      });
      const connectSrc = /connect-src ([^;]*)/.exec(String(response.headers['content-security-policy']))![1]!.split(' ');
      expect(connectSrc).toEqual(expect.arrayContaining(["'self'", pool.url, 'http://127.0.0.1:9230', `https://${DOMAIN}`]));
    });

    it('the pool\'s tokens carry what the mapping reads: kid, iss, aud, token_use, cognito:groups, custom:company', async () => {
      const { idToken } = await poolSignIn({ groups: ['Manager'], company: 'acme' });
      const claims = decodeJwt(idToken);
      expect(claims).toMatchObject({ iss: setup.issuer, aud: setup.clientId, token_use: 'id', 'cognito:groups': ['Manager'], 'custom:company': 'acme' });
      expect(JSON.parse(Buffer.from(idToken.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'RS256', kid: 'CognitoLocal' });
      // cognito-local leaves origin_jti out (AWS sends it); the sign-in's event_id stands in.
      expect(claims.origin_jti).toBeUndefined();
      expect(typeof claims.event_id).toBe('string');
    });

    it('creates someone new just in time in the company their custom:company names, with the role their group maps to', async () => {
      const { email, idToken } = await poolSignIn({ groups: ['Agent'], company: 'acme' });
      expect(await findUserByEmail(t.db, email)).toBeUndefined();
      // The attribute names the company, whatever the host.
      const body = expectOk(await me(idToken, GLOBEX_HOST));
      expect(body).toMatchObject({ email, companyName: 'Acme Logistics', tenantIdentifier: 'acme', groups: ['Agent'] });
      expect(body.roles.map((role: { name: string }) => role.name)).toEqual(['Agent']);
      const created = await findUserByEmail(t.db, email);
      expect(created).toMatchObject({ status: 'ACTIVE', firstName: email.slice(0, email.indexOf('@')) });
      expect(created!.lastSignInAt).not.toBeNull();
    });

    it('maps groups to roles: CompanyAdmin is Company Admin, the strongest of several wins, none gives the default (Viewer)', async () => {
      expect(await roleOf((await poolSignIn({ groups: ['CompanyAdmin'], company: 'acme' })).idToken)).toEqual(['Company Admin']);
      expect(await roleOf((await poolSignIn({ groups: ['Viewer', 'Manager'], company: 'acme' })).idToken)).toEqual(['Manager']);
      expect(await roleOf((await poolSignIn({ company: 'acme' })).idToken)).toEqual(['Viewer']);
    });

    it('the groups re-role someone we know at their next sign-in', async () => {
      const email = uniqueEmail('known');
      const invited = await post(t.app, '/api/v1/users', { email, firstName: 'Kim', lastName: 'Known', role: 'Viewer' }, { headers: bearer((await poolSignIn({ groups: ['CompanyAdmin'], company: 'acme' })).idToken) });
      expect(invited.statusCode, invited.body).toBe(201);
      expect(await roleOf((await poolSignIn({ email, groups: ['Manager'], company: 'acme' })).idToken)).toEqual(['Manager']);
    });

    it('a list works with the pool\'s token, and another company\'s data stays 404', async () => {
      const { idToken } = await poolSignIn({ groups: ['CompanyAdmin'], company: 'acme' });
      const list = expectOk(await t.app.inject({ method: 'GET', url: '/api/v1/users?page=0&size=100', headers: { host: ACME_HOST, ...bearer(idToken) } }));
      const emails = list.content.map((user: { email: string }) => user.email);
      expect(emails).toEqual(expect.arrayContaining([seeded.users.admin.email, seeded.users.viewer.email]));
      expect(emails).not.toContain(seeded.users.globexAdmin.email);
      expectProblem(await get(t.app, `/api/v1/users/${seeded.users.globexAdmin.userId}`, idToken), 404);
    });

    it('without custom:company the host names the company (the main domain: their first), for people who belong to it only', async () => {
      // Invited by an admin: known to us, not yet in the pool's company attribute.
      const email = uniqueEmail('by-host');
      const admin = (await poolSignIn({ groups: ['CompanyAdmin'], company: 'acme' })).idToken;
      expect((await post(t.app, '/api/v1/users', { email, firstName: 'Hal', lastName: 'Host', role: 'Agent' }, { headers: bearer(admin) })).statusCode).toBe(201);
      // The invitation sends no temporary password: the pool holds passwords and sends its own.
      expect(await t.messenger.latest(1, email)).toEqual([]);
      const { idToken } = await poolSignIn({ email });
      expect(expectOk(await me(idToken, ACME_HOST))).toMatchObject({ tenantIdentifier: 'acme', roles: [{ name: 'Agent' }] });
      // Not a member of Globex, and the host alone never makes anyone a member.
      const atGlobex = expectProblem(await me(idToken, GLOBEX_HOST), 401, AUTH_ERROR_CODES.NotAuthorized);
      expect(atGlobex.detail).toMatch(/not set up in Clearlane/);
      // On the main domain, as the password sign-in there: their first company (the portal then hands over to its host).
      expect(expectOk(await me(idToken, 'localhost:3000'))).toMatchObject({ tenantIdentifier: 'acme' });

      const stranger = await poolSignIn();
      expectProblem(await me(stranger.idToken, ACME_HOST), 401, AUTH_ERROR_CODES.NotAuthorized);
      const atMain = expectProblem(await me(stranger.idToken, 'localhost:3000'), 401, AUTH_ERROR_CODES.NotAuthorized);
      expect(atMain.detail).toMatch(/names no company/);
      expect(await findUserByEmail(t.db, stranger.email)).toBeUndefined();
    });

    it('a company attribute naming no company is refused', async () => {
      const { idToken } = await poolSignIn({ company: 'initech' });
      expect(expectProblem(await me(idToken), 401, AUTH_ERROR_CODES.NotAuthorized).detail).toMatch(/"initech", which does not exist/);
    });

    it('refuses a token of another audience or issuer, expired, tampered, an access token, an unknown key: 401 problems', async () => {
      const { idToken, accessToken } = await poolSignIn({ groups: ['Manager'], company: 'acme' });
      expectOk(await me(idToken));
      const claims = decodeJwt(idToken);
      const now = Math.floor(Date.now() / 1000);
      const refused = {
        'another audience': await forge({ ...claims, aud: 'another-app-client' }),
        'another issuer': await forge({ ...claims, iss: `${pool.url}/us-east-1_Other` }),
        'another pool at the same service': await forge({ ...claims, iss: `${pool.url}/local_other` }),
        'expired': await forge({ ...claims, iat: now - 7200, exp: now - 3600 }),
        'an access token': accessToken,
        'token_use access': await forge({ ...claims, token_use: 'access' }),
        'an unknown key id': await forge(claims, { kid: 'not-a-key-of-the-pool' }),
        'tampered': (() => {
          const [header, , signature] = idToken.split('.');
          const payload = Buffer.from(JSON.stringify({ ...claims, 'cognito:groups': ['CompanyAdmin'] })).toString('base64url');
          return `${header}.${payload}.${signature}`;
        })(),
        'unsigned': `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`,
      };
      for (const [what, token] of Object.entries(refused)) {
        const response = await me(token);
        expect(response.statusCode, what).toBe(401);
        expectProblem(response, 401, AUTH_ERROR_CODES.UserUnAuthenticated);
      }
      // The same claims, signed by the pool's key and unchanged, are accepted: the refusals above are the changes'.
      expectOk(await me(await forge(claims)));
    });

    it('a user we disabled is refused at once, and at their next sign-in', async () => {
      const { email, idToken } = await poolSignIn({ groups: ['Agent'], company: 'acme' });
      const user = expectOk(await me(idToken));
      const admin = (await poolSignIn({ groups: ['CompanyAdmin'], company: 'acme' })).idToken;
      const disabled = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${user.id}`, payload: { enabled: false }, headers: { host: ACME_HOST, ...bearer(admin) } });
      expect(disabled.statusCode, disabled.body).toBe(200);
      expectProblem(await me(idToken), 401);
      const again = await pool.signIn(setup.clientId, email, PASSWORD);
      expect(expectProblem(await me(again.IdToken), 401, AUTH_ERROR_CODES.NotAuthorized).detail).toBe('User is disabled.');

      // Switched off by an operator (every company): the same.
      const other = await poolSignIn({ company: 'acme' });
      expectOk(await me(other.idToken));
      await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.email, other.email));
      expectProblem(await me(other.idToken), 401);
    });

    it('sign-out revokes the pool sign-in server-side: its token is refused at the next request; a new sign-in works', async () => {
      const { email, idToken } = await poolSignIn({ groups: ['Manager'], company: 'acme' });
      expectOk(await me(idToken));
      const signOut = await post(t.app, '/api/v1/auth/sign-out', undefined, { headers: bearer(idToken) });
      expect(signOut.statusCode, signOut.body).toBe(204);
      expectProblem(await me(idToken), 401, AUTH_ERROR_CODES.UserUnAuthenticated);
      expectProblem(await me(idToken, GLOBEX_HOST), 401);
      const again = await pool.signIn(setup.clientId, email, PASSWORD);
      expectOk(await me(again.IdToken));
    });

    it('our own tokens (companies\' own providers issue them) keep working beside the pool\'s', async () => {
      const manager = await findUserByEmail(t.db, seeded.users.manager.email);
      const ours = await t.services.signIn.startSession(t.db, manager!, seeded.users.manager.companyId);
      expect(expectOk(await me(ours.idToken))).toMatchObject({ email: seeded.users.manager.email, roles: [{ name: 'Manager' }] });
      const refreshed = expectOk(await post(t.app, '/api/v1/auth/token', { refreshToken: ours.refreshToken }));
      expectOk(await me(refreshed.idToken));
    });

    it('the embedded provider\'s password sign-in, resets, two-step set-up and temporary passwords answer a problem naming the pool', async () => {
      const { idToken } = await poolSignIn({ groups: ['CompanyAdmin'], company: 'acme' });
      const refusals = [
        await post(t.app, '/api/v1/auth/sign-in', { email: seeded.users.manager.email, password: seeded.users.manager.password }),
        await post(t.app, '/api/v1/auth/sign-in/confirm', { session: 'x', challengeResponse: '123456' }),
        await post(t.app, '/api/v1/auth/forgot-password', { email: seeded.users.manager.email }),
        await post(t.app, '/api/v1/auth/confirm-reset-password', { email: seeded.users.manager.email, code: '123456', newPassword: 'Another-password-2' }),
        await post(t.app, '/api/v1/auth/change-password', { currentPassword: PASSWORD, newPassword: 'Another-password-2' }, { headers: bearer(idToken) }),
        await post(t.app, '/api/v1/auth/mfa/totp/associate', { currentPassword: PASSWORD }, { headers: bearer(idToken) }),
        await post(t.app, `/api/v1/users/${seeded.users.viewer.userId}/resendInvite`, undefined, { headers: bearer(idToken) }),
      ];
      for (const response of refusals) {
        expect(expectProblem(response, 400, 'InvalidParameterException').detail).toContain(`user pool ${setup.userPoolId}`);
      }
      // Reading one's two-step status stays.
      expectOk(await get(t.app, '/api/v1/auth/mfa', idToken));
    });
  });
}
