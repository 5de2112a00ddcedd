// @vitest-environment node
// The portal's user-pool adapter, refresh through the SessionManager, and identity-pool credentials,
// against cognito-local and our simulator of the three calls it lacks, on loopback (issue 14).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { Tokens } from '@clearlane/contract/auth';
import type { CognitoPublicConfig } from '@clearlane/contract/public-config';
import { startCognitoSimulator, type CognitoSimulator } from '../../../../../e2e/support/cognito-simulator.ts';
import { ApiError, NetworkError } from '../../../src/lib/api-error.ts';
import { CREDENTIALS_CACHE_MS, createCredentialsProvider, loginProviderName } from '../../../src/lib/cognito/credentials.ts';
import { createHostedUi } from '../../../src/lib/cognito/hosted-ui.ts';
import { createUserPoolIdentity } from '../../../src/lib/cognito/user-pool-identity.ts';
import type { CookieStorage } from '../../../src/lib/cookie-storage.ts';
import { decodeJwt } from '../../../src/lib/jwt.ts';
import { SessionManager } from '../../../src/lib/session.ts';

const require = createRequire(import.meta.url);
const totp = require('cognito-local/lib/services/totp') as { generate: (secret: string) => string };

const PASSWORD = 'Clearlane-demo-1';
const CALLBACK = 'http://acme.localhost:3000/login';
const noSleep = () => Promise.resolve();

let sim: CognitoSimulator;
let config: CognitoPublicConfig;

beforeAll(async () => {
  sim = await startCognitoSimulator();
  const { userPoolId, clientId } = await sim.createUserPool({ mfa: 'OPTIONAL', callbackUrls: [CALLBACK] });
  config = {
    provider: 'cognito',
    region: sim.region,
    userPoolId,
    userPoolClientId: clientId,
    identityPoolId: sim.createIdentityPool({ userPoolId, clientId, allowUnauthenticated: false }),
    userPoolEndpoint: sim.url,
    identityPoolEndpoint: sim.url,
    oauth: { domain: sim.url, scopes: ['email', 'openid', 'profile', 'phone'], responseType: 'code' },
  };
  await sim.createUser(userPoolId, { email: 'manager@acme.test', password: PASSWORD, groups: ['Manager'] });
  await sim.createUser(userPoolId, { email: 'agent@acme.test', password: PASSWORD, groups: ['Agent'] });
  await sim.createUser(userPoolId, { email: 'invited@acme.test', password: 'Temporary-1', temporary: true });
  await sim.createUser(userPoolId, { email: 'reset@acme.test', password: PASSWORD });
}, 60_000);

afterAll(async () => {
  await sim?.close();
});

const identity = () => createUserPoolIdentity(config, { sleep: noSleep });

/** In-memory cookies for the SessionManager (no document in the node environment). */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    storage: { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), removeItem: (key: string) => void values.delete(key) } as unknown as CookieStorage,
  };
}

async function signedIn(email = 'manager@acme.test'): Promise<Tokens> {
  const result = await identity().signIn(email, PASSWORD);
  expect(result.nextStep).toBe('DONE');
  return result.tokens!;
}

describe('sign-in against the user pool', () => {
  it('signs in with email and password (USER_PASSWORD_AUTH): DONE with the pool tokens', async () => {
    const tokens = await signedIn();
    const claims = decodeJwt<Record<string, unknown>>(tokens.idToken);
    expect(claims).toMatchObject({ email: 'manager@acme.test', token_use: 'id', aud: config.userPoolClientId, iss: `${sim.url}/${config.userPoolId}`, 'cognito:groups': ['Manager'] });
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresIn).toBeGreaterThan(0);
  });

  it('answers a wrong password with the pool error, named by its __type', async () => {
    const error = await identity().signIn('manager@acme.test', 'wrong-password').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    // Amazon answers NotAuthorizedException; cognito-local InvalidPasswordException.
    expect(['NotAuthorizedException', 'InvalidPasswordException']).toContain((error as ApiError).code);
    expect((error as ApiError).status).toBe(400);
  });

  it('maps NEW_PASSWORD_REQUIRED to CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED, then signs in with the new password', async () => {
    const first = await identity().signIn('invited@acme.test', 'Temporary-1');
    expect(first.nextStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const done = await identity().confirmSignIn(first.session!, 'Chosen-password-1');
    expect(done.nextStep).toBe('DONE');
    expect((await identity().signIn('invited@acme.test', 'Chosen-password-1')).nextStep).toBe('DONE');
  });

  it('maps SELECT_MFA_TYPE and SOFTWARE_TOKEN_MFA to the MFA selection and TOTP code steps', async () => {
    await sim.createUser(config.userPoolId, { email: 'mfa@acme.test', password: PASSWORD });
    const tokens = await signedIn('mfa@acme.test');
    const { SecretCode } = await sim.call<{ SecretCode: string }>('AWSCognitoIdentityProviderService.AssociateSoftwareToken', { AccessToken: tokens.accessToken });
    await sim.call('AWSCognitoIdentityProviderService.VerifySoftwareToken', { AccessToken: tokens.accessToken, UserCode: totp.generate(SecretCode) });
    await sim.call('AWSCognitoIdentityProviderService.SetUserMFAPreference', { AccessToken: tokens.accessToken, SoftwareTokenMfaSettings: { Enabled: true }, SMSMfaSettings: { Enabled: true } });

    const first = await identity().signIn('mfa@acme.test', PASSWORD);
    expect(first).toMatchObject({ nextStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMfaTypes: ['SMS', 'TOTP'] });
    const code = await identity().confirmSignIn(first.session!, 'TOTP');
    expect(code.nextStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    const wrong = await identity().confirmSignIn(code.session!, '000000').catch((caught: unknown) => caught);
    expect((wrong as ApiError).code).toBe('CodeMismatchException');
    const done = await identity().confirmSignIn(code.session!, totp.generate(SecretCode));
    expect(done.nextStep).toBe('DONE');
    expect(decodeJwt<{ email: string }>(done.tokens!.idToken).email).toBe('mfa@acme.test');
  });

  it('maps UserNotConfirmedException to CONFIRM_SIGN_UP, confirmed with ConfirmSignUp and the mailed code', async () => {
    // A pool that mails a code at SignUp (AutoVerifiedAttributes email).
    const pool = await sim.createUserPool({ name: 'sign-up', verifyEmail: true });
    const signUpPool = { ...config, userPoolId: pool.userPoolId, userPoolClientId: pool.clientId };
    const signUpIdentity = () => createUserPoolIdentity(signUpPool, { sleep: noSleep });
    await sim.call('AWSCognitoIdentityProviderService.SignUp', { ClientId: pool.clientId, Username: 'new@acme.test', Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: 'new@acme.test' }] });
    expect((await signUpIdentity().signIn('new@acme.test', PASSWORD)).nextStep).toBe('CONFIRM_SIGN_UP');
    const code = sim.messages.filter((message) => message.destination === 'new@acme.test').at(-1)!.code!;
    const mismatch = await signUpIdentity().confirmSignUp('new@acme.test', code === '000000' ? '111111' : '000000').catch((caught: unknown) => caught);
    expect((mismatch as ApiError).code).toBe('CodeMismatchException');
    expect(await signUpIdentity().confirmSignUp('new@acme.test', ` ${code} `)).toEqual({ nextStep: 'DONE' });
    expect((await signUpIdentity().signIn('new@acme.test', PASSWORD)).nextStep).toBe('DONE');
    // A code is good once: the pool has none left to match.
    const spent = await signUpIdentity().confirmSignUp('new@acme.test', code).catch((caught: unknown) => caught);
    expect((spent as ApiError).code).toBe('ExpiredCodeException');
  });

  it('resets a forgotten password: ForgotPassword → CONFIRM_RESET_PASSWORD_WITH_CODE, ConfirmForgotPassword → DONE', async () => {
    const sent = await identity().forgotPassword('reset@acme.test');
    expect(sent.nextStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    expect(sent.codeDeliveryDetails.deliveryMedium).toBe('EMAIL');
    const code = sim.messages.at(-1)!.code!;
    const mismatch = await identity().confirmResetPassword('reset@acme.test', code === '000000' ? '111111' : '000000', 'Another-password-1').catch((caught: unknown) => caught);
    expect((mismatch as ApiError).code).toBe('CodeMismatchException');
    expect(await identity().confirmResetPassword('reset@acme.test', code, 'Another-password-1')).toEqual({ nextStep: 'DONE' });
    expect((await identity().signIn('reset@acme.test', 'Another-password-1')).nextStep).toBe('DONE');
  });

  it('changes the password with ChangePassword and the access token: the new one signs in, the old one no more', async () => {
    await sim.createUser(config.userPoolId, { email: 'changer@acme.test', password: PASSWORD });
    const tokens = await signedIn('changer@acme.test');
    await identity().changePassword(tokens.accessToken, PASSWORD, 'Changed-password-1');
    expect((await identity().signIn('changer@acme.test', 'Changed-password-1')).nextStep).toBe('DONE');
    await expect(identity().signIn('changer@acme.test', PASSWORD)).rejects.toBeInstanceOf(ApiError);
    // A wrong previous password is refused (Amazon: NotAuthorizedException; cognito-local: InvalidPasswordException).
    const wrong = await identity().changePassword(tokens.accessToken, 'Not-my-password-1', 'Other-password-1').catch((caught: unknown) => caught);
    expect(['NotAuthorizedException', 'InvalidPasswordException']).toContain((wrong as ApiError).code);
    expect((await identity().signIn('changer@acme.test', 'Changed-password-1')).nextStep).toBe('DONE');
  });

  it('refuses a sign-in conversation it does not know as an expired session (NotAuthorizedException)', async () => {
    const error = await identity().confirmSignIn('not-a-conversation', '123456').catch((caught: unknown) => caught);
    expect((error as ApiError).code).toBe('NotAuthorizedException');
  });
});

describe('refresh with GetTokensFromRefreshToken through the SessionManager', () => {
  it('refreshes when forced, keeping the refresh token the pool did not rotate', async () => {
    const tokens = await signedIn();
    const { storage, values } = memoryStorage();
    const sessions = new SessionManager(storage, (refreshToken) => identity().refresh(refreshToken));
    sessions.store(tokens);
    const before = sim.calls.get('GetTokensFromRefreshToken') ?? 0;
    const refreshed = await sessions.getSession({ forceRefresh: true });
    expect(sim.calls.get('GetTokensFromRefreshToken')).toBe(before + 1);
    expect(refreshed?.claims.sub).toBe(decodeJwt<{ sub: string }>(tokens.idToken).sub);
    expect(values.get('clearlane.refreshToken')).toBe(tokens.refreshToken);
    expect(values.get('clearlane.idToken')).toBe(refreshed?.idToken);
  });

  it('keeps the tokens when the network fails (after the identity retries), and ends the session on NotAuthorized', async () => {
    const tokens = await signedIn();
    const { storage, values } = memoryStorage();
    const sessions = new SessionManager(storage, (refreshToken) => identity().refresh(refreshToken));
    sessions.store(tokens);

    sim.failNext('GetTokensFromRefreshToken', { drop: true }, 3);
    await expect(sessions.getSession({ forceRefresh: true })).rejects.toBeInstanceOf(NetworkError);
    expect(values.get('clearlane.refreshToken')).toBe(tokens.refreshToken);

    // Two throttled answers, then the real one: the identity retry policy gets through.
    sim.failNext('GetTokensFromRefreshToken', { status: 400, type: 'TooManyRequestsException', message: 'Rate exceeded' }, 2);
    expect(await sessions.getSession({ forceRefresh: true })).not.toBeNull();

    sim.failNext('GetTokensFromRefreshToken', { status: 400, type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    expect(await sessions.getSession({ forceRefresh: true })).toBeNull();
    expect(values.size).toBe(0);
  });

  it('sign-out revokes the refresh token (RevokeToken): it refreshes no more', async () => {
    const tokens = await signedIn();
    const adapter = createUserPoolIdentity(config, { sleep: noSleep, storedTokens: () => tokens });
    expect(await adapter.signOut()).toEqual({ endSessionUrl: null });
    const error = await adapter.refresh(tokens.refreshToken).catch((caught: unknown) => caught);
    expect((error as ApiError).code).toBe('NotAuthorizedException');
  });

  it('sends the browser through the hosted domain’s /logout when signed in there', async () => {
    const adapter = createUserPoolIdentity(config, { storedTokens: () => null, signedInWithHostedUi: () => true, logoutUri: () => 'http://acme.localhost:3000/login' });
    const { endSessionUrl } = await adapter.signOut();
    expect(endSessionUrl).toBe(`${sim.url}/logout?client_id=${config.userPoolClientId}&logout_uri=${encodeURIComponent('http://acme.localhost:3000/login')}`);
  });
});

describe('identity-pool credentials (GetId, GetCredentialsForIdentity)', () => {
  const calls = () => ({ getId: sim.calls.get('GetId') ?? 0, credentials: sim.calls.get('GetCredentialsForIdentity') ?? 0 });

  it('a signed-in session obtains credentials, cached 3000 s, with its identity id kept', async () => {
    const tokens = await signedIn();
    let now = Date.now();
    const storage = new Map<string, string>();
    const provider = createCredentialsProvider(config, {
      currentUser: () => Promise.resolve({ idToken: tokens.idToken, sub: decodeJwt<{ sub: string }>(tokens.idToken).sub }),
      now: () => now,
      sleep: noSleep,
      storage: { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value), removeItem: (key) => void storage.delete(key) },
    });
    const start = calls();
    const first = await provider.get();
    expect(first).toMatchObject({ authenticated: true, identityId: expect.stringMatching(/^us-east-1:/) });
    expect(first!.credentials.accessKeyId).toMatch(/^ASIA/);
    expect(calls()).toEqual({ getId: start.getId + 1, credentials: start.credentials + 1 });

    now += CREDENTIALS_CACHE_MS - 1_000;
    expect(await provider.get()).toBe(first);
    expect(calls().credentials).toBe(start.credentials + 1);

    now += 2_000;
    const second = await provider.get();
    expect(second).not.toBe(first);
    expect(second!.identityId).toBe(first!.identityId);
    expect(calls()).toEqual({ getId: start.getId + 1, credentials: start.credentials + 2 });

    provider.clear();
    expect(storage.size).toBe(0);
  });

  it('another user gets another identity; the login key is cognito-idp.<region>.amazonaws.com/<userPoolId>', async () => {
    const manager = await signedIn();
    const agent = await signedIn('agent@acme.test');
    let user = manager;
    const provider = createCredentialsProvider(config, { currentUser: () => Promise.resolve({ idToken: user.idToken, sub: decodeJwt<{ sub: string }>(user.idToken).sub }), sleep: noSleep });
    const first = await provider.get();
    user = agent;
    const second = await provider.get();
    expect(second!.identityId).not.toBe(first!.identityId);
    expect(loginProviderName(config)).toBe(`cognito-idp.${sim.region}.amazonaws.com/${config.userPoolId}`);
  });

  it('retries the identity calls (3 attempts) and gives up after the third failure', async () => {
    const tokens = await signedIn();
    const user = () => Promise.resolve({ idToken: tokens.idToken, sub: 'retry-test' });
    sim.failNext('GetId', { status: 500, type: 'InternalErrorException', message: 'boom' }, 2);
    expect(await createCredentialsProvider(config, { currentUser: user, sleep: noSleep }).get()).not.toBeNull();
    sim.failNext('GetId', { status: 503, type: 'ServiceUnavailable', message: 'boom' }, 3);
    await expect(createCredentialsProvider(config, { currentUser: user, sleep: noSleep }).get()).rejects.toMatchObject({ status: 503 });
  });

  it('guests get credentials only where the identity pool allows them', async () => {
    const signedOut = () => Promise.resolve(null);
    expect(await createCredentialsProvider(config, { currentUser: signedOut, sleep: noSleep }).get()).toBeNull();
    const open = { ...config, identityPoolId: sim.createIdentityPool({ userPoolId: config.userPoolId, clientId: config.userPoolClientId, allowUnauthenticated: true }) };
    expect(await createCredentialsProvider(open, { currentUser: signedOut, sleep: noSleep }).get()).toMatchObject({ authenticated: false });
  });

  it('a token of another client is refused by the identity pool (NotAuthorizedException)', async () => {
    const tokens = await signedIn();
    const [header, payload] = tokens.idToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(20)}`;
    const error = await createCredentialsProvider(config, { currentUser: () => Promise.resolve({ idToken: forged, sub: 'forged' }), sleep: noSleep }).get().catch((caught: unknown) => caught);
    expect((error as ApiError).code).toBe('NotAuthorizedException');
  });
});

describe('the hosted sign-in page: authorization code with PKCE', () => {
  const memory = () => {
    const values = new Map<string, string>();
    return { values, getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), removeItem: (key: string) => void values.delete(key) };
  };

  /** The browser at the hosted page: posts the credentials, answers the redirect's code and state. */
  async function hostedSignIn(authorizeUrl: string, password = PASSWORD) {
    const url = new URL(authorizeUrl);
    const form = new URLSearchParams(url.searchParams);
    form.set('username', 'manager@acme.test');
    form.set('password', password);
    const answer = await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state') ?? undefined };
  }

  it('asks for the code flow with S256 and the SPEC scopes, exchanges the code, and marks the session as hosted', async () => {
    const pending = memory();
    const mark = memory();
    const hosted = createHostedUi(config, { redirectUri: CALLBACK, pending, mark });
    const authorizeUrl = await hosted.authorizeUrl('/orders?page=2');
    const query = new URL(authorizeUrl).searchParams;
    expect(authorizeUrl.startsWith(`${sim.url}/oauth2/authorize?`)).toBe(true);
    expect(Object.fromEntries(query)).toMatchObject({ response_type: 'code', client_id: config.userPoolClientId, redirect_uri: CALLBACK, scope: 'email openid profile phone', code_challenge_method: 'S256' });

    const { code, state } = await hostedSignIn(authorizeUrl);
    const { tokens, redirect } = await hosted.exchange(code, state);
    expect(decodeJwt<{ email: string; iss: string }>(tokens.idToken)).toMatchObject({ email: 'manager@acme.test', iss: `${sim.url}/${config.userPoolId}` });
    expect(redirect).toBe('/orders?page=2');
    expect(hosted.signedInHere()).toBe(true);
    expect(pending.values.size).toBe(0);

    // Sign-out ends it at the hosted domain too.
    const adapter = createUserPoolIdentity(config, { sleep: noSleep, storedTokens: () => tokens, signedInWithHostedUi: hosted.signedInHere, logoutUri: () => CALLBACK });
    expect((await adapter.signOut()).endSessionUrl).toBe(`${sim.url}/logout?client_id=${config.userPoolClientId}&logout_uri=${encodeURIComponent(CALLBACK)}`);
    hosted.forget();
    expect(hosted.signedInHere()).toBe(false);
  });

  it('refuses an answer whose state is not the one sent, and a code used twice', async () => {
    const hosted = createHostedUi(config, { redirectUri: CALLBACK, pending: memory(), mark: memory() });
    const { code } = await hostedSignIn(await hosted.authorizeUrl());
    await expect(hosted.exchange(code, 'forged-state')).rejects.toMatchObject({ name: 'OAuthSignInException' });

    const again = createHostedUi(config, { redirectUri: CALLBACK, pending: memory(), mark: memory() });
    const first = await hostedSignIn(await again.authorizeUrl());
    await again.exchange(first.code, first.state);
    const replay = createHostedUi(config, { redirectUri: CALLBACK, pending: memory(), mark: memory() });
    const url = await replay.authorizeUrl();
    await expect(replay.exchange(first.code, new URL(url).searchParams.get('state')!)).rejects.toMatchObject({ code: 'invalid_grant' });
  });
});
