// Each demo role signs in and sees what it may do: admins manage users, managers read them,
// agents and viewers do not see user management at all.
import { DEMO_USERS, expect, test } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

test('a Company Admin sees Users and may invite', async ({ page }) => {
  await signInUi(page, DEMO_USERS.admin);
  await expect(page).toHaveTitle(/Clearlane/);
  await expect(page.getByRole('table', { name: /What you can do/ })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'home-admin');

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('cell', { name: DEMO_USERS.viewer })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Invite user' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Invited/ })).toHaveAttribute('aria-sort', 'descending');
  await expectAccessible(page);
  await snap(page, 'users-admin');

  // Sorting, filtering and paging live in the URL.
  await page.getByRole('columnheader', { name: /Email/ }).click();
  await expect(page).toHaveURL(/sort=email%2Casc|sort=email,asc/);
  await expect(page.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('row').nth(1)).toContainText(DEMO_USERS.admin);
  await page.getByRole('textbox', { name: 'Search' }).fill('viewer');
  await expect(page).toHaveURL(/filter=viewer/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Search' }).fill('no-such-person');
  await expect(page.getByText('No users match your filters')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'users-empty');
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByRole('cell', { name: DEMO_USERS.manager })).toBeVisible();

  await page.getByRole('link', { name: 'Invite user' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invite a user' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'add-user');
});

test('a Manager sees Users but cannot invite', async ({ page }) => {
  await signInUi(page, DEMO_USERS.manager);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('cell', { name: DEMO_USERS.agent })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Invite user' })).toHaveCount(0);

  await page.goto(page.url().replace(/\/users.*$/, '/users/add-user'));
  await expect(page.getByRole('heading', { level: 1, name: 'Not Authorized' })).toBeVisible();
});

for (const [role, roleName] of [['agent', 'Agent'], ['viewer', 'Viewer']] as const) {
  test(`the ${roleName} does not see user management`, async ({ page }) => {
    await signInUi(page, DEMO_USERS[role]);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Invite/ })).toHaveCount(0);
    // The permissions grid says so too.
    const usersRow = page.getByRole('row', { name: /^Users/ });
    await expect(usersRow.getByText('Not allowed')).toHaveCount(3);
    if (role === 'viewer') {
      await expectAccessible(page);
      await snap(page, 'home-viewer');
    }
  });
}
