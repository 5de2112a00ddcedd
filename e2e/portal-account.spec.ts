// "Your account", from the account menu: change the password and sign in with the new one; set up
// an authenticator app and sign in with a code from it; reset two-step verification.
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_USERS, SCREENSHOT_DIR, expect, tenantUrl, test, type Outbox, type Tokens } from './fixtures.ts';
import {
  enterCode, expectAccessible, inviteViaApi, signInUi, signOutUi, snap, submitCredentials, totpCode, totpStep, uniqueEmail, waitForFreshTotpStep,
} from './support/portal.ts';

// The screenshots are taken at 1440 px (and 390 px where the test narrows the window).
test.use({ viewport: { width: 1440, height: 900 } });

/** An active user without two-step verification: invited, first password chosen through the API. */
async function activeUser(request: APIRequestContext, outbox: Outbox, admin: Tokens, firstName: string, password: string) {
  const invited = await inviteViaApi(request, outbox, admin, { email: uniqueEmail(firstName.toLowerCase()), firstName, lastName: 'Account', role: 'Viewer' });
  const started = await (await request.post('/api/v1/auth/sign-in', { data: { email: invited.email, password: invited.temporaryPassword } })).json();
  const done = await request.post('/api/v1/auth/sign-in/confirm', { data: { session: started.session, challengeResponse: password } });
  expect((await done.json()).nextStep).toBe('DONE');
  return invited.email;
}

/** A dialog is fixed to the window: a screenshot of the window shows it as the user sees it. */
async function snapWindow(page: Page, name: string) {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

/** The page from its top, whatever the last focus scrolled to. */
async function snapPage(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

async function openYourAccount(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Your account' }).click();
  await expect(page).toHaveURL(tenantUrl('acme', '/account'));
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
}

test('change the password from the account menu, then sign in with the new one', async ({ page, request, outbox, api }) => {
  const admin = await api.signIn(DEMO_USERS.admin);
  const password = 'First-password-11';
  const newPassword = 'Second-password-22';
  const email = await activeUser(request, outbox, admin, 'Cass', password);

  await signInUi(page, email, password);
  await openYourAccount(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible();
  await expectAccessible(page);
  await snapPage(page, 'account-1440');

  // Nothing typed: every field says so, and the cursor goes to the first.
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByLabel(/^Current password/)).toBeFocused();

  // A wrong current password is refused on its field; the session goes on.
  await page.getByLabel(/^Current password/).fill('Not-my-password-1');
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('That is not your current password.')).toBeVisible();
  await expect(page.getByLabel(/^Current password/)).toBeFocused();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await snapPage(page, 'account-390-password-error');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByLabel(/^Current password/).fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed. You were signed out everywhere else.')).toBeVisible();
  await expect(page.getByLabel(/^Current password/)).toHaveValue('');

  await signOutUi(page);
  const old = await request.post('/api/v1/auth/sign-in', { data: { email, password } });
  expect(old.status()).toBe(401);
  await signInUi(page, email, newPassword);
});

test('set up an authenticator app, sign in with a code from it, then reset two-step verification', async ({ page, request, outbox, api }) => {
  test.setTimeout(120_000);
  const admin = await api.signIn(DEMO_USERS.admin);
  const password = 'Totp-password-33';
  const email = await activeUser(request, outbox, admin, 'Tess', password);

  await signInUi(page, email, password);
  await openYourAccount(page);
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^Current password/)).toBeFocused();
  await dialog.getByLabel(/^Current password/).fill(password);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expectAccessible(page);
  await snapWindow(page, 'account-totp-setup-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await snapWindow(page, 'account-totp-setup-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  await enterCode(page, '000000');
  await expect(dialog.getByText('Invalid code received, please try again.')).toBeVisible();
  await expect(dialog.getByLabel(/digit 1 of 6/)).toBeFocused();
  const setupAt = Date.now();
  await enterCode(page, await totpCode(secret, setupAt));
  await expect(page.getByText('Your authenticator app is on. Sign-in will ask for a code from it.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Replace authenticator app' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset two-step verification' })).toBeVisible();
  await snapPage(page, 'account-totp-on-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await snapPage(page, 'account-totp-on-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The next sign-in asks for a code (of a later time step: a code works once).
  await signOutUi(page);
  await submitCredentials(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your verification code' })).toBeVisible();
  await waitForFreshTotpStep(totpStep(setupAt));
  await enterCode(page, await totpCode(secret));
  await expect(page).toHaveURL(tenantUrl('acme', '/'));

  // Reset, with a confirmation: the next sign-in asks only for the password.
  await openYourAccount(page);
  await page.getByRole('button', { name: 'Reset two-step verification' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset two-step verification?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await snapWindow(page, 'account-reset-confirm-1440');
  await confirm.getByLabel(/^Current password/).fill(password);
  await confirm.getByRole('button', { name: 'Reset two-step verification' }).click();
  await expect(page.getByText('Two-step verification was reset.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible();
  await signOutUi(page);
  await signInUi(page, email, password);
});
