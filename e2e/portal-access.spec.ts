// Who may reach what: a Viewer cannot manage users in the portal or the API; another company's
// user is simply not there (404); a user signed in at another tenant's host is sent home.
import { DEMO_USERS, expect, tenantUrl, test } from './fixtures.ts';
import { expectAccessible, signInUi, snap, submitCredentials } from './support/portal.ts';

test('a Viewer cannot reach user management in the portal', async ({ page }) => {
  await signInUi(page, DEMO_USERS.viewer);
  await page.goto(tenantUrl('acme', '/users'));
  await expect(page.getByRole('heading', { level: 1, name: 'Not Authorized' })).toBeVisible();
  await expect(page.getByRole('cell', { name: DEMO_USERS.admin })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'users-viewer-not-authorized');
});

test('a Viewer cannot list users through the API (403)', async ({ request, api }) => {
  const viewer = await api.signIn(DEMO_USERS.viewer);
  const response = await request.get('/api/v1/users', { headers: { authorization: `Bearer ${viewer.idToken}` } });
  expect(response.status()).toBe(403);
  const invite = await request.post('/api/v1/users', {
    headers: { authorization: `Bearer ${viewer.idToken}` },
    data: { email: 'nobody-new@acme.test', firstName: 'No', lastName: 'Body', role: 'Viewer' },
  });
  expect(invite.status()).toBe(403);
});

test("Globex's admin gets 404 for an Acme user id", async ({ request, api }) => {
  const acme = await api.signIn(DEMO_USERS.admin);
  const globex = await api.signIn(DEMO_USERS.globexAdmin);
  const me = await (await request.get('/api/v1/users/me', { headers: { authorization: `Bearer ${acme.idToken}` } })).json();
  const asAcme = await request.get(`/api/v1/users/${me.id}`, { headers: { authorization: `Bearer ${acme.idToken}` } });
  expect(asAcme.status()).toBe(200);
  const asGlobex = await request.get(`/api/v1/users/${me.id}`, { headers: { authorization: `Bearer ${globex.idToken}` } });
  expect(asGlobex.status()).toBe(404);
  const resend = await request.post(`/api/v1/users/${me.id}/resendInvite`, { headers: { authorization: `Bearer ${globex.idToken}` } });
  expect(resend.status()).toBe(404);
});

test("a user signing in at another tenant's host ends on their own tenant's host, signed in", async ({ page }) => {
  await page.goto(tenantUrl('acme', '/login'));
  await submitCredentials(page, DEMO_USERS.globexAdmin, undefined, 'acme');
  await expect(page).toHaveURL(tenantUrl('globex', '/'), { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome,/ })).toBeVisible();
  await expect(page.getByText('Globex', { exact: false }).first()).toBeVisible();
});

test('signed-out visitors of a page are sent to /login and come back after signing in', async ({ page }) => {
  await page.goto(tenantUrl('acme', '/users?sort=email,asc'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await submitCredentials(page, DEMO_USERS.admin);
  await expect(page).toHaveURL(/\/users\?sort=email/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});

test('a spent or unknown handoff code falls back to the sign-in form with a reason', async ({ page }) => {
  await page.goto(tenantUrl('acme', '/login?handoff=not-a-real-code'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Clearlane' })).toBeVisible();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).not.toHaveURL(/handoff=/);
});
