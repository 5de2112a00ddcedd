// Reviewing orders (issue 13): two failed MVRs are placed through the API and made the company's
// oldest completed ones (completed_at set in the database). The home page's "Needs review" lists
// them first, oldest first, and offers a link to order each kind of report. A Manager adds a
// sub-status to the company's list, picks it for one order, then takes the FCRA adverse action:
// the pre-adverse action notice, the final notice refused until the waiting period is over (its
// end moved into the past in the database, as if the days had passed), then given; each step dated
// in the timeline, the sub-status following. Axe on the home page, the dialog and the order page;
// screenshots at 1440 and 390 px wide.
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import { DEFAULT_SUB_STATUSES } from '@clearlane/contract/order-review';
import { DEMO_USERS, expect, SCREENSHOT_DIR, signInApi, test, tenantUrl } from './fixtures.ts';
import { letters } from './support/bulk-sheet.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const NEW_SUB_STATUS = 'Waiting for consent';

interface PlacedOrder {
  id: string;
  subjectLabel: string;
}

/** An auto-adjudicated MVR with a DUI (licence ending in 3: the sandbox's Fail), once complete. */
async function placeFailedMvr(request: APIRequestContext, headers: Record<string, string>, firstName: string, lastName: string): Promise<PlacedOrder> {
  const response = await request.post('/api/v1/orders/create-mvr-order?isAutoAdjudicated=true', {
    headers,
    data: { permissiblePurpose: 'WRITTEN_CONSENT', driver: { firstName, lastName, dateOfBirth: '1981-03-09', licenceState: 'CA', licenceNumber: `D${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}3` } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const order = (await response.json()) as PlacedOrder;
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/orders/${order.id}`, { headers })).json()) as { status: string }).status, { timeout: 30_000 })
    .toBe('Complete');
  return order;
}

async function inDatabase(work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

const resetSubStatuses = async (request: APIRequestContext, headers: Record<string, string>) =>
  expect((await request.put('/api/v1/company/me/sub-statuses', { headers, data: { subStatuses: [...DEFAULT_SUB_STATUSES] } })).status()).toBe(200);

async function snapAtWidths(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await snap(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe.serial('review workflow', () => {
  test.skip(!process.env.E2E_DATABASE_URL, 'moves dates in PostgreSQL');
  test.describe.configure({ timeout: 120_000 });

  let headers: Record<string, string>;
  let older: PlacedOrder;
  let newer: PlacedOrder;

  test.beforeAll(async ({ request }) => {
    headers = { authorization: `Bearer ${(await signInApi(request, DEMO_USERS.manager)).idToken}` };
    await resetSubStatuses(request, headers);
    const lastName = `Review${letters(1).toUpperCase()}${letters(6)}`;
    // Placed newer first: the list follows completion, not placement.
    newer = await placeFailedMvr(request, headers, 'Nell', lastName);
    older = await placeFailedMvr(request, headers, 'Otto', lastName);
    await inDatabase(async (client) => {
      // Placed a minute before completion, so the company's turnaround figures stay true.
      for (const [order, completedAt] of [[older, '2001-01-02T09:00:00Z'], [newer, '2001-01-03T09:00:00Z']] as const) {
        await client.query("update orders set completed_at = $2, created_at = $2::timestamptz - interval '1 minute' where id = $1", [order.id, completedAt]);
      }
    });
  });

  test.afterAll(async ({ request }) => {
    await resetSubStatuses(request, headers);
  });

  test('home lists the completed orders nobody reviewed, oldest first, and links to order each kind of report', async ({ page }) => {
    await signInUi(page, DEMO_USERS.manager);
    const review = page.getByRole('region', { name: 'Needs review' });
    const rows = review.getByRole('listitem');
    // The first list of a fresh server on the shared 2-core machine can take a while.
    await expect(rows.nth(0).getByRole('link')).toHaveText(older.subjectLabel, { timeout: 30_000 });
    await expect(rows.nth(1).getByRole('link')).toHaveText(newer.subjectLabel);
    await expect(rows.nth(0)).toContainText('ordered Jan 2, 2001');
    await expect(rows.nth(0)).toContainText('Fail');
    const shown = await rows.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
    expect(shown).toEqual([...shown].sort());

    const order = page.getByRole('region', { name: 'Order a report' });
    await expect(order.getByRole('link', { name: /MVR for one driver/ })).toHaveAttribute('href', '/orders/mvr/single-order');
    await expect(order.getByRole('link', { name: /Vehicle history report/ })).toBeVisible();
    await expectAccessible(page);
    await snapAtWidths(page, 'review-home');

    await review.getByRole('link', { name: /See all|Open them/ }).click();
    await expect(page).toHaveURL(/\/orders\?/);
    await expect(page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: older.subjectLabel })).toBeVisible();
    // Managers reach the company's sub-statuses from the list's header too.
    await expect(page.getByRole('button', { name: 'Sub-statuses' })).toBeVisible();
    await snapAtWidths(page, 'review-orders-needing-review');
  });

  test('a Manager picks a sub-status from the company list, then gives the FCRA notices, each dated', async ({ page }) => {
    await signInUi(page, DEMO_USERS.manager);
    await page.goto(tenantUrl('acme', `/orders/${older.id}`));
    await expect(page.getByRole('heading', { level: 1, name: older.subjectLabel })).toBeVisible();

    // The company's list: add one.
    const form = page.getByRole('region', { name: 'Change sub-status' });
    await form.getByRole('button', { name: 'Edit the list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sub-statuses' });
    await expect(dialog.getByRole('textbox', { name: /Sub-status 1/ })).toHaveValue('Under review');
    await dialog.getByRole('button', { name: 'Add a sub-status' }).click();
    await dialog.getByRole('textbox', { name: /Sub-status 6/ }).fill(NEW_SUB_STATUS);
    await expectAccessible(page);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: join(SCREENSHOT_DIR, `review-sub-status-settings-${width}.png`), animations: 'disabled' });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Save sub-statuses' }).click();
    await expect(dialog).toHaveCount(0);

    // Picked from it, with notes.
    await form.getByRole('combobox', { name: 'Sub-status' }).click();
    await page.getByRole('option', { name: NEW_SUB_STATUS, exact: true }).click();
    await form.getByRole('textbox', { name: 'Notes' }).fill('Asked the driver for written consent to a second check.');
    await form.getByRole('button', { name: 'Save sub-status' }).click();
    const timeline = page.getByRole('list', { name: 'Order history, oldest first' });
    await expect(timeline.getByRole('listitem').last()).toContainText(`Sub-status set to "${NEW_SUB_STATUS}"`);

    // Step 1: the pre-adverse action notice.
    const adverse = page.getByRole('region', { name: 'Adverse action (FCRA)' });
    const start = adverse.getByRole('form', { name: 'Record the pre-adverse action notice' });
    await start.getByRole('combobox', { name: /How the pre-adverse action notice was given/ }).click();
    await page.getByRole('option', { name: 'By mail' }).click();
    await start.getByRole('checkbox', { name: 'A copy of the report went with the notice' }).check();
    await start.getByRole('checkbox', { name: /A Summary of Your Rights Under the FCRA/ }).check();
    await expectAccessible(page);
    await snapAtWidths(page, 'review-order-adverse-action-start');
    await start.getByRole('button', { name: 'Record pre-adverse notice' }).click();
    const steps = adverse.getByRole('list', { name: 'Adverse action steps' }).getByRole('listitem');
    await expect(steps.nth(0)).toContainText('Given by mail on');
    await expect(steps.nth(1)).toContainText('the final notice can be given from');
    await expect(timeline.getByRole('listitem').last()).toContainText('Pre-adverse action notice');
    await expect(timeline.getByRole('listitem').last()).toContainText('Sub-status set to "Adverse action started"');
    await expect(page.getByRole('heading', { level: 1 }).locator('xpath=..')).toContainText('Adverse action started');
    // Step 2: the waiting period holds the final notice (the server refuses it too: 409 naming the day).
    const finish = adverse.getByRole('form', { name: 'Record the final adverse action notice' });
    await expect(finish.getByRole('button', { name: 'Record final notice' })).toBeDisabled();
    const early = await page.request.post(`/api/v1/orders/${older.id}/adverse-action/final-notice`, { headers, data: { deliveryMethod: 'MAIL' } });
    expect(early.status()).toBe(409);
    expect(((await early.json()) as { detail: string }).detail).toMatch(/can be given from \d{4}-\d{2}-\d{2}/);

    // The days pass.
    await inDatabase((client) => client.query("update order_adverse_actions set final_notice_allowed_on = '2001-01-08' where order_id = $1", [older.id]));
    await page.reload();
    await expect(finish.getByRole('button', { name: 'Record final notice' })).toBeEnabled();
    await finish.getByRole('combobox', { name: /How the final notice was given/ }).click();
    await page.getByRole('option', { name: 'By email' }).click();
    await finish.getByRole('button', { name: 'Record final notice' }).click();

    // Step 3: the final notice, dated; the order says so.
    await expect(steps.nth(2)).toContainText('Given by email on');
    await expect(adverse.getByText('Adverse action taken')).toBeVisible();
    await expect(timeline.getByRole('listitem').last()).toContainText('Final adverse action noticeGiven by email by');
    await expect(page.getByRole('heading', { level: 1 }).locator('xpath=..')).toContainText('Adverse action taken');
    await expect(adverse.getByRole('form')).toHaveCount(0);
    await expectAccessible(page);
    await snapAtWidths(page, 'review-order-adverse-action');
  });
});
