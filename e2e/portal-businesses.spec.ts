// Businesses: an Agent adds a business (the EIN, USDOT number, ZIP code and phone are checked as
// they type), finds it again through the list's search (kept in the URL), sorts and opens it; the
// business's page lists its orders and reports and links to the business risk order form; a Viewer
// reads but cannot add or order; another company's admin gets "Page not found" for an Acme business.
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_USERS, expect, signInApi, test, tenantUrl } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const EIN_FORMAT_MESSAGE = 'An EIN has 9 digits, written 12-3456789.';
const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
/** Letters only, so a search for it matches this test's business and nothing else. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
/** An EIN no other test uses; 12 is an assigned prefix, and the last digit 0 is the sandbox's low-risk answer. */
const newEin = () => `12-${digits(6)}0`;

async function chooseState(page: Page, search: string, option: string) {
  const input = page.getByRole('combobox', { name: /^State/ });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).click();
}

async function acmeBusinessViaApi(request: APIRequestContext, name = `Acme Partner ${unique()}`) {
  const tokens = await signInApi(request, DEMO_USERS.admin);
  const response = await request.post('/api/v1/businesses', {
    headers: { authorization: `Bearer ${tokens.idToken}` },
    data: { name, ein: newEin(), state: 'TX', city: 'Austin' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { business: (await response.json()) as { id: string; name: string; ein: string }, tokens };
}

test('an Agent adds a business, fixing a wrong EIN, USDOT number and ZIP code as they type', async ({ page }) => {
  // A long journey with an axe check on every page: three times the usual budget on a busy machine.
  test.slow();
  const name = `Harbor Freight ${unique()}`;
  const ein = newEin();
  await signInUi(page, DEMO_USERS.agent);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Businesses' }).click();
  await expect(page).toHaveURL(/\/businesses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Businesses' })).toBeVisible();
  await expect(page).toHaveTitle('Businesses · Clearlane');
  await expect(page.getByRole('table', { name: 'Businesses' }).or(page.getByText('No businesses yet'))).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'businesses-list-agent');

  await page.getByRole('link', { name: 'Add business' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a business' })).toBeVisible();
  await expect(page).toHaveTitle('Add a business · Clearlane');
  await expectAccessible(page);

  // Submitting the empty form names every required field.
  await page.getByRole('button', { name: 'Add business' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('EIN is required')).toBeVisible();
  await expect(page.getByText('Choose the state the business is registered in')).toBeVisible();
  await expect(page).toHaveURL(/\/businesses\/add-business$/);

  await page.getByLabel(/^Name/).fill(name);
  await expect(page.getByText('Name is required')).toHaveCount(0);
  // The EIN is checked as typed: its length, then a prefix the IRS never assigns.
  await page.getByLabel(/^EIN/).fill('12-345');
  await expect(page.getByText(EIN_FORMAT_MESSAGE)).toBeVisible();
  await expect(page.getByLabel(/^EIN/)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(/^EIN/).fill('07-1234567');
  await expect(page.getByText('No EIN begins with 07; check the first two digits.')).toBeVisible();
  await page.getByLabel(/^USDOT number/).fill('12a');
  await expect(page.getByText('A USDOT number has 1 to 8 digits.')).toBeVisible();
  await page.getByLabel(/^USDOT number/).fill('2345678');
  await expect(page.getByText('A USDOT number has 1 to 8 digits.')).toHaveCount(0);
  await chooseState(page, 'Ore', 'Oregon (OR)');
  await page.getByLabel(/^City/).fill('Portland');
  await page.getByLabel(/^ZIP code/).fill('9720');
  await expect(page.getByText('A ZIP code has 5 digits, or 5+4 written 12345-6789.')).toBeVisible();
  await page.getByLabel(/^ZIP code/).fill('97201');
  await expect(page.getByText('A ZIP code has 5 digits, or 5+4 written 12345-6789.')).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'add-business-wrong-ein');

  await page.getByLabel(/^EIN/).fill(ein);
  await expect(page.getByText('No EIN begins with 07; check the first two digits.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add business' }).click();

  await expect(page).toHaveURL(/\/businesses\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();
  const businessId = detailUrl.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`${name} was added`)).toBeVisible();
  await expect(page).toHaveTitle(`${name} · Clearlane`);
  await expect(page.getByText('Oregon (OR)')).toBeVisible();
  await expect(page.getByText('No orders yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order business risk report' })).toHaveAttribute(
    'href',
    `/orders/business-risk-assessment/single-order?businessId=${businessId}`,
  );
  await expectAccessible(page);
  await snap(page, 'business-detail');

  // The same EIN again (written without the hyphen): the form says the business exists and links to it.
  await page.goto(tenantUrl('acme', '/businesses/add-business'));
  await page.getByLabel(/^Name/).fill(`${name} again`);
  await page.getByLabel(/^EIN/).fill(ein.replace('-', ''));
  await chooseState(page, 'Ore', 'Oregon (OR)');
  await page.getByRole('button', { name: 'Add business' }).click();
  const exists = page.getByRole('alert').filter({ hasText: 'This business already exists' });
  await expect(exists).toBeVisible();
  await expect(page.getByLabel(/^EIN/)).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await snap(page, 'add-business-exists');
  await exists.getByRole('link').click();
  await expect(page).toHaveURL(detailUrl);
});

test('the business list searches, sorts and opens, and keeps its view in the URL', async ({ page, request }) => {
  test.slow();
  const name = `Harbor Freight ${unique()}`;
  const { business } = await acmeBusinessViaApi(request, name);
  const ein = business.ein;
  const detailUrl = tenantUrl('acme', `/businesses/${business.id}`);
  await signInUi(page, DEMO_USERS.agent);

  // Found through the list's search, by name and by EIN (as people write it); the search is in the URL.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Businesses' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  await expect(page).toHaveURL(/filter=Harbor/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(ein);
  await expectAccessible(page);
  await snap(page, 'businesses-search');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(name);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Search' }).fill(ein);
  await expect(page).toHaveURL(new RegExp(`filter=${ein}`));
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(name);
  await page.getByRole('row').nth(1).getByRole('cell').nth(3).click();
  await expect(page).toHaveURL(detailUrl);

  // Sort lives in the URL, and the header says how the table is sorted.
  await page.goBack();
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await expect(page).not.toHaveURL(/filter=/);
  await expect(page.getByRole('columnheader', { name: /Added/ })).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('columnheader', { name: /Name/ }).click();
  await expect(page).toHaveURL(/sort=name%2Casc|sort=name,asc/);
  await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('columnheader', { name: /Added/ })).toHaveAttribute('aria-sort', 'none');
  // Every name this suite makes is "Capitalised Words lowercase-letters": any collation orders them alike.
  const inOrder = (direction: 'asc' | 'desc') => async () => {
    const names = await page.getByRole('table', { name: 'Businesses' }).locator('tbody tr td:first-child').allInnerTexts();
    const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return names.length > 1 && names.join('|') === (direction === 'asc' ? sorted : sorted.reverse()).join('|');
  };
  await expect.poll(inOrder('asc')).toBe(true);
  await page.getByRole('columnheader', { name: /Name/ }).click();
  await expect(page).toHaveURL(/sort=name%2Cdesc|sort=name,desc/);
  await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(inOrder('desc')).toBe(true);

  await page.getByRole('textbox', { name: 'Search' }).fill('no-such-business-anywhere');
  await expect(page.getByText('No businesses match your search')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'businesses-empty-search');
});

test("a business's page lists its orders and, once complete, its reports", async ({ page, request }) => {
  const { business, tokens } = await acmeBusinessViaApi(request);
  const ordered = await request.post('/api/v1/orders/bra/order', {
    headers: { authorization: `Bearer ${tokens.idToken}` },
    data: { businessId: business.id },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  const order = (await ordered.json()) as { id: string };

  await signInUi(page, DEMO_USERS.manager);
  await page.goto(tenantUrl('acme', `/businesses/${business.id}`));
  await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('row')).toHaveCount(2);
  await expect(orders.getByRole('link', { name: 'Business risk report' })).toHaveAttribute('href', `/orders/${order.id}`);
  // An EIN ending in 0 is the sandbox's low-risk answer: the page follows the order to Complete.
  await expect(orders.getByRole('row').nth(1)).toContainText('Complete');
  const reports = page.getByRole('table', { name: 'Reports' });
  await expect(reports.getByRole('link', { name: 'Business risk report' })).toHaveAttribute('href', `/reports/${order.id}`);
  await expectAccessible(page);
  await snap(page, 'business-with-orders');
});

test('a Viewer sees the businesses but cannot add one or order', async ({ page, request }) => {
  const { business } = await acmeBusinessViaApi(request);
  await signInUi(page, DEMO_USERS.viewer);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Businesses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Businesses' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Businesses' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /Add/ })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'businesses-list-viewer');

  await page.goto(tenantUrl('acme', `/businesses/${business.id}`));
  await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Orders' })).toBeVisible();
  // Scoped to the page: the navigation's "Orders" link is not an order button.
  await expect(page.getByRole('main').getByRole('link', { name: /^Order/ })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(tenantUrl('acme', '/businesses/add-business'));
  await expect(page.getByRole('heading', { level: 1, name: 'Not Authorized' })).toBeVisible();
  await expect(page).toHaveTitle('Not Authorized · Clearlane');
  await expectAccessible(page);
});

test("another company's admin gets Page not found for an Acme business", async ({ page, request }) => {
  const { business } = await acmeBusinessViaApi(request);

  await signInUi(page, DEMO_USERS.globexAdmin, undefined, 'globex');
  await page.goto(tenantUrl('globex', `/businesses/${business.id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(business.name)).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'business-other-company');

  await page.goto(tenantUrl('globex', `/businesses?filter=${encodeURIComponent(business.ein)}`));
  await expect(page.getByText('No businesses match your search').or(page.getByText('No businesses yet'))).toBeVisible();
  await expect(page.getByText(business.name)).toHaveCount(0);

  await page.goto(tenantUrl('globex', '/businesses/not-a-business-id'));
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
