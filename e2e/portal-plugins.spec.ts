// Company plugins: an operator creates a company with only the orders plugin (the CLI, as README
// says); its admin sees no Businesses section, no spreadsheet or business-risk order types, and a page
// of a feature that is off says so instead of failing; the server refuses its calls with 403
// PluginNotEnabled. Acme (every plugin) is never shown a feature that is not built.
import { DEMO_PASSWORD, DEMO_USERS, expect, signInApi, tenantUrl, test } from './fixtures.ts';
import { cli } from './support/cli.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const tenant = `plug${Date.now().toString(36)}`;
const companyName = 'Initech Haulage';
const adminEmail = `admin@${tenant}.test`;
/** A second company with businesses but no orders. */
const noOrdersTenant = `${tenant}b`;
const noOrdersAdmin = `admin@${noOrdersTenant}.test`;

const UNBUILT = /scores/i;

test.describe.serial('company plugins', () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeAll(() => {
    cli('company', 'create', '--tenant', tenant, '--name', companyName, '--plugin', 'orders');
    cli('user', 'create', '--tenant', tenant, '--email', adminEmail, '--first-name', 'Ivy', '--last-name', 'Initech', '--role', 'Company Admin', '--password', DEMO_PASSWORD);
    cli('company', 'create', '--tenant', noOrdersTenant, '--name', 'Umbra Freight', '--plugin', 'businesses');
    cli('user', 'create', '--tenant', noOrdersTenant, '--email', noOrdersAdmin, '--first-name', 'Uma', '--last-name', 'Umbra', '--role', 'Company Admin', '--password', DEMO_PASSWORD);
  });

  test('a company with only orders: no Businesses anywhere, and its pages say the feature is off', async ({ page, request }) => {
    const { idToken } = await signInApi(request, adminEmail);
    const headers = { authorization: `Bearer ${idToken}` };
    const driver = await request.post('/api/v1/person', {
      headers, data: { firstName: 'Nora', lastName: 'Plug', dateOfBirth: '1986-02-11', licenceNumber: 'D1234560', licenceState: 'CA' },
    });
    expect(driver.status(), await driver.text()).toBe(201);
    const driverId = ((await driver.json()) as { id: string }).id;

    for (const [width, height] of [[1440, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await signInUi(page, adminEmail, DEMO_PASSWORD, tenant);
      // Home: only the features that are on and built; the permission table has no Businesses row.
      const company = page.locator('section', { hasText: 'Features switched on' });
      await expect(company.getByText('Orders', { exact: true })).toBeVisible();
      await expect(page.getByRole('rowheader', { name: 'Businesses' })).toHaveCount(0);
      await expect(page.getByRole('rowheader', { name: 'Orders' })).toBeVisible();
      await snap(page, `plugins-home-orders-only-${width}`);
      if (width === 1440) {
        const nav = page.getByRole('navigation', { name: 'Main navigation' });
        await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
        await expect(nav.getByRole('link', { name: 'Businesses' })).toHaveCount(0);
      }

      // A bookmarked Businesses page: a clear page, not a failing list.
      await page.goto(tenantUrl(tenant, '/businesses'));
      await expect(page.getByRole('heading', { level: 1, name: `Businesses is not enabled for ${companyName}` })).toBeVisible();
      await expect(page.getByText('Your company administrator can ask Clearlane to switch it on.')).toBeVisible();
      await expect(page).toHaveTitle(`Businesses is not enabled for ${companyName} · Clearlane`);
      await expectAccessible(page);
      await snap(page, `plugins-businesses-off-${width}`);

      await page.goto(tenantUrl(tenant, '/orders/mvr/multiple-orders'));
      await expect(page.getByRole('heading', { level: 1, name: `Bulk orders is not enabled for ${companyName}` })).toBeVisible();

      // Place an order offers only the types whose plugins are on.
      await page.goto(tenantUrl(tenant, '/orders'));
      await page.getByRole('button', { name: 'Place an order' }).click();
      await expect(page.getByRole('menuitem', { name: 'MVR for one driver' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'MVRs from a spreadsheet' })).toHaveCount(0);
      await expect(page.getByRole('menuitem', { name: 'Business risk report' })).toHaveCount(0);
      await snap(page, `plugins-place-order-menu-${width}`);
      await page.keyboard.press('Escape');

      // A driver's page keeps its orders and reports, and the way to order, for a company with orders.
      await page.goto(tenantUrl(tenant, `/drivers/${driverId}`));
      await expect(page.getByRole('heading', { level: 1, name: 'Nora Plug' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Order MVR' })).toBeVisible();
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
    }

    // The server agrees: 403 PluginNotEnabled naming the plugin, and nothing is added.
    const refused = await request.post('/api/v1/businesses', { headers, data: { name: 'Nope LLC', ein: '12-3456789', state: 'TX' } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'PluginNotEnabled', plugin: 'businesses' });
    expect(await (await request.get('/api/v1/company/me/plugins', { headers })).json()).toEqual({ plugins: ['orders'] });
  });

  test('a company without orders keeps its drivers and businesses, with no way to order and no orders section', async ({ page, request }) => {
    const { idToken } = await signInApi(request, noOrdersAdmin);
    const headers = { authorization: `Bearer ${idToken}` };
    const driver = await request.post('/api/v1/person', {
      headers, data: { firstName: 'Otto', lastName: 'Umbra', dateOfBirth: '1979-09-30', licenceNumber: 'D7654320', licenceState: 'CA' },
    });
    expect(driver.status(), await driver.text()).toBe(201);
    const business = await request.post('/api/v1/businesses', { headers, data: { name: 'Umbra Lines LLC', ein: '12-7654321', state: 'TX' } });
    expect(business.status(), await business.text()).toBe(201);
    const ordered = await request.post('/api/v1/orders/create-mvr-order', { headers, data: { driver: { firstName: 'A', lastName: 'B', dateOfBirth: '1980-01-01', licenceNumber: 'D1111110', licenceState: 'CA' }, permissiblePurpose: 'WRITTEN_CONSENT' } });
    expect(await ordered.json()).toMatchObject({ status: 403, code: 'PluginNotEnabled', plugin: 'orders' });

    for (const [width, height] of [[1440, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await signInUi(page, noOrdersAdmin, DEMO_PASSWORD, noOrdersTenant);
      await page.goto(tenantUrl(noOrdersTenant, `/drivers/${((await driver.json()) as { id: string }).id}`));
      await expect(page.getByRole('heading', { level: 1, name: 'Otto Umbra' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Order/ })).toHaveCount(0);
      await expect(page.getByText(/orders/i)).toHaveCount(0);
      await expectAccessible(page);
      await snap(page, `plugins-driver-without-orders-${width}`);

      await page.goto(tenantUrl(noOrdersTenant, `/businesses/${((await business.json()) as { id: string }).id}`));
      await expect(page.getByRole('heading', { level: 1, name: 'Umbra Lines LLC' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Order/ })).toHaveCount(0);
      await snap(page, `plugins-business-without-orders-${width}`);

      await page.goto(tenantUrl(noOrdersTenant, '/reports'));
      await expect(page.getByRole('heading', { level: 1, name: 'Orders is not enabled for Umbra Freight' })).toBeVisible();
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
    }
  });

  test('Acme, with every plugin, is shown no feature that is not built', async ({ page }) => {
    for (const [width, height] of [[1440, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await signInUi(page, DEMO_USERS.admin);
      await expect(page.getByText('Features switched on')).toBeVisible();
      await expect(page.getByRole('rowheader', { name: 'Businesses' })).toBeVisible();
      expect(await page.locator('main').innerText()).not.toMatch(UNBUILT);
      await snap(page, `plugins-home-acme-${width}`);

      await page.goto(tenantUrl('acme', '/users/add-user'));
      await page.getByRole('combobox', { name: 'Role' }).click();
      const options = page.getByRole('listbox');
      await expect(options).toBeVisible();
      expect(await options.innerText()).not.toMatch(UNBUILT);
      await snap(page, `plugins-invite-roles-${width}`);
      await page.keyboard.press('Escape');
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
    }
  });
});
