// Single sign-on through a company's own OpenID provider (issue 14), in the browser: a certified
// provider (panva's oidc-provider) runs in this test process on loopback; Acme's Company Admin
// connects it through the API for a domain of its own (acme-sso.test, so no other journey is
// affected), then a new member of that domain signs in through the provider's login page (just in
// time, role from the groups claim), and signs out there too. The admin's settings page, and /login's
// email and password steps, are checked with axe and photographed at 1440 and 390 px.
import type { Page } from '@playwright/test';
import { BASE_URL, DEMO_USERS, expect, signInApi, test, tenantUrl } from './fixtures.ts';
import { expectAccessible, signInUi, snap, uniqueEmail } from './support/portal.ts';
import { startTestProvider, type TestProvider } from '../apps/server/test/support/oidc-test-provider.ts';

const DOMAIN = 'acme-sso.test';
const CLIENT = { clientId: 'clearlane-e2e', clientSecret: 'e2e-client-secret-value' };
const WIDTHS = [
  [1440, 900],
  [390, 844],
] as const;

let idp: TestProvider;

test.beforeAll(async () => {
  idp = await startTestProvider([{
    ...CLIENT,
    redirectUris: [tenantUrl('acme', '/api/v1/auth/sso/callback')],
    postLogoutRedirectUris: [`${BASE_URL}/login`],
    backchannelLogoutUri: tenantUrl('acme', '/api/v1/auth/sso/backchannel-logout'),
  }]);
});

test.afterAll(async ({ request }) => {
  // Acme signs in with passwords again: no other journey meets this configuration.
  const { idToken } = await signInApi(request, DEMO_USERS.admin);
  await request.delete(tenantUrl('acme', '/api/v1/company/me/sso'), { headers: { authorization: `Bearer ${idToken}` } });
  await idp?.close();
});

async function snapAtWidths(page: Page, name: string) {
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await snap(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: WIDTHS[0][0], height: WIDTHS[0][1] });
}

test('a new member signs in through the company\'s identity provider, and signing out ends both sessions', async ({ page, request }) => {
  const { idToken } = await signInApi(request, DEMO_USERS.admin);
  const saved = await request.put(tenantUrl('acme', '/api/v1/company/me/sso'), {
    headers: { authorization: `Bearer ${idToken}` },
    data: {
      enabled: true, issuer: idp.issuer, ...CLIENT, emailDomains: [DOMAIN], roleClaim: 'groups',
      roleMapping: [{ value: 'dispatch', role: 'Agent' }], jitEnabled: true, defaultRole: 'Viewer', requireSso: false, breakGlassEmail: null,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // Email first; the login page as it looks before and after an email that uses a password.
  await page.goto(tenantUrl('acme', '/login'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Clearlane' })).toBeVisible();
  await expect(page.getByLabel(/^Password/)).toHaveCount(0);
  await expectAccessible(page);
  await snapAtWidths(page, 'sso-login-email-step');
  await page.getByLabel(/^Email/).fill(DEMO_USERS.viewer);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel(/^Password/)).toBeFocused();
  await expectAccessible(page);
  await snapAtWidths(page, 'sso-login-password-step');

  // An email of the SSO domain goes to the provider's own login page.
  const email = uniqueEmail('dana', DOMAIN);
  idp.accounts.set('dana', { email, email_verified: true, given_name: 'Dana', family_name: 'Dispatch', groups: ['dispatch'] });
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('dana');
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();

  // Back in the portal, signed in just in time with the role the groups claim maps to.
  await expect(page).toHaveURL(tenantUrl('acme', '/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Dana' })).toBeVisible();
  const account = page.getByRole('button', { name: /^Account menu for Dana Dispatch/ });
  await expect(account).toContainText('Agent');
  await account.click();
  await expect(page.getByRole('menuitem', { name: 'Single sign-on' })).toHaveCount(0);

  // Signing out here ends the provider's session too (RP-initiated logout), then lands on /login.
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Clearlane' })).toBeVisible();

  // The provider forgot Dana: the next sign-in asks at its login page again.
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
});

test('the Company Admin sees and saves the single sign-on settings', async ({ page }) => {
  await signInUi(page, DEMO_USERS.admin);
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Single sign-on' }).click();
  await expect(page).toHaveURL(tenantUrl('acme', '/company/sso'));
  await expect(page.getByRole('heading', { level: 1, name: 'Single sign-on' })).toBeVisible();
  await expect(page.getByText(tenantUrl('acme', '/api/v1/auth/sso/callback'))).toBeVisible();

  // Three groups, each named by its legend.
  for (const legend of ['Your identity provider', 'Roles', 'Who may sign in']) await expect(page.getByRole('group', { name: legend })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Roles' }).getByRole('textbox', { name: 'Claim value 1', exact: true })).toBeVisible();

  // What the first journey saved through the API, with the secret never shown.
  await expect(page.getByLabel(/^Issuer URL/)).toHaveValue(idp.issuer);
  await expect(page.getByRole('textbox', { name: 'Claim value 1', exact: true })).toHaveValue('dispatch');
  await expect(page.getByLabel(/^Client secret/)).toHaveValue('');
  await expect(page.getByText('A secret is stored. Leave empty to keep it.')).toBeVisible();

  // A provider that is not there is named on its field.
  await page.getByLabel(/^Issuer URL/).fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Save and check the provider' }).click();
  await expect(page.getByText(/no usable OpenID discovery document/)).toBeVisible();
  await expect(page.getByLabel(/^Issuer URL/)).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel(/^Issuer URL/).fill(idp.issuer);
  await page.getByRole('button', { name: 'Add a claim value' }).click();
  await page.getByRole('textbox', { name: 'Claim value 2', exact: true }).fill('dispatch-leads');
  await page.getByRole('combobox', { name: 'Role for value 2' }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await page.getByRole('button', { name: 'Save and check the provider' }).click();
  await expect(page.getByText(/Single sign-on saved/)).toBeVisible();
  await expect(page.getByText('A secret is stored. Leave empty to keep it.')).toBeVisible();
  await expectAccessible(page);
  await snapAtWidths(page, 'sso-settings');
});
