// Drivers: an Agent adds a driver (the licence number is checked against its state's format as they
// type), finds them again through the list's search (kept in the URL), sorts, opens and edits them;
// the driver's page lists their orders and reports and links to the order forms; a Viewer reads
// but cannot add, edit or order; another company's admin gets "Page not found" for an Acme driver.
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_USERS, expect, signInApi, test, tenantUrl } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const CA_FORMAT_MESSAGE = 'California licence numbers are 1 letter and 7 digits (for example D1234567).';
const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
/** Letters only, so a search for it matches this test's driver and nothing else. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

async function chooseState(page: Page, label: RegExp, search: string, option: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).click();
}

/** A Texas driver of Acme made through the API; the licence's last digit 0 is the sandbox's clean record. */
async function acmeDriverViaApi(request: APIRequestContext, lastName = `Acme${unique()}`) {
  const tokens = await signInApi(request, DEMO_USERS.admin);
  const response = await request.post('/api/v1/person', {
    headers: { authorization: `Bearer ${tokens.idToken}` },
    data: { firstName: 'Ann', lastName, dateOfBirth: '1990-01-31', licenceState: 'TX', licenceNumber: `${digits(7)}0` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { driver: (await response.json()) as { id: string; fullName: string; licenceNumber: string }, tokens };
}

test('an Agent adds a driver, fixing a wrong licence number and date of birth as they type, then edits them', async ({ page }) => {
  // A long journey with an axe check on every page: three times the usual budget on a busy machine.
  test.slow();
  const lastName = `Tester${unique()}`;
  // Ends in 0: should anyone order an MVR for this driver, the sandbox answers a clean record.
  const licence = `D${digits(6)}0`;
  await signInUi(page, DEMO_USERS.agent);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Drivers' }).click();
  await expect(page).toHaveURL(/\/drivers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Drivers' })).toBeVisible();
  await expect(page).toHaveTitle('Drivers · Clearlane');
  await expect(page.getByRole('table', { name: 'Drivers' }).or(page.getByText('No drivers yet'))).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'drivers-list-agent');

  await page.getByRole('link', { name: 'Add driver' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a driver' })).toBeVisible();
  await expect(page).toHaveTitle('Add a driver · Clearlane');
  await expectAccessible(page);

  // Submitting the empty form names every required field.
  await page.getByRole('button', { name: 'Add driver' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Enter the date of birth as YYYY-MM-DD.')).toBeVisible();
  await expect(page.getByText('Choose the state that issued the licence')).toBeVisible();
  await expect(page).toHaveURL(/\/drivers\/add-driver$/);

  await page.getByLabel(/^First name/).fill('Dana');
  await expect(page.getByText('First name is required')).toHaveCount(0);
  await page.getByLabel(/^Middle name/).fill('Q');
  await page.getByLabel(/^Last name/).fill(lastName);
  // Dates of birth are checked as typed: a date that does not exist, then one too recent.
  await page.getByLabel(/^Date of birth/).fill('1985-02-30');
  await expect(page.getByText('That date does not exist.')).toBeVisible();
  await page.getByLabel(/^Date of birth/).fill(`${new Date().getUTCFullYear() - 5}-01-01`);
  await expect(page.getByText('A driver must be at least 14 years old.')).toBeVisible();
  await page.getByLabel(/^Date of birth/).fill('1985-04-23');
  await expect(page.getByLabel(/^Date of birth/)).not.toHaveAttribute('aria-invalid', 'true');

  await chooseState(page, /^Licence state/, 'Calif', 'California (CA)');
  await expect(page.getByText('California: 1 letter and 7 digits, for example D1234567.')).toBeVisible();
  await page.getByLabel(/^Licence number/).fill('12345678');
  await expect(page.getByText(CA_FORMAT_MESSAGE)).toBeVisible();
  await expect(page.getByLabel(/^Licence number/)).toHaveAttribute('aria-invalid', 'true');
  // The number is checked again when the state changes: 12345678 is a fine Texas number.
  await chooseState(page, /^Licence state/, 'Texas', 'Texas (TX)');
  await expect(page.getByText(CA_FORMAT_MESSAGE)).toHaveCount(0);
  await expect(page.getByLabel(/^Licence number/)).not.toHaveAttribute('aria-invalid', 'true');
  await chooseState(page, /^Licence state/, 'Calif', 'California (CA)');
  await expect(page.getByText(CA_FORMAT_MESSAGE)).toBeVisible();
  await page.getByLabel(/^External ID/).fill(`EMP-${lastName}`);
  await expectAccessible(page);
  await snap(page, 'add-driver-wrong-licence');

  await page.getByLabel(/^Licence number/).fill(licence);
  await expect(page.getByText(CA_FORMAT_MESSAGE)).toHaveCount(0);
  await page.getByRole('button', { name: 'Add driver' }).click();

  await expect(page).toHaveURL(/\/drivers\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();
  const driverId = detailUrl.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: `Dana Q ${lastName}` })).toBeVisible();
  await expect(page.getByText(`Dana Q ${lastName} was added`)).toBeVisible();
  await expect(page).toHaveTitle(`Dana Q ${lastName} · Clearlane`);
  await expect(page.getByText('California licence')).toBeVisible();
  // A new driver has no orders yet; an Agent may order, so the page offers the order forms.
  await expect(page.getByText('No orders yet')).toBeVisible();
  await expect(page.getByText('No reports yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order MVR', exact: true })).toHaveAttribute('href', `/orders/mvr/single-order?personId=${driverId}`);
  await expect(page.getByRole('link', { name: 'Order person risk assessment' })).toHaveAttribute(
    'href',
    `/orders/person-risk-assessment/single-order?personId=${driverId}`,
  );
  await expectAccessible(page);
  await snap(page, 'driver-detail');

  // Edit: the same checks, saved with PUT.
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit driver' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await dialog.getByLabel(/^Phone/).fill('12345');
  await expect(dialog.getByText('Phone must be in international format, e.g. +15125550123')).toBeVisible();
  await dialog.getByLabel(/^Phone/).fill('+15125550123');
  await expect(dialog.getByText('Phone must be in international format, e.g. +15125550123')).toHaveCount(0);
  // The qualification file's dates: checked like the date of birth.
  await dialog.getByLabel(/^Licence expiry/).fill('2031-02-30');
  await expect(dialog.getByText('Licence expiry is not a real date')).toBeVisible();
  await dialog.getByLabel(/^Licence expiry/).fill('2031-02-28');
  await dialog.getByLabel(/^Medical certificate expiry/).fill('2030-06-15');
  await expectAccessible(page);
  await snap(page, 'driver-edit');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Dana Q ${lastName} was saved`)).toBeVisible();
  await expect(page.getByText('+15125550123')).toBeVisible();
  await page.reload();
  await expect(page.getByText('+15125550123')).toBeVisible();
  await expect(page.locator('time[datetime="2031-02-28"]')).toBeVisible();
  await expect(page.locator('time[datetime="2030-06-15"]')).toBeVisible();

  // The same licence again: the form says the driver exists and links to them.
  await page.goto(tenantUrl('acme', '/drivers/add-driver'));
  await page.getByLabel(/^First name/).fill('Dana');
  await page.getByLabel(/^Last name/).fill(lastName);
  await page.getByLabel(/^Date of birth/).fill('1985-04-23');
  await chooseState(page, /^Licence state/, 'Calif', 'California (CA)');
  await page.getByLabel(/^Licence number/).fill(licence);
  await page.getByRole('button', { name: 'Add driver' }).click();
  const exists = page.getByRole('alert').filter({ hasText: 'This driver already exists' });
  await expect(exists).toBeVisible();
  await expect(page.getByLabel(/^Licence number/)).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await snap(page, 'add-driver-exists');
  await exists.getByRole('link').click();
  await expect(page).toHaveURL(detailUrl);
});

test('the driver list searches, sorts and opens, and keeps its view in the URL', async ({ page, request }) => {
  test.slow();
  const lastName = `Finder${unique()}`;
  const { driver } = await acmeDriverViaApi(request, lastName);
  const licence = driver.licenceNumber;
  const detailUrl = tenantUrl('acme', `/drivers/${driver.id}`);
  await signInUi(page, DEMO_USERS.agent);

  // Found through the list's search; the search is in the URL and survives a reload.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Drivers' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(lastName);
  await expect(page).toHaveURL(new RegExp(`filter=${lastName}`));
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(licence);
  await expectAccessible(page);
  await snap(page, 'drivers-search');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(lastName);
  await expect(page.getByRole('row')).toHaveCount(2);
  // The licence number (Texas: digits only) is searchable too; the router quotes a search of digits
  // in the URL so that it stays text, and a hand-written link without the quotes works as well.
  await page.getByRole('textbox', { name: 'Search' }).fill(licence);
  await expect(page).toHaveURL(new RegExp(`filter=(%22)?${licence}(%22)?$`));
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(lastName);
  await page.goto(tenantUrl('acme', `/drivers?filter=${licence}`));
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(licence);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(lastName);
  // A click anywhere on the row opens the driver.
  await page.getByRole('row').nth(1).getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(detailUrl);

  // Sort lives in the URL too, and the header says how the table is sorted.
  await page.goBack();
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await expect(page).not.toHaveURL(/filter=/);
  await expect(page.getByRole('columnheader', { name: /Added/ })).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('columnheader', { name: /Date of birth/ }).click();
  await expect(page).toHaveURL(/sort=dateOfBirth%2Casc|sort=dateOfBirth,asc/);
  await expect(page.getByRole('columnheader', { name: /Date of birth/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('columnheader', { name: /Added/ })).toHaveAttribute('aria-sort', 'none');
  const birthDates = () =>
    page
      .getByRole('table', { name: 'Drivers' })
      .locator('tbody time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!).filter((value) => value.length === 10));
  const inOrder = (direction: 'asc' | 'desc') => async () => {
    const dates = await birthDates();
    const sorted = [...dates].sort();
    return dates.length > 1 && dates.join() === (direction === 'asc' ? sorted : sorted.reverse()).join();
  };
  await expect.poll(inOrder('asc')).toBe(true);
  await page.getByRole('columnheader', { name: /Date of birth/ }).click();
  await expect(page).toHaveURL(/sort=dateOfBirth%2Cdesc|sort=dateOfBirth,desc/);
  await expect(page.getByRole('columnheader', { name: /Date of birth/ })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(inOrder('desc')).toBe(true);
  await page.reload();
  await expect(page.getByRole('columnheader', { name: /Date of birth/ })).toHaveAttribute('aria-sort', 'descending');

  await page.getByRole('textbox', { name: 'Search' }).fill('no-such-driver-anywhere');
  await expect(page.getByText('No drivers match your search')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'drivers-empty-search');
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  await expect(page.getByRole('table', { name: 'Drivers' })).toBeVisible();
});

test("a driver's page lists their orders and, once complete, their reports", async ({ page, request }) => {
  const { driver, tokens } = await acmeDriverViaApi(request);
  const ordered = await request.post('/api/v1/orders/create-mvr-order', {
    headers: { authorization: `Bearer ${tokens.idToken}` },
    data: { personId: driver.id, permissiblePurpose: 'WRITTEN_CONSENT' },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  const order = (await ordered.json()) as { id: string };

  await signInUi(page, DEMO_USERS.manager);
  await page.goto(tenantUrl('acme', `/drivers/${driver.id}`));
  await expect(page.getByRole('heading', { level: 1, name: driver.fullName })).toBeVisible();
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('row')).toHaveCount(2);
  await expect(orders.getByRole('link', { name: 'MVR' })).toHaveAttribute('href', `/orders/${order.id}`);
  await expect(page.getByRole('columnheader', { name: /Ordered/ })).toHaveAttribute('aria-sort', 'descending');
  // The sandbox answers a licence ending in 0 with a clean record: the page follows the order to Complete.
  await expect(orders.getByRole('row').nth(1)).toContainText('Complete');
  const reports = page.getByRole('table', { name: 'Reports' });
  await expect(reports.getByRole('link', { name: 'Motor vehicle record' })).toHaveAttribute('href', `/reports/${order.id}`);
  await expectAccessible(page);
  await snap(page, 'driver-with-orders');
});

test('a Viewer sees the drivers but cannot add, edit or order', async ({ page, request }) => {
  const { driver } = await acmeDriverViaApi(request);
  await signInUi(page, DEMO_USERS.viewer);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Drivers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Drivers' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Drivers' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /Add/ })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'drivers-list-viewer');

  await page.goto(tenantUrl('acme', `/drivers/${driver.id}`));
  await expect(page.getByRole('heading', { level: 1, name: driver.fullName })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  // Scoped to the page: the navigation's "Orders" link is not an order button.
  await expect(page.getByRole('main').getByRole('link', { name: /^Order/ })).toHaveCount(0);
  await expectAccessible(page);

  // The form itself is refused by the route guard, as the server would refuse the POST.
  await page.goto(tenantUrl('acme', '/drivers/add-driver'));
  await expect(page.getByRole('heading', { level: 1, name: 'Not Authorized' })).toBeVisible();
  await expect(page).toHaveTitle('Not Authorized · Clearlane');
  await expectAccessible(page);
});

test("another company's admin gets Page not found for an Acme driver", async ({ page, request }) => {
  const { driver } = await acmeDriverViaApi(request);

  await signInUi(page, DEMO_USERS.globexAdmin, undefined, 'globex');
  await page.goto(tenantUrl('globex', `/drivers/${driver.id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(driver.fullName)).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'driver-other-company');

  // Not even in the list's search.
  await page.goto(tenantUrl('globex', `/drivers?filter=${encodeURIComponent(driver.fullName.split(' ').pop()!)}`));
  await expect(page.getByText('No drivers match your search')).toBeVisible();

  await page.goto(tenantUrl('globex', '/drivers/not-a-driver-id'));
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
