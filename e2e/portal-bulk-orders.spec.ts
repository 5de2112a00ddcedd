// Bulk MVR orders (the journey): an Agent downloads the template, uploads a 1,000-row sheet
// with 3 bad rows and sees exactly those 3 errors (and that nothing was ordered), sorts them by row,
// then uploads the corrected sheet, which places 1,000 orders in one report group whose page shows
// them being processed. A Viewer cannot reach the page.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { BULK_MVR_COLUMNS } from '@clearlane/contract/bulk-orders';
import { californianDrivers, csvOf, letters } from './support/bulk-sheet.ts';
import { DEMO_USERS, expect, signInApi, test, tenantUrl } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const ROWS = 1_000;
// While 1,000 orders are being fulfilled the server (and the 2-core machine) is busy: the steps that
// wait on it get more time than the default 10 s.
const busyExpect = expect.configure({ timeout: 60_000 });
/** 1,000 drivers of one (random) last name. */
const drivers = () => californianDrivers(ROWS, `Bulk${letters(1).toUpperCase()}${letters(6)}`);

/** The spreadsheet row number of a data row: the header is row 1. */
const sheetRow = (index: number) => index + 2;

async function chooseSheet(page: Page, name: string, buffer: Buffer) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /^Choose a sheet/ }).click()]);
  await chooser.setFiles({ name, mimeType: 'text/csv', buffer });
  await expect(page.getByText(name, { exact: true })).toBeVisible();
}

test('a 1,000-row sheet with 3 bad rows shows those 3 errors; the corrected sheet creates 1,000 orders', async ({ page, request }) => {
  test.setTimeout(300_000);
  const good = drivers();
  const bad = good.map((row) => ({ ...row }));
  bad[99]!.licenceNumber = '12345678'; // not a California licence number
  bad[499]!.dateOfBirth = '1985-02-30'; // no such day
  bad[899]!.permissiblePurpose = 'CURIOSITY'; // not a DPPA purpose

  await signInUi(page, DEMO_USERS.agent);
  await page.goto(tenantUrl('acme', '/orders/mvr/multiple-orders'));
  await expect(page.getByRole('heading', { level: 1, name: 'Order MVRs in bulk' })).toBeVisible();
  await expect(page).toHaveTitle('Order MVRs in bulk · Clearlane');
  const columns = page.getByRole('table', { name: 'Columns of the sheet' });
  for (const column of BULK_MVR_COLUMNS) await expect(columns.getByRole('row').filter({ hasText: column.header }).first()).toContainText(column.required ? 'Required' : 'Optional');
  await expect(page.getByText(/at most 5 MB and 10,000 rows/)).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'bulk-orders-page');

  const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Template (CSV)' }).click()]);
  expect(template.suggestedFilename()).toMatch(/\.csv$/);
  const templateText = await readFile((await template.path())!, 'utf8');
  expect(templateText.split(/\r?\n/)[0]).toContain('Licence number');

  // The sheet with 3 bad rows: all three errors, by row, and nothing ordered.
  await chooseSheet(page, 'drivers-1000.csv', csvOf(bad));
  await page.getByRole('button', { name: 'Upload and place orders' }).click();
  const summary = page.getByRole('heading', { level: 2, name: '3 errors in 3 rows — no orders were placed' });
  await busyExpect(summary).toBeVisible();
  await expect(summary).toBeFocused();
  const errors = page.getByRole('table', { name: 'Errors in the sheet' });
  const errorRows = errors.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(errorRows).toHaveCount(3);
  await expect(errorRows.nth(0)).toContainText(String(sheetRow(99)));
  await expect(errorRows.nth(0)).toContainText('Licence number');
  await expect(errorRows.nth(0)).toContainText('12345678');
  await expect(errorRows.nth(1)).toContainText(String(sheetRow(499)));
  await expect(errorRows.nth(1)).toContainText('Date of birth');
  await expect(errorRows.nth(2)).toContainText(String(sheetRow(899)));
  await expect(errorRows.nth(2)).toContainText('Permissible purpose');
  await expect(page.getByText(/upload the whole sheet again/)).toBeVisible();
  await expect(page).toHaveURL(tenantUrl('acme', '/orders/mvr/multiple-orders'));
  await errors.getByRole('columnheader', { name: /Row/ }).click();
  await expect(errorRows.nth(0)).toContainText(String(sheetRow(899)));
  await expect(errors.getByRole('columnheader', { name: /Row/ })).toHaveAttribute('aria-sort', 'descending');
  await expectAccessible(page);
  await snap(page, 'bulk-orders-errors');

  // The corrected sheet: 1,000 orders in one report group, whose page follows their progress.
  await chooseSheet(page, 'drivers-1000-fixed.csv', csvOf(good));
  await expect(summary).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload and place orders' }).click();
  await busyExpect(page).toHaveURL(/\/reports\/group\/[0-9a-f-]{36}$/);
  const groupId = page.url().split('/').pop()!;
  await expect(page.getByText('1,000 MVR orders placed from drivers-1000-fixed.csv.')).toBeVisible();
  // The URL changes first; the group page shows once its loader has the group.
  await busyExpect(page.getByRole('heading', { level: 1, name: /drivers-1000-fixed\.csv/ })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Orders finished' });
  await busyExpect(progress).toHaveAttribute('aria-valuemax', String(ROWS));
  await busyExpect(progress).toHaveAttribute('aria-valuetext', /of 1,000 finished$/);
  await expect(page.getByText(/1,000 orders from drivers-1000-fixed\.csv/)).toBeVisible();
  await busyExpect(page.getByRole('table', { name: 'Orders of the group' }).getByRole('link').first()).toHaveAttribute('href', /^\/orders\/[0-9a-f-]{36}$/);
  await expectAccessible(page);
  await snap(page, 'bulk-orders-group');

  const tokens = await signInApi(request, DEMO_USERS.agent);
  const group = await (await request.get(`/api/v1/reports/groups/${groupId}`, { headers: { authorization: `Bearer ${tokens.idToken}` } })).json();
  expect(group.totalOrders).toBe(ROWS);
  expect(group.orders.page).toEqual({ number: 0, size: 20, totalElements: ROWS, totalPages: ROWS / 20 });
  expect(group.fileName).toBe('drivers-1000-fixed.csv');
  // The orders come a page at a time: all 1,000, each once.
  const labels: string[] = [];
  for (let number = 0; number < ROWS / 100; number++) {
    const page100 = await (await request.get(`/api/v1/reports/groups/${groupId}?size=100&page=${number}`, { headers: { authorization: `Bearer ${tokens.idToken}` } })).json();
    labels.push(...page100.orders.content.map((order: { subjectLabel: string }) => order.subjectLabel));
  }
  expect(new Set(labels).size).toBe(ROWS);
  // The page keeps counting while the orders are processed: the number finished goes up.
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 120_000 }).toBeGreaterThan(0);
});

test('a Viewer cannot place bulk orders', async ({ page }) => {
  await signInUi(page, DEMO_USERS.viewer);
  await page.goto(tenantUrl('acme', '/orders/mvr/multiple-orders'));
  await expect(page.getByRole('heading', { level: 1, name: 'Not Authorized' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload and place orders' })).toHaveCount(0);
  await expectAccessible(page);
});
