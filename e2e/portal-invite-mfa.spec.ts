// An admin invites a user; the temporary password arrives by mail; the new user signs in with it,
// must choose a new password, sets up TOTP, signs out, and signs in again with a fresh code.
import { DEMO_USERS, expect, tenantUrl, test } from './fixtures.ts';
import {
  codeFromMail, enterCode, expectAccessible, inviteViaApi, passwordField, signInUi, signOutUi, snap, submitCredentials, temporaryPasswordFor, totpCode, totpStep, uniqueEmail, waitForFreshTotpStep,
} from './support/portal.ts';

test('invite → temporary password → new password → TOTP setup → sign out → sign in with a code', async ({ page, browser, outbox }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('nina');
  const newPassword = 'Lane-changer-42!';

  // The admin invites Nina.
  await signInUi(page, DEMO_USERS.admin);
  await page.goto(tenantUrl('acme', '/users/add-user'));
  await expect(page.getByRole('heading', { level: 1, name: 'Invite a user' })).toBeVisible();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await page.getByLabel(/^First name/).fill('Nina');
  await page.getByLabel(/^Last name/).fill('Newcomer');
  await page.getByLabel(/^Email/).fill('not-an-email');
  await expect(page.getByText('Email must be an email address')).toBeVisible();
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Phone/).fill('555');
  await expect(page.getByText(/Phone must be in international format/)).toBeVisible();
  await page.getByLabel(/^Phone/).fill('+15125550123');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: /^Agent/ }).click();
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveAccessibleDescription(/^Places orders, files claims and keeps drivers and businesses up to date; reads driver alerts and DOT scores\.$/);
  await expect(page.getByLabel('Require two-step verification at first sign-in')).toBeChecked();
  await expectAccessible(page);
  await snap(page, 'add-user-filled');
  const before = new Date(Date.now() - 1_000);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(page).toHaveURL(/\/users/);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
  await expect(row.getByText('Invited')).toBeVisible();

  // Inviting the same address again is refused next to the email field.
  await page.goto(tenantUrl('acme', '/users/add-user'));
  await page.getByLabel(/^First name/).fill('Nina');
  await page.getByLabel(/^Last name/).fill('Again');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: /^Viewer/ }).click();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(/is already a user of Acme Logistics/)).toBeVisible();

  // Resend the invite from the list: a confirmation, then a toast. The newest password counts.
  await page.goto(tenantUrl('acme', `/users?filter=${encodeURIComponent(email)}`));
  await page.getByRole('button', { name: 'Resend invite to Nina Newcomer' }).click();
  await expect(page.getByRole('dialog', { name: 'Resend the invitation?' })).toBeVisible();
  await expectAccessible(page);
  const beforeResend = new Date(Date.now() - 500);
  await page.getByRole('dialog').getByRole('button', { name: 'Resend invite' }).click();
  await expect(page.getByText(`Invitation sent again to ${email}`)).toBeVisible();
  const temporaryPassword = await temporaryPasswordFor(outbox, email, beforeResend > before ? beforeResend : before);

  // Nina signs in for the first time, in her own browser.
  const context = await browser.newContext();
  const nina = await context.newPage();
  await nina.goto(tenantUrl('acme', '/login'));
  await submitCredentials(nina, email, temporaryPassword);
  await expect(nina.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(nina.getByLabel(/^New password/)).toBeFocused();
  await nina.getByLabel(/^New password/).fill('abc');
  await expect(nina.getByText(/At least \d+ characters/)).toBeVisible();
  await expectAccessible(nina);
  await snap(nina, 'login-new-password');
  await nina.getByLabel(/^New password/).fill(newPassword);
  await nina.getByLabel(/^Confirm new password/).fill(newPassword);
  await nina.getByRole('button', { name: 'Set password and continue' }).click();

  // With a phone on the account, Nina chooses what to set up: the authenticator app.
  await expect(nina.getByRole('heading', { level: 1, name: 'Choose your second step' })).toBeVisible();
  await expect(nina.getByRole('radio', { name: /Authenticator app/ })).toBeFocused();
  await expectAccessible(nina);
  await snap(nina, 'login-mfa-selection');
  await nina.getByRole('radio', { name: /Authenticator app/ }).check();
  await nina.getByRole('button', { name: 'Continue' }).click();

  // TOTP setup: QR code, the key for manual entry, a code from it.
  await expect(nina.getByRole('heading', { level: 1, name: 'Set up two-step verification' })).toBeVisible();
  await expect(nina.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(nina.getByRole('button', { name: 'Copy setup key' })).toBeVisible();
  const secret = (await nina.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expectAccessible(nina);
  await snap(nina, 'login-totp-setup');
  await enterCode(nina, '000000');
  await expect(nina.getByText('Invalid code received, please try again.')).toBeVisible();
  await expect(nina.getByLabel(/digit 1 of 6/)).toBeFocused();
  const setupAt = Date.now();
  await enterCode(nina, await totpCode(secret, setupAt));
  await expect(nina).toHaveURL(tenantUrl('acme', '/'));
  await expect(nina.getByRole('heading', { level: 1, name: 'Welcome, Nina' })).toBeVisible();
  await expect(nina.getByText('Authenticator app')).toBeVisible();

  // Sign out, sign in again: password, then a code of a later time step (a code works once).
  await signOutUi(nina);
  await nina.goto(tenantUrl('acme', '/login'));
  await submitCredentials(nina, email, newPassword);
  await expect(nina.getByRole('heading', { level: 1, name: 'Enter your verification code' })).toBeVisible();
  await expect(nina.getByLabel(/digit 1 of 6/)).toBeFocused();
  await expectAccessible(nina);
  await snap(nina, 'login-totp-code');

  // Too many wrong codes end this sign-in: back to the first step, with the email kept and a reason.
  for (let attempt = 1; attempt <= 4; attempt++) {
    await enterCode(nina, '000000');
    await expect(nina.getByText('Invalid code received, please try again.')).toBeVisible();
  }
  await enterCode(nina, '000000');
  await expect(nina.getByRole('heading', { level: 1, name: 'Sign in to Clearlane' })).toBeVisible();
  await expect(nina.getByRole('alert').filter({ hasText: 'Too many wrong codes. Please sign in again.' })).toBeVisible();
  await expect(nina.getByLabel(/^Email/)).toHaveValue(email);
  await passwordField(nina).fill(newPassword);
  await nina.getByRole('button', { name: 'Sign in' }).click();
  await expect(nina.getByRole('heading', { level: 1, name: 'Enter your verification code' })).toBeVisible();
  await waitForFreshTotpStep(totpStep(setupAt));
  await enterCode(nina, await totpCode(secret));
  await expect(nina).toHaveURL(tenantUrl('acme', '/'));
  await expect(nina.getByRole('heading', { level: 1, name: 'Welcome, Nina' })).toBeVisible();
  await expect(passwordField(nina)).toHaveCount(0);
  await context.close();
});

test('a user with a phone can choose text messages: the code comes by SMS, and again at the next sign-in', async ({ page, request, outbox, api }) => {
  const admin = await api.signIn(DEMO_USERS.admin);
  const phone = `+1512555${String(Date.now()).slice(-4)}`;
  const user = await inviteViaApi(request, outbox, admin, { email: uniqueEmail('sam'), firstName: 'Sam', lastName: 'Texter', role: 'Viewer', requireMfa: true, phoneNumber: phone });
  const newPassword = 'Texts-are-fine-7';

  await page.goto(tenantUrl('acme', '/login'));
  await submitCredentials(page, user.email, user.temporaryPassword);
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your second step' })).toBeVisible();
  await page.getByRole('radio', { name: /Text message/ }).check();
  let before = new Date(Date.now() - 1_000);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Check your phone' })).toBeVisible();
  await expect(page.getByText(new RegExp(`We texted a 6-digit code to \\+\\*+${phone.slice(-4)}`))).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'login-sms-code');
  await enterCode(page, await codeFromMail(outbox, phone, before));
  await expect(page).toHaveURL(tenantUrl('acme', '/'));
  await expect(page.getByText('Text message')).toBeVisible();

  await signOutUi(page);
  await page.goto(tenantUrl('acme', '/login'));
  before = new Date(Date.now() - 1_000);
  await submitCredentials(page, user.email, newPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your phone' })).toBeVisible();
  await enterCode(page, await codeFromMail(outbox, phone, before));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Sam' })).toBeVisible();
});
