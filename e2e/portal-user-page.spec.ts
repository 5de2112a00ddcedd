// The user page (/users/{id}): a Company Admin reads an invited user's status, role, two-step
// verification and last sign-in, changes the role, disables them (after confirming: the user is then
// refused at sign-in) and enables them again; a Manager reads the page without any action; another
// company's admin gets "Page not found". Screenshots at 1440 and 390 px wide.
import { DEMO_USERS, expect, signInApi, test, tenantUrl } from './fixtures.ts';
import { expectAccessible, inviteViaApi, signInUi, snap, uniqueEmail } from './support/portal.ts';

test('a Company Admin changes a user\'s role, disables and enables them from the user page', async ({ page, request, outbox }) => {
  test.slow();
  const admin = await signInApi(request, DEMO_USERS.admin);
  const invited = await inviteViaApi(request, outbox, admin, { email: uniqueEmail('page'), firstName: 'Petra', lastName: 'Page', role: 'Agent' });

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInUi(page, DEMO_USERS.admin);
  // From the user list: the name opens the user's page.
  await page.goto(tenantUrl('acme', `/users?filter=${encodeURIComponent(invited.email)}`));
  await page.getByRole('link', { name: 'Petra Page' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${invited.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Petra Page' })).toBeVisible();
  await expect(page).toHaveTitle('Petra Page · Clearlane');
  const details = page.getByRole('region', { name: 'Details' });
  const detail = (term: string) => details.locator(`dt:text-is("${term}") + dd`);
  await expect(detail('Status')).toHaveText('Invited');
  await expect(detail('Two-step verification')).toHaveText('Not set up');
  await expect(detail('Last sign-in')).toHaveText('Never');
  await expect(page.getByRole('button', { name: 'Resend invitation' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'user-page-1440');

  // Change the role.
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  await page.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByText('Petra Page is now a Viewer.')).toBeVisible();
  await expect(detail('Role')).toHaveText('Viewer');

  // Disable, after confirming.
  await page.getByRole('button', { name: 'Disable user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable Petra Page?' });
  await expect(dialog).toContainText('signed out of Acme Logistics at once');
  await snap(page, 'user-page-disable-dialog-1440');
  await dialog.getByRole('button', { name: 'Disable user' }).click();
  await expect(page.getByRole('button', { name: 'Enable user' })).toBeVisible();
  await expect(detail('Enabled')).toHaveText('No, disabled in Acme Logistics');
  await expect(detail('Status')).toHaveText('Disabled');
  await expect(page.getByRole('button', { name: 'Resend invitation' })).toHaveCount(0);
  const refused = await request.post('/api/v1/auth/sign-in', { data: { email: invited.email, password: invited.temporaryPassword }, headers: { host: `acme.localhost:${new URL(page.url()).port}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).detail).toBe('User is disabled.');
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'user-page-disabled-390');

  // Enable again.
  await page.getByRole('button', { name: 'Enable user' }).click();
  await expect(page.getByRole('button', { name: 'Disable user' })).toBeVisible();
  await expect(detail('Status')).toHaveText('Invited');
  await snap(page, 'user-page-390');
});

test('a Manager reads a user page without actions; another company\'s admin gets Page not found', async ({ page, browser, request }) => {
  const admin = await signInApi(request, DEMO_USERS.admin);
  const users = await request.get('/api/v1/users?filter=agent%40acme.test', { headers: { authorization: `Bearer ${admin.idToken}` } });
  const agent = (await users.json()).content[0] as { id: string };

  await signInUi(page, DEMO_USERS.manager);
  await page.goto(tenantUrl('acme', `/users/${agent.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable user' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change role' })).toHaveCount(0);

  const context = await browser.newContext();
  const globex = await context.newPage();
  await signInUi(globex, DEMO_USERS.globexAdmin, undefined, 'globex');
  await globex.goto(tenantUrl('globex', `/users/${agent.id}`));
  await expect(globex.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await context.close();
});
