// "Your account" over HTTP: change password (policy, lockout, other sessions end), authenticator-app
// and SMS set-up, and resetting two-step verification. Every role may do this to their own account;
// a stolen id token alone changes nothing; another user's set-up handle is unknown.
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { generate, generateSecret } from 'otplib';
import {
  TEST_PASSWORD, bearer, createTestApp, describeEachDatabase, errorPaths, expectProblem, get, latestMessage, newUser, post, seedTwoCompanies, signInAs,
  sixDigitCodeIn,
} from './helpers.ts';

const STRICT_POLICY = { PASSWORD_MIN_LENGTH: '10', PASSWORD_REQUIRE_UPPERCASE: 'true', PASSWORD_REQUIRE_NUMBERS: 'true', PASSWORD_REQUIRE_SYMBOLS: 'true' };
const NEW_PASSWORD = 'Brand-new-password-9';

/** The start of a 30-second TOTP step, a few seconds in, so a code stays in its step. */
const stepStart = () => Math.floor(Date.now() / 30_000) * 30_000 + 3_000;
const totpAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');
let phoneCounter = 0;
const uniquePhone = () => `+1737${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter++ % 10}`;

afterEach(() => {
  vi.useRealTimers();
});

describeEachDatabase('your account', (t) => {
  beforeAll(async () => {
    await seedTwoCompanies(t.db);
  });

  const call = (path: string, token: string, body: unknown) => post(t.app, `/api/v1/auth${path}`, body, { headers: bearer(token) });
  const signIn = (email: string, password: string) => post(t.app, '/api/v1/auth/sign-in', { email, password });
  const confirm = (session: string, challengeResponse: string) => post(t.app, '/api/v1/auth/sign-in/confirm', { session, challengeResponse });
  const refresh = (refreshToken: string) => post(t.app, '/api/v1/auth/token', { refreshToken });

  it('every endpoint needs a signed-in user', async () => {
    expectProblem(await get(t.app, '/api/v1/auth/mfa'), 401, 'UserUnAuthenticatedException');
    for (const path of ['/change-password', '/mfa/totp/associate', '/mfa/totp/verify', '/mfa/sms/associate', '/mfa/sms/verify', '/mfa/preference']) {
      expectProblem(await post(t.app, `/api/v1/auth${path}`, { currentPassword: TEST_PASSWORD }), 401, 'UserUnAuthenticatedException');
    }
  });

  it('shows the two-step verification status, phone masked, without caching', async () => {
    const phone = uniquePhone();
    const user = await newUser(t.db, { tenant: 'acme', role: 'Viewer', phoneNumber: phone, mfaRequired: false });
    const token = (await signInAs(t.app, user.email)).idToken;
    const response = await get(t.app, '/api/v1/auth/mfa', token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ totpEnabled: false, smsEnabled: false, phoneNumber: expect.stringMatching(/^\+\*+\d{4}$/), required: false });
    expect(response.json().phoneNumber.endsWith(phone.slice(-4))).toBe(true);
  });

  it('changes the password of any role: the old one stops working, other sessions end, this one stays', async () => {
    for (const role of ['Viewer', 'Agent', 'Manager', 'Company Admin'] as const) {
      const user = await newUser(t.db, { tenant: 'acme', role });
      const other = await signInAs(t.app, user.email);
      const current = await signInAs(t.app, user.email);

      const response = await call('/change-password', current.idToken, { currentPassword: user.password, newPassword: NEW_PASSWORD });
      expect(response.statusCode, response.body).toBe(204);
      expect(response.headers['cache-control']).toBe('no-store');

      expectProblem(await signIn(user.email, user.password), 401, 'NotAuthorizedException');
      expect((await signIn(user.email, NEW_PASSWORD)).json().nextStep).toBe('DONE');
      // The other session is over at once, its refresh token too; the one that asked goes on.
      expectProblem(await get(t.app, '/api/v1/users/me', other.idToken), 401, 'UserUnAuthenticatedException');
      expectProblem(await refresh(other.refreshToken), 401, 'NotAuthorizedException');
      expect((await get(t.app, '/api/v1/users/me', current.idToken)).statusCode).toBe(200);
      expect((await refresh(current.refreshToken)).statusCode).toBe(200);
    }
  });

  it('answers bad input with a 400 naming each field, and changes nothing', async () => {
    const user = await newUser(t.db, { tenant: 'acme' });
    const token = (await signInAs(t.app, user.email)).idToken;
    const missing = expectProblem(await call('/change-password', token, {}), 400, 'ValidationError');
    expect(errorPaths(missing)).toEqual(expect.arrayContaining(['body.currentPassword', 'body.newPassword']));
    const wrongTypes = expectProblem(await call('/change-password', token, { currentPassword: null, newPassword: 7 }), 400, 'ValidationError');
    expect(errorPaths(wrongTypes)).toEqual(expect.arrayContaining(['body.currentPassword', 'body.newPassword']));
    expectProblem(await call('/change-password', token, null), 400);
    const huge = expectProblem(await call('/change-password', token, { currentPassword: user.password, newPassword: 'A1-'.repeat(100) }), 400, 'ValidationError');
    expect(errorPaths(huge)).toEqual(['body.newPassword']);
    const same = expectProblem(await call('/change-password', token, { currentPassword: user.password, newPassword: user.password }), 400, 'InvalidPasswordException');
    expect(errorPaths(same)).toEqual(['body.newPassword']);
    expect((await signIn(user.email, user.password)).json().nextStep).toBe('DONE');
  });

  it('a wrong current password answers like sign-in (without ending the session) and counts toward the lock', async () => {
    const user = await newUser(t.db, { tenant: 'acme' });
    const token = (await signInAs(t.app, user.email)).idToken;
    for (let failure = 1; failure < 5; failure++) {
      const wrong = expectProblem(await call('/change-password', token, { currentPassword: 'Not-my-password-1', newPassword: NEW_PASSWORD }), 400, 'NotAuthorizedException');
      expect(wrong.detail).toBe('Incorrect username or password.');
      expect(errorPaths(wrong)).toEqual(['body.currentPassword']);
    }
    // The fifth failure locks the email: here and at sign-in, even with the right password.
    const locked = expectProblem(await call('/change-password', token, { currentPassword: 'Not-my-password-1', newPassword: NEW_PASSWORD }), 429, 'TooManyFailedAttemptsException');
    expect(locked.retryAfterSeconds).toBe(1);
    expect(errorPaths(locked)).toEqual(['body.currentPassword']);
    expectProblem(await signIn(user.email, user.password), 429, 'TooManyFailedAttemptsException');
    expectProblem(await call('/change-password', token, { currentPassword: user.password, newPassword: NEW_PASSWORD }), 429, 'TooManyFailedAttemptsException');
    // The session itself was never ended by the wrong passwords.
    expect((await get(t.app, '/api/v1/users/me', token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await call('/change-password', token, { currentPassword: user.password, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
  });

  it('checks the new password against the configured policy (the current one is not spent on it)', async () => {
    const strict = await createTestApp(t.kind, STRICT_POLICY);
    try {
      await seedTwoCompanies(strict.db);
      const user = await newUser(strict.db, { tenant: 'acme' });
      const token = (await signInAs(strict.app, user.email)).idToken;
      const weak = expectProblem(
        await post(strict.app, '/api/v1/auth/change-password', { currentPassword: 'Wrong-password-1', newPassword: 'short' }, { headers: bearer(token) }),
        400, 'InvalidPasswordException',
      );
      expect(errorPaths(weak)).toEqual(['body.newPassword']);
      expect(weak.detail).toContain('at least 10 characters');
      expect(weak.detail).toContain('a symbol');
      const done = await post(strict.app, '/api/v1/auth/change-password', { currentPassword: user.password, newPassword: NEW_PASSWORD }, { headers: bearer(token) });
      expect(done.statusCode, done.body).toBe(204);
    } finally {
      await strict.close();
    }
  });

  it('a stolen id token alone cannot change the password or the second factors', async () => {
    const user = await newUser(t.db, { tenant: 'acme' });
    const stolen = (await signInAs(t.app, user.email)).idToken;
    expectProblem(await call('/change-password', stolen, { newPassword: NEW_PASSWORD }), 400, 'ValidationError');
    expectProblem(await call('/change-password', stolen, { currentPassword: 'Guessed-password-1', newPassword: NEW_PASSWORD }), 400, 'NotAuthorizedException');
    expectProblem(await call('/mfa/totp/associate', stolen, {}), 400, 'ValidationError');
    expectProblem(await call('/mfa/totp/associate', stolen, { currentPassword: 'Guessed-password-1' }), 400, 'NotAuthorizedException');
    expectProblem(await call('/mfa/preference', stolen, { currentPassword: 'Guessed-password-1', totpEnabled: false }), 400, 'NotAuthorizedException');
    expect((await signIn(user.email, user.password)).json().nextStep).toBe('DONE');
  });

  it('sets up an authenticator app: then sign-in asks for its code', async () => {
    const user = await newUser(t.db, { tenant: 'acme', role: 'Agent' });
    const token = (await signInAs(t.app, user.email)).idToken;
    const associated = await call('/mfa/totp/associate', token, { currentPassword: user.password });
    expect(associated.statusCode, associated.body).toBe(200);
    expect(associated.headers['cache-control']).toBe('no-store');
    const setup = associated.json();
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/Clearlane:/);
    expect(setup.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // Pending until verified.
    expect((await get(t.app, '/api/v1/auth/mfa', token)).json().totpEnabled).toBe(false);
    // The set-up handle is no sign-in: it never yields tokens.
    expectProblem(await confirm(setup.session, '123456'), 401, 'NotAuthorizedException');

    const t0 = stepStart();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    const code = await totpAt(setup.sharedSecret, t0);
    const wrong = expectProblem(await call('/mfa/totp/verify', token, { session: setup.session, code: otherCode(code) }), 400, 'CodeMismatchException');
    expect(errorPaths(wrong)).toEqual(['body.code']);
    const badCode = expectProblem(await call('/mfa/totp/verify', token, { session: setup.session, code: '12ab' }), 400, 'ValidationError');
    expect(errorPaths(badCode)).toEqual(['body.code']);
    const verified = await call('/mfa/totp/verify', token, { session: setup.session, code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ totpEnabled: true, smsEnabled: false });
    // The set-up is finished: its handle is spent.
    expectProblem(await call('/mfa/totp/verify', token, { session: setup.session, code }), 400, 'ExpiredCodeException');

    const started = (await signIn(user.email, user.password)).json();
    expect(started.nextStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    // The code spent on the set-up does not sign in; the next one does.
    expectProblem(await confirm(started.session, code), 400, 'CodeMismatchException');
    vi.setSystemTime(t0 + 30_000);
    const done = await confirm(started.session, await totpAt(setup.sharedSecret, t0 + 30_000));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().nextStep).toBe('DONE');
  });

  it('another user\'s set-up handle is unknown, and five wrong codes end a set-up', async () => {
    const owner = await newUser(t.db, { tenant: 'acme' });
    const outsider = await newUser(t.db, { tenant: 'globex', role: 'Company Admin' });
    const ownerToken = (await signInAs(t.app, owner.email)).idToken;
    const outsiderToken = (await signInAs(t.app, outsider.email, outsider.password, 'globex.localhost:3000')).idToken;
    const setup = (await call('/mfa/totp/associate', ownerToken, { currentPassword: owner.password })).json();

    const t0 = stepStart();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    const code = await totpAt(setup.sharedSecret, t0);
    const foreign = expectProblem(await post(t.app, '/api/v1/auth/mfa/totp/verify', { session: setup.session, code }, { headers: { ...bearer(outsiderToken), host: 'globex.localhost:3000' } }), 400, 'ExpiredCodeException');
    expect(errorPaths(foreign)).toEqual(['body.session']);
    expect((await get(t.app, '/api/v1/auth/mfa', outsiderToken, 'globex.localhost:3000')).json().totpEnabled).toBe(false);

    for (let i = 0; i < 4; i++) expectProblem(await call('/mfa/totp/verify', ownerToken, { session: setup.session, code: otherCode(code) }), 400, 'CodeMismatchException');
    expectProblem(await call('/mfa/totp/verify', ownerToken, { session: setup.session, code: otherCode(code) }), 400, 'ExpiredCodeException');
    expectProblem(await call('/mfa/totp/verify', ownerToken, { session: setup.session, code }), 400, 'ExpiredCodeException');
    expect((await get(t.app, '/api/v1/auth/mfa', ownerToken)).json().totpEnabled).toBe(false);
  });

  it('switches SMS on with a texted code (held in the outbox), and off again', async () => {
    const phone = uniquePhone();
    const user = await newUser(t.db, { tenant: 'acme', phoneNumber: phone });
    const token = (await signInAs(t.app, user.email)).idToken;
    const started = await call('/mfa/sms/associate', token, { currentPassword: user.password });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    expect(started.json().codeDeliveryDetails).toEqual({ deliveryMedium: 'SMS', destination: expect.stringMatching(/^\+\*+\d{4}$/) });
    const sms = await latestMessage(t.messenger, phone);
    expect(sms.channel).toBe('SMS');
    const code = sixDigitCodeIn(sms.body);
    // A TOTP set-up handle does not verify SMS, nor the other way round.
    expectProblem(await call('/mfa/totp/verify', token, { session: started.json().session, code }), 400, 'ExpiredCodeException');
    expectProblem(await call('/mfa/sms/verify', token, { session: started.json().session, code: otherCode(code) }), 400, 'CodeMismatchException');
    const verified = await call('/mfa/sms/verify', token, { session: started.json().session, code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ smsEnabled: true, totpEnabled: false });
    expect((await signIn(user.email, user.password)).json().nextStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');

    const off = await call('/mfa/preference', token, { currentPassword: user.password, smsEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ smsEnabled: false });
    expect((await signIn(user.email, user.password)).json().nextStep).toBe('DONE');
  });

  it('SMS needs a phone number on the account', async () => {
    const user = await newUser(t.db, { tenant: 'acme' });
    const token = (await signInAs(t.app, user.email)).idToken;
    expectProblem(await call('/mfa/sms/associate', token, { currentPassword: user.password }), 409, 'NoPhoneNumber');
  });

  it('resets two-step verification: the factors are gone; a user the company requires MFA of sets one up at next sign-in', async () => {
    const phone = uniquePhone();
    const user = await newUser(t.db, { tenant: 'acme', phoneNumber: phone, smsMfa: true, totpSecret: generateSecret(), mfaRequired: true });
    // Signed in through a second factor, as this user always is.
    const first = (await signIn(user.email, user.password)).json();
    const viaSms = (await confirm(first.session, 'SMS')).json();
    const signedIn = (await confirm(viaSms.session, sixDigitCodeIn((await latestMessage(t.messenger, phone)).body))).json();
    const token = signedIn.tokens.idToken as string;
    expect((await get(t.app, '/api/v1/auth/mfa', token)).json()).toMatchObject({ totpEnabled: true, smsEnabled: true, required: true });

    const none = expectProblem(await call('/mfa/preference', token, { currentPassword: user.password }), 400, 'ValidationError');
    expect(errorPaths(none)).toEqual(['body.totpEnabled']);
    const switchOn = expectProblem(await call('/mfa/preference', token, { currentPassword: user.password, totpEnabled: true }), 400, 'ValidationError');
    expect(errorPaths(switchOn)).toEqual(['body.totpEnabled']);

    const reset = await call('/mfa/preference', token, { currentPassword: user.password, totpEnabled: false, smsEnabled: false });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ totpEnabled: false, smsEnabled: false, required: true });
    // Required of them: the next sign-in offers what to set up (they have a phone).
    const next = (await signIn(user.email, user.password)).json();
    expect(next).toMatchObject({ nextStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMfaTypes: ['TOTP', 'SMS'] });
    expect((await confirm(next.session, 'TOTP')).json().nextStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
  });
});
