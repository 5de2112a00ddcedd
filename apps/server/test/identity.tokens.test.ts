// Tokens (refresh rotation and reuse, sign-out, JWKS, groups), hand-off between hosts, the
// account lock after failed passwords, and the per-address rate limit.
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { eq } from 'drizzle-orm';
import { memberships } from '../src/db/schema.ts';
import { updateUser } from '../src/identity/identity.repository.ts';
import {
  ACME_HOST, bearer, createTestApp, databaseKinds, describeEachDatabase, errorPaths, expectProblem, get, newUser, post,
  seedTwoCompanies, signInAs, uniqueEmail,
} from './helpers.ts';

afterEach(() => {
  vi.useRealTimers();
});

describeEachDatabase('tokens', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
  });

  const refresh = (refreshToken: string) => post(t.app, '/api/v1/auth/token', { refreshToken });
  const me = (idToken: string) => get(t.app, '/api/v1/users/me', idToken);

  it('refresh rotates the refresh token and issues working tokens', async () => {
    const first = await signInAs(t.app, seeded.users.manager.email);
    const response = await refresh(first.refreshToken);
    expect(response.statusCode, response.body).toBe(200);
    const second = response.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.idToken).not.toBe(first.idToken);
    expect(second.expiresIn).toBe(900);
    expect((await me(second.idToken)).statusCode).toBe(200);
    // Same family: the first id token still works until it expires.
    expect((await me(first.idToken)).statusCode).toBe(200);
  });

  it('reusing a rotated refresh token revokes the whole family', async () => {
    const first = await signInAs(t.app, seeded.users.agent.email);
    const second = (await refresh(first.refreshToken)).json();
    expectProblem(await refresh(first.refreshToken), 401, 'NotAuthorizedException');
    // The thief's reuse ended the legitimate session too.
    expectProblem(await refresh(second.refreshToken), 401, 'NotAuthorizedException');
    expectProblem(await me(second.idToken), 401, 'UserUnAuthenticatedException');
    expectProblem(await me(first.idToken), 401, 'UserUnAuthenticatedException');
    // Another sign-in of the same user is not affected.
    const other = await signInAs(t.app, seeded.users.agent.email);
    expect((await me(other.idToken)).statusCode).toBe(200);
  });

  it('refuses unknown, malformed and expired refresh tokens', async () => {
    expectProblem(await refresh('not-a-token'), 401, 'NotAuthorizedException');
    const missing = expectProblem(await post(t.app, '/api/v1/auth/token', {}), 400, 'ValidationError');
    expect(errorPaths(missing)).toEqual(['body.refreshToken']);
    const tokens = await signInAs(t.app, seeded.users.viewer.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (t.config.REFRESH_TOKEN_TTL_SECONDS + 60) * 1000);
    expectProblem(await refresh(tokens.refreshToken), 401, 'NotAuthorizedException');
  });

  it('sign-out revokes the session: its id token and refresh token stop working', async () => {
    const tokens = await signInAs(t.app, seeded.users.manager.email);
    const other = await signInAs(t.app, seeded.users.manager.email);
    expectProblem(await post(t.app, '/api/v1/auth/sign-out', {}), 401, 'UserUnAuthenticatedException');
    const response = await post(t.app, '/api/v1/auth/sign-out', {}, { headers: bearer(tokens.idToken) });
    expect(response.statusCode, response.body).toBe(204);
    expectProblem(await me(tokens.idToken), 401, 'UserUnAuthenticatedException');
    expectProblem(await refresh(tokens.refreshToken), 401, 'NotAuthorizedException');
    // Only this sign-in ended.
    expect((await me(other.idToken)).statusCode).toBe(200);
  });

  it('rejects missing, malformed, forged and expired bearer tokens with the SPEC message', async () => {
    const missing = expectProblem(await get(t.app, '/api/v1/users/me'), 401, 'UserUnAuthenticatedException');
    expect(missing.detail).toBe('User needs to be authenticated to call this API.');
    expectProblem(await me('garbage'), 401, 'UserUnAuthenticatedException');
    const tokens = await signInAs(t.app, seeded.users.viewer.email);
    // The access token is not a bearer for the API: SPEC.md §7 builds it from the id token.
    expectProblem(await me(tokens.accessToken), 401, 'UserUnAuthenticatedException');
    const [header, payload, signature] = tokens.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, groups: ['Company Admin'] })).toString('base64url');
    expectProblem(await me(`${header}.${forged}.${signature}`), 401, 'UserUnAuthenticatedException');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (t.config.ID_TOKEN_TTL_SECONDS + 60) * 1000);
    expectProblem(await me(tokens.idToken), 401, 'UserUnAuthenticatedException');
  });

  it('a disabled user or a removed membership stops a live id token at once', async () => {
    const disabled = await newUser(t.db, { tenant: 'acme' });
    const removed = await newUser(t.db, { tenant: 'acme' });
    const disabledTokens = await signInAs(t.app, disabled.email);
    const removedTokens = await signInAs(t.app, removed.email);
    await updateUser(t.db, disabled.userId, { status: 'DISABLED' });
    await t.db.delete(memberships).where(eq(memberships.userId, removed.userId));
    expectProblem(await me(disabledTokens.idToken), 401, 'UserUnAuthenticatedException');
    expectProblem(await me(removedTokens.idToken), 401, 'UserUnAuthenticatedException');
    expectProblem(await refresh(disabledTokens.refreshToken), 401, 'NotAuthorizedException');
    expectProblem(await refresh(removedTokens.refreshToken), 401, 'NotAuthorizedException');
  });

  it('a role change applies to the next request', async () => {
    const user = await newUser(t.db, { tenant: 'acme', role: 'Manager' });
    const tokens = await signInAs(t.app, user.email);
    expect((await get(t.app, '/api/v1/users', tokens.idToken)).statusCode).toBe(200);
    await t.db.update(memberships).set({ role: 'Viewer' }).where(eq(memberships.userId, user.userId));
    expectProblem(await get(t.app, '/api/v1/users', tokens.idToken), 403, 'Forbidden');
    expect((await me(tokens.idToken)).json().roles.map((role: { name: string }) => role.name)).toEqual(['Viewer']);
  });

  it('publishes a JWKS that verifies the id token, which carries the groups claim', async () => {
    const response = await get(t.app, '/api/v1/auth/jwks.json');
    expect(response.statusCode).toBe(200);
    const jwks = response.json();
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) expect(key.d).toBeUndefined(); // no private half
    const tokens = await signInAs(t.app, seeded.users.admin.email);
    const { payload, protectedHeader } = await jwtVerify(tokens.idToken, createLocalJWKSet(jwks), { issuer: t.config.ISSUER, audience: 'clearlane-portal' });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({
      sub: seeded.users.admin.userId,
      email: seeded.users.admin.email,
      token_use: 'id',
      groups: ['Company Admin'],
      company_id: seeded.acme.id,
      tenant_identifier: 'acme',
    });
    expect(decodeJwt(tokens.accessToken).token_use).toBe('access');
  });

  it('hand-off: a one-time code signs the user in on their tenant host, once', async () => {
    const tokens = await signInAs(t.app, seeded.users.admin.email);
    expectProblem(await post(t.app, '/api/v1/auth/handoff', {}), 401, 'UserUnAuthenticatedException');
    const created = await post(t.app, '/api/v1/auth/handoff', {}, { headers: bearer(tokens.idToken) });
    expect(created.statusCode, created.body).toBe(200);
    const { code, tenantIdentifier, origin } = created.json();
    expect(tenantIdentifier).toBe('acme');
    expect(origin).toBe('http://acme.localhost:3000');
    const redeemed = await post(t.app, '/api/v1/auth/handoff/redeem', { code });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const fresh = redeemed.json();
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    expect((await me(fresh.idToken)).json().email).toBe(seeded.users.admin.email);
    expectProblem(await post(t.app, '/api/v1/auth/handoff/redeem', { code }), 401, 'NotAuthorizedException');
    expectProblem(await post(t.app, '/api/v1/auth/handoff/redeem', { code: 'made-up' }), 401, 'NotAuthorizedException');
    const bad = expectProblem(await post(t.app, '/api/v1/auth/handoff/redeem', { code: '' }), 400, 'ValidationError');
    expect(errorPaths(bad)).toEqual(['body.code']);
  });

  it('hand-off codes expire after a minute', async () => {
    const tokens = await signInAs(t.app, seeded.users.admin.email);
    const { code } = (await post(t.app, '/api/v1/auth/handoff', {}, { headers: bearer(tokens.idToken) })).json();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expectProblem(await post(t.app, '/api/v1/auth/handoff/redeem', { code }), 401, 'NotAuthorizedException');
  });
});

describeEachDatabase('account lock', (t) => {
  beforeAll(async () => {
    await seedTwoCompanies(t.db);
  });

  const signIn = (email: string, password: string) => post(t.app, '/api/v1/auth/sign-in', { email, password });

  it('locks after 5 wrong passwords, refuses the right one during the lock, and doubles the lock', async () => {
    const user = await newUser(t.db, { tenant: 'acme' });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    for (let i = 1; i <= 4; i++) expectProblem(await signIn(user.email, `Wrong-password-${i}`), 401, 'NotAuthorizedException');
    const fifth = await signIn(user.email, 'Wrong-password-5');
    const problem = expectProblem(fifth, 429, 'TooManyFailedAttemptsException');
    expect(fifth.headers['retry-after']).toBe('1');
    expect(problem.retryAfterSeconds).toBe(1);

    const duringLock = await signIn(user.email, user.password);
    expectProblem(duringLock, 429, 'TooManyFailedAttemptsException');
    expect(duringLock.headers['retry-after']).toBe('1');

    // The lock over, one more failure locks again for twice as long: 2^(6-5) seconds.
    vi.setSystemTime(start + 1_500);
    const sixth = await signIn(user.email, 'Wrong-password-6');
    expectProblem(sixth, 429, 'TooManyFailedAttemptsException');
    expect(sixth.headers['retry-after']).toBe('2');

    vi.setSystemTime(start + 4_000);
    await signInAs(t.app, user.email, user.password);
    // A success clears the count: a new wrong password is an ordinary 401 again.
    expectProblem(await signIn(user.email, 'Wrong-password-7'), 401, 'NotAuthorizedException');
  });

  it('forgets failures older than a day, so typos spread over weeks never lock', async () => {
    const user = await newUser(t.db, { tenant: 'acme' });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 1; i <= 4; i++) {
      vi.setSystemTime(start + i * 25 * 3600_000);
      expectProblem(await signIn(user.email, `Wrong-password-${i}`), 401, 'NotAuthorizedException');
    }
    // Four failures a day apart, then a fifth the same day as the fourth: still only the second in the window.
    vi.setSystemTime(start + 4 * 25 * 3600_000 + 60_000);
    expectProblem(await signIn(user.email, 'Wrong-password-5'), 401, 'NotAuthorizedException');
  });

  it('answers an unknown email exactly like a wrong password, lock included', async () => {
    const user = await newUser(t.db, { tenant: 'acme' });
    const unknown = uniqueEmail('nobody');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    for (let i = 1; i <= 5; i++) {
      const known = await signIn(user.email, `Wrong-password-${i}`);
      const stranger = await signIn(unknown, `Wrong-password-${i}`);
      expect(stranger.statusCode).toBe(known.statusCode);
      expect(stranger.json()).toEqual(known.json());
      expect(stranger.headers['retry-after']).toBe(known.headers['retry-after']);
      expect(stranger.headers['content-type']).toBe(known.headers['content-type']);
    }
    expect((await signIn(unknown, 'anything')).statusCode).toBe(429);
    // Forgot password does not tell them apart either.
    const forgotKnown = await post(t.app, '/api/v1/auth/forgot-password', { email: user.email });
    const forgotUnknown = await post(t.app, '/api/v1/auth/forgot-password', { email: unknown });
    expect(forgotUnknown.statusCode).toBe(forgotKnown.statusCode);
    expect(Object.keys(forgotUnknown.json())).toEqual(Object.keys(forgotKnown.json()));
  });
});

for (const kind of databaseKinds().slice(0, 1)) {
  it(`limits identity requests per client address [${kind}]`, async () => {
    const t = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const body = { email: 'someone@example.test', password: 'whatever' };
      for (let i = 0; i < 3; i++) expect((await post(t.app, '/api/v1/auth/sign-in', body)).statusCode).toBe(401);
      const limited = await post(t.app, '/api/v1/auth/sign-in', body);
      const problem = expectProblem(limited, 429);
      expect(problem.code).toBe('TooManyRequests');
      expect(limited.headers['retry-after']).toBeDefined();
      // Another address is not limited.
      const elsewhere = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: body, remoteAddress: '10.1.2.3', headers: { host: ACME_HOST } });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
}
