// Per-company single sign-on against a certified OpenID provider (panva's oidc-provider) running in
// this process on loopback: the configuration API, email-first discovery, sign-in with PKCE, state
// and nonce, just-in-time creation, role mapping, the refusals (state, nonce, audience, issuer,
// expiry), password sign-in refused when SSO is required, and both kinds of logout.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SSO_CALLBACK_PATH, type SsoConfigBody } from '@clearlane/contract';
import { companySso, memberships, ssoLogins, users } from '../src/db/schema.ts';
import { sha256 } from '../src/identity/secrets.ts';
import {
  ACME_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, get, newUser, post, seedTwoCompanies, signInAs, uniqueEmail,
} from './helpers.ts';
import { startTestProvider, type TestProvider } from './support/oidc-test-provider.ts';

const CLIENT = { clientId: 'clearlane-acme', clientSecret: 'a-long-and-secret-client-secret' };
const REDIRECT_URI = `http://${ACME_HOST}${SSO_CALLBACK_PATH}`;
let idp: TestProvider;

beforeAll(async () => {
  idp = await startTestProvider([{
    ...CLIENT, redirectUris: [REDIRECT_URI], postLogoutRedirectUris: ['http://localhost:3000/login'], backchannelLogoutUri: `http://${ACME_HOST}/api/v1/auth/sso/backchannel-logout`,
  }]);
});
afterAll(async () => {
  await idp?.close();
});

describeEachDatabase('single sign-on (OIDC)', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  let admin: string;
  const body = (overrides: Partial<SsoConfigBody> = {}): SsoConfigBody => ({
    enabled: true,
    issuer: idp.issuer,
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    emailDomains: ['acme-sso.test'],
    roleClaim: 'groups',
    roleMapping: [{ value: 'cl-admins', role: 'Company Admin' }, { value: 'cl-managers', role: 'Manager' }, { value: 'cl-agents', role: 'Agent' }],
    jitEnabled: true,
    defaultRole: 'Viewer',
    requireSso: false,
    breakGlassEmail: null,
    ...overrides,
  });
  const put = (payload: unknown, token = admin) => t.app.inject({ method: 'PUT', url: '/api/v1/company/me/sso', payload: payload as object, headers: { host: ACME_HOST, ...bearer(token) } });
  const me = (idToken: string) => get(t.app, '/api/v1/users/me', idToken);

  /** Email first, the provider's login as this account, the callback: where the browser lands. */
  const ssoCallback = async (email: string, accountId: string, tamper?: (url: URL) => Promise<void> | void) => {
    const discovered = await post(t.app, '/api/v1/auth/sign-in/discover', { email, redirect: '/orders' });
    expect(discovered.statusCode, discovered.body).toBe(200);
    expect(discovered.json()).toMatchObject({ method: 'SSO', companyName: 'Acme Logistics' });
    const back = await idp.signIn(discovered.json().authorizationUrl, accountId);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    await tamper?.(back);
    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { host: ACME_HOST } });
    expect(callback.statusCode, callback.body).toBe(302);
    return new URL(callback.headers.location as string);
  };
  const ssoSignIn = async (email: string, accountId: string) => {
    const landed = await ssoCallback(email, accountId);
    expect(landed.searchParams.get('ssoError')).toBeNull();
    expect(landed.origin).toBe(`http://${ACME_HOST}`);
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('redirect')).toBe('/orders');
    const redeemed = await post(t.app, '/api/v1/auth/handoff/redeem', { code: landed.searchParams.get('handoff') });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    return redeemed.json() as { idToken: string; refreshToken: string };
  };
  const refusedWith = (landed: URL) => {
    expect(landed.searchParams.get('handoff')).toBeNull();
    return landed.searchParams.get('ssoError');
  };

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    admin = (await signInAs(t.app, seeded.users.admin.email)).idToken;
  });

  it('is configured by Company Admins only; the discovery document is checked; the secret is never answered', async () => {
    const blank = await get(t.app, '/api/v1/company/me/sso', admin);
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json()).toMatchObject({ config: null, redirectUri: REDIRECT_URI, backchannelLogoutUri: `http://${ACME_HOST}/api/v1/auth/sso/backchannel-logout` });
    const manager = (await signInAs(t.app, seeded.users.manager.email)).idToken;
    expectProblem(await put(body(), manager), 403);
    expectProblem(await get(t.app, '/api/v1/company/me/sso', manager), 403);

    const bad = expectProblem(await put({ ...body(), issuer: 'ftp://nowhere', emailDomains: ['@acme'], defaultRole: 'Boss', roleMapping: [{ value: 'x', role: 'Manager' }], roleClaim: null }), 400, 'ValidationError');
    expect(errorPaths(bad)).toEqual(expect.arrayContaining(['body.issuer', 'body.emailDomains.0', 'body.defaultRole', 'body.roleClaim']));
    const noProvider = expectProblem(await put(body({ issuer: 'http://127.0.0.1:9/nothing-here' })), 400, 'ValidationError');
    expect(errorPaths(noProvider)).toEqual(['body.issuer']);
    expect(JSON.stringify(noProvider)).toContain('/.well-known/openid-configuration');
    const breakGlass = expectProblem(await put(body({ requireSso: true, breakGlassEmail: seeded.users.manager.email })), 400, 'ValidationError');
    expect(errorPaths(breakGlass)).toEqual(['body.breakGlassEmail']);

    const saved = await put(body());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().config).toMatchObject({ issuer: idp.issuer, clientId: CLIENT.clientId, hasClientSecret: true, emailDomains: ['acme-sso.test'], endSessionSupported: true });
    expect(saved.body).not.toContain(CLIENT.clientSecret);
    // Saving again without a secret keeps the stored one.
    const { clientSecret: _omitted, ...withoutSecret } = body();
    expect((await put(withoutSecret)).json().config.hasClientSecret).toBe(true);

    // A domain belongs to one company.
    const globexAdmin = (await signInAs(t.app, seeded.users.globexAdmin.email, undefined, 'globex.localhost:3000')).idToken;
    const taken = await t.app.inject({ method: 'PUT', url: '/api/v1/company/me/sso', payload: body({ emailDomains: ['globex.test', 'acme-sso.test'] }), headers: { host: 'globex.localhost:3000', ...bearer(globexAdmin) } });
    expect(errorPaths(expectProblem(taken, 400, 'ValidationError'))).toEqual(['body.emailDomains.1']);
  });

  it('encrypts the client secret at rest when SSO_SECRET_KEY is set', async () => {
    const [row] = await t.db.select({ secret: companySso.clientSecret }).from(companySso).where(eq(companySso.companyId, seeded.acme.id));
    // This suite runs without the key: stored as given, and never answered (above).
    expect(row?.secret).toBe(CLIENT.clientSecret);
  });

  it('email first: a domain without SSO gets the password step, whoever the user is', async () => {
    for (const email of [seeded.users.manager.email, 'nobody@nowhere.test']) {
      const answer = await post(t.app, '/api/v1/auth/sign-in/discover', { email });
      expect(answer.json()).toEqual({ method: 'PASSWORD' });
    }
    expect(errorPaths(expectProblem(await post(t.app, '/api/v1/auth/sign-in/discover', { email: 'not-an-email' }), 400, 'ValidationError'))).toEqual(['body.email']);
  });

  it('the authorization request uses code + PKCE (S256), state, nonce and the four scopes', async () => {
    const answer = (await post(t.app, '/api/v1/auth/sign-in/discover', { email: 'someone@acme-sso.test' })).json();
    const url = new URL(answer.authorizationUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code', client_id: CLIENT.clientId, redirect_uri: REDIRECT_URI, scope: 'openid email profile phone', code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)?.length).toBeGreaterThanOrEqual(43);
  });

  it('signs in a known user, maps the role claim, and issues our tokens as the password sign-in does', async () => {
    const known = await newUser(t.db, { tenant: 'acme', role: 'Viewer', email: uniqueEmail('known', 'acme-sso.test'), firstName: 'Kim' });
    idp.accounts.set('kim', { email: known.email, email_verified: true, given_name: 'Kim', family_name: 'Known', groups: ['other', 'cl-managers'] });
    const tokens = await ssoSignIn(known.email, 'kim');
    const user = (await me(tokens.idToken)).json();
    expect(user).toMatchObject({ email: known.email, companyId: seeded.acme.id, groups: ['Manager'] });
    // Our tokens work everywhere: refresh rotates them.
    const refreshed = await post(t.app, '/api/v1/auth/token', { refreshToken: tokens.refreshToken });
    expect(refreshed.statusCode).toBe(200);
  });

  it('creates an unknown user just in time with the mapped role, or the default role', async () => {
    const email = uniqueEmail('jit', 'acme-sso.test');
    idp.accounts.set('jit', { email, email_verified: true, given_name: 'Jo', family_name: 'Newcomer', groups: ['cl-agents'] });
    const tokens = await ssoSignIn(email, 'jit');
    const [created] = await t.db.select().from(users).where(eq(users.email, email));
    expect(created).toMatchObject({ firstName: 'Jo', lastName: 'Newcomer', status: 'ACTIVE' });
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.userId, created!.id));
    expect(membership).toMatchObject({ companyId: seeded.acme.id, role: 'Agent' });
    expect((await me(tokens.idToken)).statusCode).toBe(200);

    const plain = uniqueEmail('plain', 'acme-sso.test');
    idp.accounts.set('plain', { email: plain, email_verified: true, given_name: 'Pat' });
    await ssoSignIn(plain, 'plain');
    const [plainRow] = await t.db.select({ role: memberships.role }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(eq(users.email, plain));
    expect(plainRow?.role).toBe('Viewer');
  });

  it('without just-in-time creation an unknown user is refused, and so is an email of another domain', async () => {
    await put(body({ jitEnabled: false }));
    const email = uniqueEmail('stranger', 'acme-sso.test');
    idp.accounts.set('stranger', { email, email_verified: true });
    expect(refusedWith(await ssoCallback(email, 'stranger'))).toMatch(/not set up in Clearlane yet/);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    await put(body());

    idp.accounts.set('elsewhere', { email: 'someone@elsewhere.test', email_verified: true });
    expect(refusedWith(await ssoCallback('x@acme-sso.test', 'elsewhere'))).toMatch(/domain is not one your company signs in with/);
  });

  it('refuses a wrong state, a wrong nonce, a wrong audience, a wrong issuer and an expired id token', async () => {
    const email = uniqueEmail('careful', 'acme-sso.test');
    idp.accounts.set('careful', { email, email_verified: true });

    // A state we never issued (or one already used) finds no sign-in.
    expect(refusedWith(await ssoCallback(email, 'careful', (url) => void url.searchParams.set('state', 'forged-state-value-forged-state-value-1234')))).toMatch(/expired or was not started here/);
    // The provider's answer replayed: the state was spent by the first callback.
    const first = await post(t.app, '/api/v1/auth/sign-in/discover', { email });
    const back = await idp.signIn(first.json().authorizationUrl, 'careful');
    expect(new URL((await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { host: ACME_HOST } })).headers.location as string).searchParams.get('handoff')).toBeTruthy();
    const replay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { host: ACME_HOST } });
    expect(refusedWith(new URL(replay.headers.location as string))).toMatch(/expired or was not started here/);

    // The nonce we sent is not the one in the id token.
    const wrongNonce = await ssoCallback(email, 'careful', async (url) => {
      await t.db.update(ssoLogins).set({ nonce: 'another-nonce' }).where(eq(ssoLogins.stateHash, sha256(url.searchParams.get('state')!)));
    });
    expect(refusedWith(wrongNonce)).toMatch(/could not be verified.*nonce/i);

    const forged: [string, (claims: Record<string, unknown>) => Record<string, unknown>, RegExp][] = [
      ['audience', (claims) => ({ ...claims, aud: 'someone-else' }), /aud/i],
      ['issuer', (claims) => ({ ...claims, iss: 'http://127.0.0.1:1/evil' }), /iss/i],
      ['expiry', (claims) => ({ ...claims, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }), /exp/i],
    ];
    for (const [what, change, message] of forged) {
      idp.tamperNextIdToken(change);
      const landed = await ssoCallback(email, 'careful');
      expect(landed.searchParams.get('handoff'), what).toBeNull();
      const error = refusedWith(landed);
      expect(error, what).toMatch(/could not be verified/);
      expect(error, what).toMatch(message);
    }
    // None of these created the user.
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1); // only the one that got through above
  });

  it('a company that requires SSO refuses passwords to everyone but the break-glass admin', async () => {
    const staff = await newUser(t.db, { tenant: 'acme', role: 'Agent' });
    expect((await post(t.app, '/api/v1/auth/sign-in', { email: staff.email, password: staff.password })).statusCode).toBe(200);
    expect((await put(body({ requireSso: true, breakGlassEmail: seeded.users.admin.email }))).statusCode).toBe(200);
    const refused = expectProblem(await post(t.app, '/api/v1/auth/sign-in', { email: staff.email, password: staff.password }), 401, 'NotAuthorizedException');
    expect(refused.detail).toMatch(/signs you in through its own identity provider/);
    // A wrong password still says only that: nobody learns who must use SSO without the password.
    expect(expectProblem(await post(t.app, '/api/v1/auth/sign-in', { email: staff.email, password: 'wrong-password' }), 401).detail).toBe('Incorrect username or password.');
    expect((await post(t.app, '/api/v1/auth/sign-in', { email: seeded.users.admin.email, password: seeded.users.admin.password })).statusCode).toBe(200);
    // Another company's users are not affected.
    expect((await post(t.app, '/api/v1/auth/sign-in', { email: seeded.users.globexAdmin.email, password: seeded.users.globexAdmin.password }, { headers: { host: 'globex.localhost:3000' } })).statusCode).toBe(200);
    await put(body());
  });

  it('sign-out of an SSO session answers the provider\'s end-session URL (RP-initiated logout)', async () => {
    const email = uniqueEmail('leaver', 'acme-sso.test');
    idp.accounts.set('leaver', { email, email_verified: true });
    const tokens = await ssoSignIn(email, 'leaver');
    const out = await post(t.app, '/api/v1/auth/sign-out', {}, { headers: bearer(tokens.idToken) });
    expect(out.statusCode, out.body).toBe(200);
    const url = new URL(out.json().endSessionUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/login');
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expectProblem(await me(tokens.idToken), 401);
    // A password session still answers 204.
    const password = await signInAs(t.app, seeded.users.viewer.email);
    expect((await post(t.app, '/api/v1/auth/sign-out', {}, { headers: bearer(password.idToken) })).statusCode).toBe(204);
  });

  it('the provider\'s back-channel logout ends our sessions of its session; forged tokens are refused', async () => {
    const email = uniqueEmail('backchannel', 'acme-sso.test');
    idp.accounts.set('bc', { email, email_verified: true });
    const tokens = await ssoSignIn(email, 'bc');
    const { providerSid } = (await t.db.execute(sql`select provider_sid as "providerSid" from sso_sessions order by created_at desc limit 1`) as unknown as { rows: { providerSid: string }[] }).rows[0]!;
    expect(providerSid).toBeTruthy();
    const logout = async (payload: Record<string, unknown>) => t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sso/backchannel-logout',
      headers: { host: ACME_HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ logout_token: await idp.sign({ iss: idp.issuer, aud: CLIENT.clientId, iat: Math.floor(Date.now() / 1000), jti: crypto.randomUUID(), events: { 'http://schemas.openid.net/event/backchannel-logout': {} }, ...payload }, 'logout+jwt') }).toString(),
    });
    expectProblem(await logout({ sid: providerSid, aud: 'someone-else' }), 400, 'InvalidLogoutToken');
    expectProblem(await logout({ sid: providerSid, events: {} }), 400, 'InvalidLogoutToken');
    expect((await me(tokens.idToken)).statusCode).toBe(200);
    const ended = await logout({ sid: providerSid });
    expect(ended.statusCode, ended.body).toBe(200);
    expectProblem(await me(tokens.idToken), 401);
  });
}, {}, { oidcFetch: (url, init) => idp.fetch(url, init as RequestInit) });
