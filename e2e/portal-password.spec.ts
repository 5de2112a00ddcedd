// Forgot password end to end (code from the outbox), and five wrong passwords lock the account.
import { DEMO_USERS, expect, tenantUrl, test } from './fixtures.ts';
import { expectAccessible, codeFromMail, enterCode, inviteViaApi, requirePasswordReset, signInUi, snap, submitCredentials, uniqueEmail } from './support/portal.ts';

test('forgot password: email → code from the mail → new password → sign in', async ({ page, request, outbox, api }) => {
  const admin = await api.signIn(DEMO_USERS.admin);
  const user = await inviteViaApi(request, outbox, admin, { email: uniqueEmail('forgetful'), firstName: 'Fay', lastName: 'Forgetful', role: 'Viewer' });
  const newPassword = 'Fresh-start-2026';

  await page.goto(tenantUrl('acme', '/login'));
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'forgot-password-email');
  await page.getByLabel(/^Email/).fill(user.email);
  const before = new Date(Date.now() - 1_000);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a code to f\*\*\*@acme\.test/)).toBeVisible();
  const code = await codeFromMail(outbox, user.email, before);

  // A wrong code is refused next to the code field.
  await enterCode(page, code === '111111' ? '222222' : '111111');
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Invalid verification code provided, please try again.')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'forgot-password-code');

  await enterCode(page, code);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your password has been changed. Sign in with your new password.')).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toHaveValue(user.email);

  await signInUi(page, user.email, newPassword);
});

test('an account that must reset its password: explained at sign-in, then the code form with the email filled in', async ({ page, request, outbox, api }) => {
  const admin = await api.signIn(DEMO_USERS.admin);
  const user = await inviteViaApi(request, outbox, admin, { email: uniqueEmail('reset'), firstName: 'Rhea', lastName: 'Reset', role: 'Viewer' });
  await requirePasswordReset(user.email);
  const newPassword = 'Brand-new-2026';

  await page.goto(tenantUrl('acme', '/login'));
  const before = new Date(Date.now() - 1_000);
  await submitCredentials(page, user.email, user.temporaryPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expect(page.getByText('r***@acme.test')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enter the code' })).toBeFocused();
  await expectAccessible(page);
  await snap(page, 'login-reset-required');
  await page.getByRole('button', { name: 'Enter the code' }).click();

  await expect(page).toHaveURL(/\/forgotPassword\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(/We sent a code to r\*\*\*@acme\.test/)).toBeVisible();
  await enterCode(page, await codeFromMail(outbox, user.email, before));
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed. Sign in with your new password.')).toBeVisible();
  await signInUi(page, user.email, newPassword);
});

test('five wrong passwords lock the account, and the form says for how long', async ({ page, request, outbox, api }) => {
  const admin = await api.signIn(DEMO_USERS.admin);
  const user = await inviteViaApi(request, outbox, admin, { email: uniqueEmail('locked'), firstName: 'Lou', lastName: 'Locked', role: 'Viewer' });

  await page.goto(tenantUrl('acme', '/login'));
  for (let attempt = 1; attempt <= 4; attempt++) {
    await submitCredentials(page, user.email, `wrong-password-${attempt}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' })).toBeVisible();
  }
  await submitCredentials(page, user.email, 'wrong-password-5');
  const lock = page.getByRole('alert').filter({ hasText: /Password attempts exceeded\. Try again in \d+ seconds?\./ });
  await expect(lock).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await expectAccessible(page);
  await snap(page, 'login-locked');
  // The first lock lasts a second; once it is over the form still says what happened.
  await expect(page.getByRole('alert').filter({ hasText: 'Too many wrong passwords. You can try again now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('the system status page shows API, database and queue', async ({ page }) => {
  await page.goto(tenantUrl('acme', '/healthCheck'));
  await expect(page.getByRole('heading', { level: 1, name: 'System status' })).toBeVisible();
  await expect(page.getByText('All systems operational')).toBeVisible();
  for (const name of ['API', 'Database', 'Job queue']) await expect(page.getByRole('rowheader', { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(page).toHaveTitle('System status · Clearlane');
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/v1/health'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  await refreshed;
  await expectAccessible(page);
  await snap(page, 'health-check');
});

test('the sign-in page is accessible and a wrong password is explained', async ({ page }) => {
  await page.goto(tenantUrl('acme', '/login'));
  await expect(page.getByLabel(/^Email/)).toBeFocused();
  await expectAccessible(page);
  await snap(page, 'login');
  await submitCredentials(page, 'someone@acme.test', 'not-the-password-at-all');
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' })).toBeVisible();
  await expectAccessible(page);
});
