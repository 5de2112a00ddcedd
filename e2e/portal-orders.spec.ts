// Orders: MVRs placed through the API; an Agent finds the failed one in /orders, filters by outcome
// (kept in the URL, through a reload), watches a slow order reach Complete without reloading, reads
// why the failed one failed and downloads both PDFs. A Manager marks it reviewed from the list and
// changes its sub-status with notes (which the timeline shows); a Viewer sees no switch; another
// company's admin gets "Page not found".
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO_USERS, expect, signInApi, test, tenantUrl } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const letters = (length: number) => Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

interface PlacedOrder {
  id: string;
  subjectLabel: string;
}

/**
 * An auto-adjudicated MVR of a Californian driver (CA licences are one letter and 7 digits); the
 * licence's last digit picks the sandbox's answer: 3 is a DUI (Fail), 9 a slow (4 s) clean answer.
 */
async function placeMvr(request: APIRequestContext, headers: Record<string, string>, lastName: string, lastDigit: number): Promise<PlacedOrder> {
  const response = await request.post('/api/v1/orders/create-mvr-order?isAutoAdjudicated=true', {
    headers,
    data: {
      permissiblePurpose: 'WRITTEN_CONSENT',
      tags: ['e2e-orders'],
      driver: { firstName: 'Orla', lastName, dateOfBirth: '1979-09-14', licenceState: 'CA', licenceNumber: `D${digits(6)}${lastDigit}` },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as PlacedOrder;
}

async function waitForStatus(request: APIRequestContext, headers: Record<string, string>, id: string, status: string) {
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/orders/${id}`, { headers })).json()) as { status: string }).status, { timeout: 30_000, message: `order ${id} to be ${status}` })
    .toBe(status);
}

/** A fresh browser context per user (cookies are per user; axe needs a page of browser.newContext()). */
async function pageOf(browser: Browser, email: string, tenant = 'acme'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInUi(page, email, undefined, tenant);
  return page;
}

async function expectPdfDownload(page: Page, buttonName: string, fileName: RegExp) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(fileName);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

test.describe.serial('orders', () => {
  // Several sign-ins, a 4-second order and two downloads on a 2-core machine shared with the server.
  test.describe.configure({ timeout: 120_000 });

  let agentHeaders: Record<string, string>;
  let failed: PlacedOrder;
  let lastName: string;

  test.beforeAll(async ({ request }) => {
    agentHeaders = { authorization: `Bearer ${(await signInApi(request, DEMO_USERS.agent)).idToken}` };
    lastName = `Orders${letters(1).toUpperCase()}${letters(6)}`;
    failed = await placeMvr(request, agentHeaders, lastName, 3);
    await waitForStatus(request, agentHeaders, failed.id, 'Complete');
  });

  test('an Agent filters the list by outcome, watches an order complete, and reads why one failed', async ({ browser, request }) => {
    const page = await pageOf(browser, DEMO_USERS.agent);
    await page.goto(tenantUrl('acme', '/orders'));
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page).toHaveTitle('Orders · Clearlane');
    const table = page.getByRole('table', { name: 'Orders' });
    await expect(table.getByRole('link', { name: failed.subjectLabel })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place an order' })).toBeVisible();
    // An Agent may order but not review: the reviewed column is words, not switches.
    await expect(table.getByRole('switch')).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'orders-list-agent');

    // Search and outcome live in the URL, so a reload keeps them.
    await page.getByRole('textbox', { name: 'Search' }).fill(lastName);
    await expect(page).toHaveURL(new RegExp(`filter=${lastName}`));
    await page.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('option', { name: 'Fail' }).click();
    await expect(page).toHaveURL(/outcome=Fail/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Outcome' })).toHaveValue('Fail');
    await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(lastName);
    const row = table.getByRole('row').filter({ hasText: failed.subjectLabel });
    await expect(row).toContainText('Complete');
    await expect(row).toContainText('Fail');
    await expect(table.getByRole('row')).toHaveCount(2); // the header and the one order
    // Sorting is a column header with aria-sort, and a URL too.
    await page.getByRole('columnheader', { name: 'Subject' }).click();
    await expect(page).toHaveURL(/sort=subjectLabel%2Casc|sort=subjectLabel,asc/);
    await expect(page.getByRole('columnheader', { name: 'Subject' })).toHaveAttribute('aria-sort', 'ascending');

    // A slow order (4 s): the page shows where it is and reaches Complete on its own.
    const slow = await placeMvr(request, agentHeaders, `${lastName}slow`, 9);
    await page.goto(tenantUrl('acme', `/orders/${slow.id}`));
    await expect(page.getByRole('heading', { level: 1, name: slow.subjectLabel })).toBeVisible();
    // A marker on the window survives until the page reloads: it proves the status changed in place.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const progress = page.getByRole('progressbar', { name: 'Order progress' });
    // The order may be a step further by the time this runs on a busy machine; when the page is
    // caught before the end, the indicator says which step in words.
    const step = await progress.getAttribute('aria-valuetext', { timeout: 1_000 }).catch(() => null);
    if (step !== null) expect(step).toMatch(/^Step [123] of 4: (New|Ordered|Received)$/);
    await snap(page, 'order-detail-pending');
    await expect(page.getByRole('heading', { level: 1 }).locator('xpath=..').getByText('Complete', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(progress).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    await expect(page.getByRole('region', { name: 'Outcome' })).toContainText('Pass');

    // The failed order: the outcome with the deciding rule, the record, and its documents.
    await page.goto(tenantUrl('acme', `/orders?filter=${lastName}&outcome=Fail`));
    await table.getByRole('link', { name: failed.subjectLabel }).click();
    await expect(page).toHaveURL(tenantUrl('acme', `/orders/${failed.id}`));
    await expect(page.getByRole('heading', { level: 1, name: failed.subjectLabel })).toBeVisible();
    await expect(page).toHaveTitle(`${failed.subjectLabel} · Clearlane`);
    const outcome = page.getByRole('region', { name: 'Outcome' });
    await expect(outcome).toContainText('Not met: No major violation in the last 5 years.');
    const deciding = outcome.getByRole('row').filter({ hasText: 'Deciding rule' });
    await expect(deciding).toHaveCount(1);
    await expect(deciding).toContainText('No major violation in the last 5 years');
    await expect(deciding).toContainText('Failed');
    const report = page.getByRole('region', { name: 'Report' });
    await expect(report.getByRole('table', { name: 'Violations' })).toContainText('Driving under the influence');
    await expect(page.getByRole('region', { name: 'What was ordered' })).toContainText('DPPA (b)(13) With the written consent of the individual');
    await expect(page.getByRole('list', { name: 'Order history, oldest first' })).toContainText('Ordered by');
    await expectAccessible(page);
    await snap(page, 'order-detail-fail-agent');

    await expectPdfDownload(page, 'Full MVR Report (Standard)', /standard\.pdf$/);
    await expectPdfDownload(page, 'Full MVR Report (Condensed)', /condensed\.pdf$/);
    await page.context().close();
  });

  test('a Manager marks the order reviewed from the list and changes its sub-status with notes', async ({ browser, request }) => {
    const page = await pageOf(browser, DEMO_USERS.manager);
    await page.goto(tenantUrl('acme', `/orders?filter=${lastName}`));
    const table = page.getByRole('table', { name: 'Orders' });
    const toggle = table.getByRole('switch', { name: `Reviewed: ${failed.subjectLabel}` });
    await expect(toggle).not.toBeChecked();
    await expectAccessible(page);
    await toggle.check();
    await expect(toggle).toBeChecked();
    await expect
      .poll(async () => ((await (await request.get(`/api/v1/orders/${failed.id}/reviewed`, { headers: agentHeaders })).json()) as { isReviewed: boolean }).isReviewed)
      .toBe(true);

    await table.getByRole('link', { name: failed.subjectLabel }).click();
    await expect(page.getByRole('heading', { level: 1, name: failed.subjectLabel })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Reviewed' })).toBeChecked();
    const timeline = page.getByRole('list', { name: 'Order history, oldest first' });
    await expect(timeline).toContainText('Marked reviewed by');

    const form = page.getByRole('region', { name: 'Change sub-status' });
    await form.getByRole('button', { name: 'Save sub-status' }).click();
    await expect(form.getByText('Sub-status is required')).toBeVisible();
    // Picked from the company's list (its defaults: no journey saves Acme's list without them).
    await form.getByRole('combobox', { name: 'Sub-status' }).click();
    await page.getByRole('option', { name: 'Awaiting driver', exact: true }).click();
    await expect(form.getByText('Sub-status is required')).toHaveCount(0);
    await form.getByRole('textbox', { name: 'Notes' }).fill('Asked the driver to explain the 2024 DUI before the road test.');
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save sub-status' }).click();
    await expect(page.getByText('Sub-status set to “Awaiting driver”')).toBeVisible();
    await expect(timeline.getByRole('listitem').last()).toContainText('Sub-status set to "Awaiting driver"');
    await expect(timeline.getByRole('listitem').last()).toContainText('Asked the driver to explain the 2024 DUI before the road test.');
    await expect(page.getByRole('heading', { level: 1 }).locator('xpath=..')).toContainText('Awaiting driver');
    await snap(page, 'order-detail-fail-manager');
    await page.context().close();
  });

  test('a Viewer sees no switch and no sub-status form; another company gets Page not found', async ({ browser }) => {
    const viewer = await pageOf(browser, DEMO_USERS.viewer);
    await viewer.goto(tenantUrl('acme', `/orders?filter=${lastName}`));
    const table = viewer.getByRole('table', { name: 'Orders' });
    await expect(table.getByRole('link', { name: failed.subjectLabel })).toBeVisible();
    await expect(table.getByRole('switch')).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: 'Place an order' })).toHaveCount(0);
    await table.getByRole('link', { name: failed.subjectLabel }).click();
    await expect(viewer.getByRole('heading', { level: 1, name: failed.subjectLabel })).toBeVisible();
    await expect(viewer.getByRole('switch')).toHaveCount(0);
    await expect(viewer.getByRole('region', { name: 'Change sub-status' })).toHaveCount(0);
    await expectAccessible(viewer);
    await viewer.context().close();

    const outsider = await pageOf(browser, DEMO_USERS.globexAdmin, 'globex');
    await outsider.goto(tenantUrl('globex', `/orders/${failed.id}`));
    await expect(outsider.getByText('Page not found')).toBeVisible();
    await expect(outsider.getByText(failed.subjectLabel)).toHaveCount(0);
    await outsider.context().close();
  });
});
