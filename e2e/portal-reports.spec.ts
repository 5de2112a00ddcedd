// Reports: orders placed through the API complete in the sandbox; an Agent finds them in /reports
// (type filter and sort kept in the URL), opens an MVR whose record shows the DUI, downloads its
// standard PDF and condensed text, and reads a vehicle report; another company gets "Page not found".
// A report group's orders are paged with the page in the URL while its progress counts them all.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { BULK_MVR_COLUMNS } from '@clearlane/contract/bulk-orders';
import { DEMO_USERS, expect, signInApi, test, tenantUrl } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';
import { vinCheckDigit } from '@clearlane/contract/domain/vin';

const letters = (length: number) => Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
const unique = () => `${letters(1).toUpperCase()}${letters(7)}`;

async function bearer(request: APIRequestContext, email: string) {
  return { authorization: `Bearer ${(await signInApi(request, email)).idToken}` };
}

/**
 * Polls GET /reports/{id} until the order has completed. The sandbox answers in well under a second,
 * but fulfilment jobs run in order: when the bulk journey has just queued 1,000 orders on the same
 * server, this order waits its turn behind them (a couple of minutes on 2 cores).
 */
const REPORT_WAIT_MS = 180_000;
async function waitForReport(request: APIRequestContext, headers: Record<string, string>, id: string) {
  await expect
    .poll(async () => (await request.get(`/api/v1/reports/${id}`, { headers })).status(), { timeout: REPORT_WAIT_MS, intervals: [500, 1_000, 2_000], message: `report ${id} to complete` })
    .toBe(200);
}

/** An adjudicated MVR of a Californian driver; the licence's last digit picks the sandbox's answer (3: DUI). */
async function placeMvr(request: APIRequestContext, headers: Record<string, string>, lastName: string, lastDigit: number) {
  const response = await request.post('/api/v1/orders/create-mvr-order?isAutoAdjudicated=true&ruleNamespace=default', {
    headers,
    data: { permissiblePurpose: 'WRITTEN_CONSENT', driver: { firstName: 'Rhea', lastName, dateOfBirth: '1984-02-17', licenceState: 'CA', licenceNumber: `D${digits(6)}${lastDigit}` } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; subjectLabel: string };
}

/** A VIN report; the VIN's last digit picks the sandbox's answer (2: salvage title). */
async function placeVin(request: APIRequestContext, headers: Record<string, string>) {
  const draft = `1FTFW1E5XJF${digits(5)}2`;
  const vin = `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
  const response = await request.post('/api/v1/orders/vehicle/order', { headers, data: { vin } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; subjectLabel: string };
}

test('an Agent lists reports, opens an MVR, downloads its documents and reads a vehicle report', async ({ page, request }) => {
  test.setTimeout(REPORT_WAIT_MS + 60_000);
  const headers = await bearer(request, DEMO_USERS.agent);
  const lastName = unique();
  const mvr = await placeMvr(request, headers, lastName, 3);
  const vin = await placeVin(request, headers);
  await waitForReport(request, headers, mvr.id);
  await waitForReport(request, headers, vin.id);

  await signInUi(page, DEMO_USERS.agent);
  await page.goto(tenantUrl('acme', '/reports'));
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page).toHaveTitle('Reports · Clearlane');
  const table = page.getByRole('table', { name: 'Reports' });
  await expect(table.getByRole('link', { name: mvr.subjectLabel })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: mvr.subjectLabel })).toContainText('Fail');
  await expect(table.getByRole('link', { name: vin.subjectLabel })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'reports-list');

  // The type filter is part of the URL: the vehicle report drops out of an MVR-only view.
  await page.getByRole('combobox', { name: 'Report type' }).click();
  await page.getByRole('option', { name: 'Motor vehicle record' }).click();
  await expect(page).toHaveURL(/type=MotorVehicleRecord/);
  await expect(table.getByRole('link', { name: mvr.subjectLabel })).toBeVisible();
  await expect(table.getByRole('link', { name: vin.subjectLabel })).toHaveCount(0);
  // Sorting by subject is part of the URL too, and the header says how the table is sorted.
  await table.getByRole('columnheader', { name: /Subject/ }).click();
  await expect(page).toHaveURL(/sort=subjectLabel%2Casc|sort=subjectLabel,asc/);
  await expect(table.getByRole('columnheader', { name: /Subject/ })).toHaveAttribute('aria-sort', 'ascending');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Report type' })).toHaveValue('Motor vehicle record');

  await page.goto(tenantUrl('acme', `/reports?type=MotorVehicleRecord`));
  await page.getByRole('link', { name: mvr.subjectLabel }).click();
  await expect(page).toHaveURL(tenantUrl('acme', `/reports/${mvr.id}`));
  await expect(page.getByRole('heading', { level: 1, name: mvr.subjectLabel })).toBeVisible();
  await expect(page).toHaveTitle(`${mvr.subjectLabel} · Clearlane`);
  await expect(page.getByRole('heading', { level: 2, name: 'Driver and licence' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Violations' })).toContainText('Driving under the influence of alcohol');
  await expect(page.getByRole('table', { name: 'DMV actions' })).toContainText('Suspension');
  await expect(page.getByText('Fail', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open order' })).toHaveAttribute('href', `/orders/${mvr.id}`);
  await expectAccessible(page);
  await snap(page, 'report-mvr');

  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Full MVR Report (Standard)' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/-standard\.pdf$/);
  const pdfBytes = await readFile((await pdf.path())!);
  expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByText(`Downloaded ${pdf.suggestedFilename()}`)).toBeVisible();

  const [text] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Full MVR Report (Condensed), text' }).click()]);
  expect(text.suggestedFilename()).toMatch(/\.txt$/);
  const condensed = await readFile((await text.path())!, 'utf8');
  expect(condensed).toContain('FULL MVR REPORT (CONDENSED)');
  expect(condensed).toContain(`Subject: Rhea ${lastName}`);

  await page.goto(tenantUrl('acme', `/reports/${vin.id}`));
  await expect(page.getByRole('heading', { level: 1, name: vin.subjectLabel })).toBeVisible();
  await expect(page.getByText('Branded title: Salvage')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Odometer readings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Full MVR Report (Standard)' })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'report-vehicle');
});

test("another company's admin gets Page not found for an Acme report, and so does a report id that is no report", async ({ page, request }) => {
  test.setTimeout(REPORT_WAIT_MS + 60_000);
  const acme = await bearer(request, DEMO_USERS.agent);
  const mvr = await placeMvr(request, acme, unique(), 0);
  await waitForReport(request, acme, mvr.id);

  const globex = await bearer(request, DEMO_USERS.globexAdmin);
  expect((await request.get(`/api/v1/reports/${mvr.id}`, { headers: globex })).status()).toBe(404);
  expect((await request.get(`/api/v1/orders/${mvr.id}/mvr/report`, { headers: { ...globex, accept: 'application/pdf' } })).status()).toBe(404);

  await signInUi(page, DEMO_USERS.globexAdmin, undefined, 'globex');
  await page.goto(tenantUrl('globex', `/reports/${mvr.id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(mvr.subjectLabel)).toHaveCount(0);
  await page.goto(tenantUrl('globex', '/reports/not-a-report'));
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectAccessible(page);
});

/** A bulk sheet of Californian drivers (licences ending in 0: clean records), uploaded through the API, in row order. */
async function uploadSheet(request: APIRequestContext, headers: Record<string, string>, count: number) {
  const lastName = unique();
  const rows = Array.from({ length: count }, () => ({
    firstName: unique(), lastName, dateOfBirth: '1984-02-17', licenceNumber: `D${digits(6)}0`, licenceState: 'CA', permissiblePurpose: 'WRITTEN_CONSENT',
  }));
  const header = BULK_MVR_COLUMNS.map((column) => column.header).join(',');
  const lines = rows.map((row) => BULK_MVR_COLUMNS.map((column) => (row as Record<string, string>)[column.key] ?? '').join(','));
  const response = await request.post('/api/v1/orders', {
    headers, multipart: { file: { name: 'group-journey.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...lines].join('\r\n'), 'utf8') } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { groupId: ((await response.json()) as { reportGroupId: string }).reportGroupId, rows };
}

test("an Agent pages through a report group's orders, the page kept in the URL, while the progress counts all of them", async ({ page, request }) => {
  // Beside the bulk journey's 1,000 orders the server (and the 2-core machine) is slow: more than the default minute.
  test.setTimeout(180_000);
  const headers = await bearer(request, DEMO_USERS.agent);
  const { groupId, rows } = await uploadSheet(request, headers, 25);
  // The API pages the orders; every page carries the whole group's counts.
  const second = await (await request.get(`/api/v1/reports/groups/${groupId}?page=1&size=20`, { headers })).json();
  expect(second.orders.page).toEqual({ number: 1, size: 20, totalElements: 25, totalPages: 2 });
  expect(second.orders.content).toHaveLength(5);
  expect(second.progress.total).toBe(25);

  await signInUi(page, DEMO_USERS.agent);
  await page.goto(tenantUrl('acme', `/reports/group/${groupId}`));
  await expect(page.getByRole('heading', { level: 1, name: /group-journey\.csv/ })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Orders finished' });
  await expect(progress).toHaveAttribute('aria-valuemax', '25');
  const table = page.getByRole('table', { name: 'Orders of the group' });
  // In the order of the sheet's rows.
  await expect(table.getByRole('link').first()).toContainText(rows[0]!.firstName);
  await expect(table.getByRole('link')).toHaveCount(20);
  await expect(page.getByText('1–20 of 25 orders')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'report-group');

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=1(&|$)/);
  await expect(table.getByRole('link')).toHaveCount(5);
  await expect(table.getByRole('link').first()).toContainText(rows[20]!.firstName);
  await expect(progress).toHaveAttribute('aria-valuemax', '25');
  // A reload (or a shared link) opens the same page.
  await page.reload();
  await expect(page.getByText('21–25 of 25 orders')).toBeVisible();
  await expect(table.getByRole('link').first()).toContainText(rows[20]!.firstName);

  // Sorting by subject is part of the URL too and starts again from the first page.
  await table.getByRole('columnheader', { name: /Subject/ }).click();
  await expect(page).toHaveURL(/sort=subjectLabel%2Casc|sort=subjectLabel,asc/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(table.getByRole('columnheader', { name: /Subject/ })).toHaveAttribute('aria-sort', 'ascending');
  const firstNames = [...rows].map((row) => row.firstName).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  await expect(table.getByRole('link').first()).toContainText(firstNames[0]!);
  await expectAccessible(page);
});

test('an Agent downloads a vehicle report as a PDF from its order, and follows a report group from the Reports list and from one of its orders', async ({ page, request }) => {
  test.setTimeout(REPORT_WAIT_MS + 120_000);
  const headers = await bearer(request, DEMO_USERS.agent);
  const vin = await placeVin(request, headers);
  const { groupId } = await uploadSheet(request, headers, 3);
  const group = await (await request.get(`/api/v1/reports/groups/${groupId}`, { headers })).json();
  await waitForReport(request, headers, vin.id);

  await signInUi(page, DEMO_USERS.agent);
  await page.goto(tenantUrl('acme', `/orders/${vin.id}`));
  await expect(page.getByRole('heading', { level: 1, name: vin.subjectLabel })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`vehicle-report-${vin.id}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByText(`Downloaded ${download.suggestedFilename()}`)).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'order-vehicle-pdf');

  // The Reports page's second tab lists the groups, with progress, newest first.
  await page.goto(tenantUrl('acme', '/reports'));
  await page.getByRole('tab', { name: 'Report groups' }).click();
  await expect(page).toHaveURL(/view=groups/);
  const table = page.getByRole('table', { name: 'Report groups' });
  const link = table.getByRole('link', { name: group.name }).first();
  await expect(link).toBeVisible();
  await expect(table.getByRole('progressbar', { name: new RegExp(`^${group.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d of 3 done$`) }).first()).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await snap(page, 'report-groups-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeVisible();
  await snap(page, 'report-groups-390');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  await link.click();
  await expect(page).toHaveURL(tenantUrl('acme', `/reports/group/${groupId}`));
  await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();

  // An order of the group leads back to it.
  await page.goto(tenantUrl('acme', `/orders/${group.orders.content[0].id}`));
  await expect(page.getByRole('link', { name: 'see its report group' })).toHaveAttribute('href', `/reports/group/${groupId}`);
});
