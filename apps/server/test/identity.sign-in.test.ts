// Every sign-in step of SPEC.md §4 over HTTP: DONE, the invited user's new password, TOTP set-up and
// codes, SMS codes, MFA selection, RESET_PASSWORD; with a strict password policy switched on.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generate } from 'otplib';
import { generateSecret } from 'otplib';
import {
  ACME_HOST, GLOBEX_HOST, TEST_PASSWORD, bearer, describeEachDatabase, errorPaths, expectProblem, get, latestMessage, newCompany,
  newUser, post, seedTwoCompanies, signInAs, sixDigitCodeIn, temporaryPasswordIn, uniqueEmail,
} from './helpers.ts';

const STRICT_POLICY = {
  PASSWORD_MIN_LENGTH: '10',
  PASSWORD_REQUIRE_LOWERCASE: 'true',
  PASSWORD_REQUIRE_UPPERCASE: 'true',
  PASSWORD_REQUIRE_NUMBERS: 'true',
  PASSWORD_REQUIRE_SYMBOLS: 'true',
};

/** The start of a 30-second TOTP step, a few seconds in, so a code stays in its step. */
const stepStart = () => Math.floor(Date.now() / 30_000) * 30_000 + 3_000;
const totpAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });
let phoneCounter = 0;
const uniquePhone = () => `+1512${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter++ % 10}`;

afterEach(() => {
  vi.useRealTimers();
});

describeEachDatabase('sign-in steps', (t) => {
  let admin: { email: string };
  let adminToken: string;

  beforeAll(async () => {
    const seeded = await seedTwoCompanies(t.db);
    admin = seeded.users.admin;
    adminToken = (await signInAs(t.app, admin.email)).idToken;
  });

  const signIn = (email: string, password: string, host = ACME_HOST) => post(t.app, '/api/v1/auth/sign-in', { email, password }, { headers: { host } });
  const confirm = (session: string, challengeResponse: string) => post(t.app, '/api/v1/auth/sign-in/confirm', { session, challengeResponse });

  it('DONE: a user without MFA gets tokens at once', async () => {
    const user = await newUser(t.db, { tenant: 'acme', role: 'Agent' });
    const response = await signIn(user.email.toUpperCase(), user.password);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.nextStep).toBe('DONE');
    expect(body.tokens).toMatchObject({ idToken: expect.any(String), accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });
    expect(body.session).toBeUndefined();
  });

  it('rejects a wrong password with NotAuthorizedException and the SPEC message', async () => {
    const user = await newUser(t.db, { tenant: 'acme' });
    const problem = expectProblem(await signIn(user.email, 'Wrong-password-1'), 401, 'NotAuthorizedException');
    expect(problem.detail).toBe('Incorrect username or password.');
  });

  it('answers bad input with a 400 naming every field', async () => {
    const problem = expectProblem(await post(t.app, '/api/v1/auth/sign-in', { email: 'not-an-email', password: '' }), 400, 'ValidationError');
    expect(errorPaths(problem)).toEqual(expect.arrayContaining(['body.email', 'body.password']));
    const missing = expectProblem(await post(t.app, '/api/v1/auth/sign-in', {}), 400, 'ValidationError');
    expect(errorPaths(missing)).toEqual(expect.arrayContaining(['body.email', 'body.password']));
    const confirmProblem = expectProblem(await post(t.app, '/api/v1/auth/sign-in/confirm', { session: 'x' }), 400, 'ValidationError');
    expect(errorPaths(confirmProblem)).toContain('body.challengeResponse');
  });

  it('answers malformed JSON with a 400 problem, not a 5xx', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', headers: { host: ACME_HOST, 'content-type': 'application/json' }, payload: '{"email":' });
    expectProblem(response, 400);
  });

  it('refuses an unknown or expired sign-in session', async () => {
    expectProblem(await confirm('no-such-session', '123456'), 401, 'NotAuthorizedException');
  });

  it('refuses a disabled user', async () => {
    const user = await newUser(t.db, { tenant: 'acme', status: 'DISABLED' });
    expectProblem(await signIn(user.email, user.password), 401, 'NotAuthorizedException');
  });

  it('signs a member of two companies in to the company of the host', async () => {
    const user = await newUser(t.db, { tenant: 'acme', role: 'Viewer' });
    await newUser(t.db, { tenant: 'globex', email: user.email, role: 'Manager' });
    const atGlobex = await signInAs(t.app, user.email, user.password, GLOBEX_HOST);
    const me = (await get(t.app, '/api/v1/users/me', atGlobex.idToken, GLOBEX_HOST)).json();
    expect(me.tenantIdentifier).toBe('globex');
    expect(me.groups).toEqual(['Manager']);
    expect(me.companies.map((c: { tenantIdentifier: string }) => c.tenantIdentifier).sort()).toEqual(['acme', 'globex']);
    const atAcme = await signInAs(t.app, user.email, user.password, ACME_HOST);
    expect((await get(t.app, '/api/v1/users/me', atAcme.idToken)).json().tenantIdentifier).toBe('acme');
  });

  it('invited user: temporary password → new password (policy enforced) → TOTP set-up → DONE; then a TOTP code, used once', async () => {
    const email = uniqueEmail('invitee');
    const created = await post(t.app, '/api/v1/users', { email, firstName: 'Ivy', lastName: 'Invitee', role: 'Agent' }, { headers: bearer(adminToken) });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ email, status: 'INVITED', role: 'Agent', mfaEnabled: false });

    const invite = await latestMessage(t.messenger, email);
    expect(invite.subject).toContain('Acme Logistics');
    const temporary = temporaryPasswordIn(invite.body);

    const first = await signIn(email, temporary);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ nextStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', session: expect.any(String) });
    expect(first.json().tokens).toBeUndefined();
    const passwordSession = first.json().session as string;

    // The configured policy is enforced and every broken rule is named.
    const weak = expectProblem(await confirm(passwordSession, 'short'), 400, 'InvalidPasswordException');
    expect(errorPaths(weak)).toEqual(['body.challengeResponse']);
    expect(weak.detail).toContain('at least 10 characters');
    expect(weak.detail).toContain('an uppercase letter');
    expect(weak.detail).toContain('a number');
    expect(weak.detail).toContain('a symbol');
    expectProblem(await confirm(passwordSession, temporary), 400, 'InvalidPasswordException');

    const newPassword = 'Chosen-password-7';
    const chosen = await confirm(passwordSession, newPassword);
    expect(chosen.statusCode, chosen.body).toBe(200);
    const setup = chosen.json();
    expect(setup.nextStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    expect(setup.totpSetupDetails.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.totpSetupDetails.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const secret = setup.totpSetupDetails.sharedSecret as string;

    // The password step is over: its session cannot be replayed.
    expectProblem(await confirm(passwordSession, 'Another-password-8'), 401, 'NotAuthorizedException');

    const t0 = stepStart();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    const setupCode = await totpAt(secret, t0);
    const wrong = expectProblem(await confirm(setup.session, setupCode === '000000' ? '111111' : '000000'), 400, 'CodeMismatchException');
    expect(errorPaths(wrong)).toEqual(['body.challengeResponse']);
    const done = await confirm(setup.session, setupCode);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().nextStep).toBe('DONE');
    const me = (await get(t.app, '/api/v1/users/me', done.json().tokens.idToken)).json();
    expect(me.mfa).toEqual({ totpEnabled: true, smsEnabled: false });

    // The temporary password is gone; the chosen one leads to a TOTP code.
    expectProblem(await signIn(email, temporary), 401, 'NotAuthorizedException');
    const again = await signIn(email, newPassword);
    expect(again.json()).toMatchObject({ nextStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE', session: expect.any(String) });
    // The code accepted at set-up does not work a second time.
    expectProblem(await confirm(again.json().session, setupCode), 400, 'CodeMismatchException');

    vi.setSystemTime(t0 + 30_000);
    const nextCode = await totpAt(secret, t0 + 30_000);
    const second = await confirm(again.json().session, nextCode);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().nextStep).toBe('DONE');

    // ...and that code is spent too, in a new sign-in.
    const third = await signIn(email, newPassword);
    expectProblem(await confirm(third.json().session, nextCode), 400, 'CodeMismatchException');

    const listed = (await get(t.app, `/api/v1/users/${me.id}`, adminToken)).json();
    expect(listed).toMatchObject({ status: 'ACTIVE', mfaEnabled: true });
  });

  it('an invited user with requireMfa false is DONE after choosing a password', async () => {
    const email = uniqueEmail('nomfa');
    const created = await post(t.app, '/api/v1/users', { email, firstName: 'No', lastName: 'Mfa', role: 'Viewer', requireMfa: false }, { headers: bearer(adminToken) });
    expect(created.statusCode, created.body).toBe(201);
    const temporary = temporaryPasswordIn((await latestMessage(t.messenger, email)).body);
    const first = (await signIn(email, temporary)).json();
    const done = await confirm(first.session, 'Chosen-password-7');
    expect(done.json().nextStep).toBe('DONE');
  });

  it('an expired temporary password is refused', async () => {
    const email = uniqueEmail('late');
    await post(t.app, '/api/v1/users', { email, firstName: 'Late', lastName: 'Comer', role: 'Viewer' }, { headers: bearer(adminToken) });
    const temporary = temporaryPasswordIn((await latestMessage(t.messenger, email)).body);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (t.config.INVITE_TTL_HOURS + 1) * 3600_000);
    const problem = expectProblem(await signIn(email, temporary), 401, 'NotAuthorizedException');
    expect(problem.detail).toMatch(/expired/i);
  });

  it('SMS: the code goes to the phone by SMS and confirms the sign-in', async () => {
    const phone = uniquePhone();
    const user = await newUser(t.db, { tenant: 'acme', phoneNumber: phone, smsMfa: true });
    const response = await signIn(user.email, user.password);
    const body = response.json();
    expect(body).toMatchObject({ nextStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { deliveryMedium: 'SMS' } });
    expect(body.codeDeliveryDetails.destination).toMatch(/^\+\*+\d{4}$/);
    expect(body.codeDeliveryDetails.destination.endsWith(phone.slice(-4))).toBe(true);
    const sms = await latestMessage(t.messenger, phone);
    expect(sms.channel).toBe('SMS');
    const code = sixDigitCodeIn(sms.body);
    expectProblem(await confirm(body.session, code === '000000' ? '111111' : '000000'), 400, 'CodeMismatchException');
    const done = await confirm(body.session, code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().nextStep).toBe('DONE');
    // The challenge is spent.
    expectProblem(await confirm(body.session, code), 401, 'NotAuthorizedException');
  });

  it('too many wrong codes end the sign-in', async () => {
    const phone = uniquePhone();
    const user = await newUser(t.db, { tenant: 'acme', phoneNumber: phone, smsMfa: true });
    const { session } = (await signIn(user.email, user.password)).json();
    const code = sixDigitCodeIn((await latestMessage(t.messenger, phone)).body);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expectProblem(await confirm(session, wrong), 400, 'CodeMismatchException');
    expectProblem(await confirm(session, wrong), 401, 'NotAuthorizedException');
    expectProblem(await confirm(session, code), 401, 'NotAuthorizedException');
  });

  it('MFA selection: a user with TOTP and SMS chooses, then confirms with that factor', async () => {
    const phone = uniquePhone();
    const secret = generateSecret();
    const user = await newUser(t.db, { tenant: 'acme', phoneNumber: phone, smsMfa: true, totpSecret: secret });

    const first = (await signIn(user.email, user.password)).json();
    expect(first).toMatchObject({ nextStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMfaTypes: ['TOTP', 'SMS'] });
    const bad = expectProblem(await confirm(first.session, 'EMAIL'), 400, 'ValidationError');
    expect(errorPaths(bad)).toEqual(['body.challengeResponse']);

    const sms = (await confirm(first.session, 'sms')).json();
    expect(sms.nextStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    const code = sixDigitCodeIn((await latestMessage(t.messenger, phone)).body);
    expect((await confirm(sms.session, code)).json().nextStep).toBe('DONE');

    const second = (await signIn(user.email, user.password)).json();
    const totp = (await confirm(second.session, 'TOTP')).json();
    expect(totp.nextStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    const now = stepStart();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const done = await confirm(totp.session, await totpAt(secret, now));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().nextStep).toBe('DONE');
  });

  it('MFA set-up with a phone: the user chooses text messages, the first code proves the phone and turns SMS on', async () => {
    const phone = uniquePhone();
    const user = await newUser(t.db, { tenant: 'acme', phoneNumber: phone, mfaRequired: true });
    const first = (await signIn(user.email, user.password)).json();
    expect(first).toMatchObject({ nextStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMfaTypes: ['TOTP', 'SMS'] });
    const sms = (await confirm(first.session, 'SMS')).json();
    expect(sms).toMatchObject({ nextStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { deliveryMedium: 'SMS' } });
    const code = sixDigitCodeIn((await latestMessage(t.messenger, phone)).body);
    expect((await confirm(sms.session, code)).json().nextStep).toBe('DONE');
    // From now on SMS is their second factor.
    expect((await signIn(user.email, user.password)).json().nextStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
  });

  it('MFA set-up with a phone: choosing the authenticator app leads to the TOTP set-up', async () => {
    const user = await newUser(t.db, { tenant: 'acme', phoneNumber: uniquePhone(), mfaRequired: true });
    const first = (await signIn(user.email, user.password)).json();
    const setup = (await confirm(first.session, 'TOTP')).json();
    expect(setup.nextStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    expect(setup.totpSetupDetails.otpauthUri).toContain('otpauth://totp/');
  });

  it('a TOTP code works once even when two sign-ins send it at the same moment', async () => {
    const secret = generateSecret();
    const user = await newUser(t.db, { tenant: 'acme', totpSecret: secret });
    const sessions: string[] = [];
    for (let i = 0; i < 3; i++) sessions.push((await signIn(user.email, user.password)).json().session);
    const now = stepStart();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const code = await totpAt(secret, now);
    const responses = await Promise.all(sessions.map((session) => confirm(session, code)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('RESET_PASSWORD: a user whose reset an operator required gets a code and sets a new password', async () => {
    const user = await newUser(t.db, { tenant: 'acme', status: 'RESET_REQUIRED' });
    const first = (await signIn(user.email, user.password)).json();
    expect(first).toMatchObject({ nextStep: 'RESET_PASSWORD', codeDeliveryDetails: { deliveryMedium: 'EMAIL' } });
    expect(first.tokens).toBeUndefined();
    const code = sixDigitCodeIn((await latestMessage(t.messenger, user.email)).body);
    const reset = await post(t.app, '/api/v1/auth/confirm-reset-password', { email: user.email, code, newPassword: 'Reset-password-9' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ nextStep: 'DONE' });
    await signInAs(t.app, user.email, 'Reset-password-9');
  });
}, STRICT_POLICY);

describe('sign-in without a company', () => {
  describeEachDatabase('membership', (t) => {
    it('a user with no company is told so, not given tokens', async () => {
      await newCompany(t.db, 'acme');
      const user = await newUser(t.db, { tenant: 'acme' });
      const { memberships } = await import('../src/db/schema.ts');
      const { eq } = await import('drizzle-orm');
      await t.db.delete(memberships).where(eq(memberships.userId, user.userId));
      const problem = expectProblem(await post(t.app, '/api/v1/auth/sign-in', { email: user.email, password: TEST_PASSWORD }), 401, 'NotAuthorizedException');
      expect(problem.detail).toMatch(/company/);
    });
  });
});
