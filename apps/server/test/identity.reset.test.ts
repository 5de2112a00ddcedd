// Forgot password: a code by mail (CONFIRM_RESET_PASSWORD_WITH_CODE), then a new password that ends
// every session signed in with the old one.
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { findUserById, updateUser } from '../src/identity/identity.repository.ts';
import {
  describeEachDatabase, errorPaths, expectProblem, get, latestMessage, newCompany, newUser, post, signInAs, sixDigitCodeIn, uniqueEmail,
} from './helpers.ts';

afterEach(() => {
  vi.useRealTimers();
});

describeEachDatabase('forgot password', (t) => {
  beforeAll(async () => {
    await newCompany(t.db, 'acme', 'Acme Logistics');
  });

  const forgot = (email: string) => post(t.app, '/api/v1/auth/forgot-password', { email });
  const confirmReset = (email: string, code: string, newPassword: string) =>
    post(t.app, '/api/v1/auth/confirm-reset-password', { email, code, newPassword });
  const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it('sends a code, sets the new password, and revokes the old sessions', async () => {
    const user = await newUser(t.db, { tenant: 'acme', firstName: 'Rosa' });
    const before = await signInAs(t.app, user.email);

    const response = await forgot(user.email.toUpperCase());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      nextStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: `${user.email[0]}***@example.test` },
    });
    const mail = await latestMessage(t.messenger, user.email);
    expect(mail.channel).toBe('EMAIL');
    expect(mail.body).toContain('Hello Rosa');
    const code = sixDigitCodeIn(mail.body);

    const wrong = expectProblem(await confirmReset(user.email, otherCode(code), 'Brand-new-password-1'), 400, 'CodeMismatchException');
    expect(errorPaths(wrong)).toEqual(['body.code']);

    const done = await confirmReset(user.email, code, 'Brand-new-password-1');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ nextStep: 'DONE' });

    expectProblem(await post(t.app, '/api/v1/auth/token', { refreshToken: before.refreshToken }), 401, 'NotAuthorizedException');
    expectProblem(await get(t.app, '/api/v1/users/me', before.idToken), 401, 'UserUnAuthenticatedException');
    expectProblem(await post(t.app, '/api/v1/auth/sign-in', { email: user.email, password: user.password }), 401, 'NotAuthorizedException');
    await signInAs(t.app, user.email, 'Brand-new-password-1');

    // The code worked once.
    expectProblem(await confirmReset(user.email, code, 'Another-password-2'), 400, 'CodeMismatchException');
  });

  it('a newer code replaces the older one', async () => {
    const user = await newUser(t.db, { tenant: 'acme' });
    await forgot(user.email);
    const first = sixDigitCodeIn((await latestMessage(t.messenger, user.email)).body);
    await forgot(user.email);
    const second = sixDigitCodeIn((await latestMessage(t.messenger, user.email)).body);
    if (first !== second) expectProblem(await confirmReset(user.email, first, 'Brand-new-password-1'), 400, 'CodeMismatchException');
    expect((await confirmReset(user.email, second, 'Brand-new-password-1')).statusCode).toBe(200);
  });

  it('enforces the password policy and keeps the code usable', async () => {
    const user = await newUser(t.db, { tenant: 'acme' });
    await forgot(user.email);
    const code = sixDigitCodeIn((await latestMessage(t.messenger, user.email)).body);
    const weak = expectProblem(await confirmReset(user.email, code, 'abc'), 400, 'InvalidPasswordException');
    expect(errorPaths(weak)).toEqual(['body.newPassword']);
    expect(weak.detail).toContain('at least 6 characters');
    expect((await confirmReset(user.email, code, 'Good-enough-1')).statusCode).toBe(200);
  });

  it('an expired code answers ExpiredCodeException', async () => {
    const user = await newUser(t.db, { tenant: 'acme' });
    await forgot(user.email);
    const code = sixDigitCodeIn((await latestMessage(t.messenger, user.email)).body);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    const problem = expectProblem(await confirmReset(user.email, code, 'Brand-new-password-1'), 400, 'ExpiredCodeException');
    expect(errorPaths(problem)).toEqual(['body.code']);
    vi.useRealTimers();
    await signInAs(t.app, user.email, user.password);
  });

  it('after 5 wrong codes the code is spent', async () => {
    const user = await newUser(t.db, { tenant: 'acme' });
    await forgot(user.email);
    const code = sixDigitCodeIn((await latestMessage(t.messenger, user.email)).body);
    for (let i = 0; i < 5; i++) expectProblem(await confirmReset(user.email, otherCode(code), 'Brand-new-password-1'), 400, 'CodeMismatchException');
    expectProblem(await confirmReset(user.email, code, 'Brand-new-password-1'), 400, 'ExpiredCodeException');
  });

  it('an unknown email gets the same answer and no mail', async () => {
    const email = uniqueEmail('ghost');
    const response = await forgot(email);
    expect(response.statusCode).toBe(200);
    expect(response.json().nextStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    expect(await t.messenger.latest(5, email)).toEqual([]);
    expectProblem(await confirmReset(email, '123456', 'Brand-new-password-1'), 400, 'CodeMismatchException');
  });

  it('answers bad input with a 400 naming the fields', async () => {
    const problem = expectProblem(await post(t.app, '/api/v1/auth/confirm-reset-password', { email: 'nope', code: '12ab', newPassword: '' }), 400, 'ValidationError');
    expect(errorPaths(problem)).toEqual(expect.arrayContaining(['body.email', 'body.code', 'body.newPassword']));
    const forgotProblem = expectProblem(await post(t.app, '/api/v1/auth/forgot-password', { email: 'nope' }), 400, 'ValidationError');
    expect(errorPaths(forgotProblem)).toEqual(['body.email']);
  });

  it('a user disabled after asking for a code cannot use it to come back', async () => {
    const user = await newUser(t.db, { tenant: 'acme' });
    await forgot(user.email);
    const code = sixDigitCodeIn((await latestMessage(t.messenger, user.email)).body);
    await updateUser(t.db, user.userId, { status: 'DISABLED' });
    expectProblem(await confirmReset(user.email, code, 'Brand-new-password-1'), 400, 'CodeMismatchException');
    expect((await findUserById(t.db, user.userId))!.status).toBe('DISABLED');
    expectProblem(await post(t.app, '/api/v1/auth/sign-in', { email: user.email, password: 'Brand-new-password-1' }), 401, 'NotAuthorizedException');
  });

  it('a reset unlocks an account locked by wrong passwords', async () => {
    const user = await newUser(t.db, { tenant: 'acme' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    for (let i = 0; i < 5; i++) await post(t.app, '/api/v1/auth/sign-in', { email: user.email, password: 'Wrong-password-0' });
    expect((await post(t.app, '/api/v1/auth/sign-in', { email: user.email, password: user.password })).statusCode).toBe(429);
    await forgot(user.email);
    const code = sixDigitCodeIn((await latestMessage(t.messenger, user.email)).body);
    expect((await confirmReset(user.email, code, 'Brand-new-password-1')).statusCode).toBe(200);
    await signInAs(t.app, user.email, 'Brand-new-password-1');
  });
});
