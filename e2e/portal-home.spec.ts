// Home: the demo Manager sees the company's MVR order health at a glance — a chart of the last 30
// days' MVR orders by outcome and of those pending or in error, with a text alternative — and opens
// the order list filtered to one outcome from its table, with the keyboard. The demo data has the
// drivers for every sandbox answer but no orders, so the journey orders one MVR per answer first.
import type { APIRequestContext, Locator } from '@playwright/test';
import { DEMO_USERS, expect, signInApi, test } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const letters = (length: number) => Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

interface PlacedOrder {
  id: string;
  subjectLabel: string;
}

/**
 * An auto-adjudicated MVR of a Californian driver; the licence's last digit picks the sandbox's
 * answer (README): 0 Pass, 2 Fail, 6 NoResults, 7 NotFulfilled, 8 a provider error (Error after
 * about a minute of retries, pending until then).
 */
async function placeMvr(request: APIRequestContext, headers: Record<string, string>, lastName: string, lastDigit: number): Promise<PlacedOrder> {
  const response = await request.post('/api/v1/orders/create-mvr-order?isAutoAdjudicated=true', {
    headers,
    data: {
      permissiblePurpose: 'WRITTEN_CONSENT',
      tags: ['e2e-home'],
      driver: { firstName: 'Hana', lastName, dateOfBirth: '1984-04-20', licenceState: 'CA', licenceNumber: `D${digits(6)}${lastDigit}` },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as PlacedOrder;
}

async function waitForComplete(request: APIRequestContext, headers: Record<string, string>, id: string) {
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/orders/${id}`, { headers })).json()) as { status: string }).status, { timeout: 45_000, message: `order ${id} to complete` })
    .toBe('Complete');
}

/** The count in a row of the health tables (its last cell). */
const countIn = async (row: Locator) => Number((await row.getByRole('cell').last().innerText()).replace(/\D/g, ''));

test.describe.serial('home: MVR order health', () => {
  // Orders to fulfil first, on a 2-core machine shared with the server and the other journeys.
  test.describe.configure({ timeout: 120_000 });

  let headers: Record<string, string>;
  let lastName: string;
  let failed: PlacedOrder;

  test.beforeAll(async ({ request }) => {
    headers = { authorization: `Bearer ${(await signInApi(request, DEMO_USERS.manager)).idToken}` };
    lastName = `Home${letters(1).toUpperCase()}${letters(6)}`;
    const [pass, fail, noResults, notFulfilled] = await Promise.all([0, 2, 6, 7].map((digit) => placeMvr(request, headers, lastName, digit)));
    // Ends in Error only after its retries: it is pending while this journey runs.
    await placeMvr(request, headers, lastName, 8);
    for (const order of [pass!, fail!, noResults!, notFulfilled!]) await waitForComplete(request, headers, order.id);
    failed = fail!;
  });

  test('the demo Manager reads the chart and its table, and opens the failed orders from it with the keyboard', async ({ page, request }) => {
    await signInUi(page, DEMO_USERS.manager);
    await expect(page).toHaveTitle('Home · Clearlane');
    const section = page.getByRole('region', { name: 'MVR order health' });
    await expect(section).toBeVisible();

    // The charts, drawn (bars in the SVG), each named by a sentence that says every count.
    const chart = section.getByRole('img', { name: /^Bar chart of completed MVR orders by outcome: Pass \d+, Fail \d+, Indeterminate \d+, No results \d+, Not fulfilled \d+/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator('.recharts-bar-rectangle path').first()).toBeVisible();
    await expect(section.getByRole('img', { name: /^Bar chart of MVR orders pending, failed or in error: New \d+, Ordered \d+, Received \d+, Failed \d+, Error \d+\.$/ })).toBeVisible();

    // Every outcome the journey ordered is counted; the provider error is pending or in error.
    const outcomes = section.getByRole('table', { name: 'Completed, by outcome' });
    for (const outcome of ['Pass', 'Fail', 'No results', 'Not fulfilled']) {
      const row = outcomes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: outcome, exact: true }) });
      expect(await countIn(row), `${outcome} orders`).toBeGreaterThanOrEqual(1);
      await expect(row.getByRole('link', { name: outcome, exact: true })).toBeVisible();
    }
    await expect(outcomes.getByRole('rowheader', { name: 'Indeterminate', exact: true })).toBeVisible();
    const unfinished = section.getByRole('table', { name: 'Pending, failed or in error' });
    let stillOpen = 0;
    for (const status of ['New', 'Ordered', 'Received', 'Failed', 'Error']) {
      stillOpen += await countIn(unfinished.getByRole('row').filter({ has: page.getByRole('rowheader', { name: status, exact: true }) }));
    }
    expect(stillOpen, 'MVRs pending, failed or in error').toBeGreaterThanOrEqual(1);

    // The figures agree with the API (other journeys may order meanwhile: at least what was asked).
    const metrics = (await (await request.get('/api/v1/orders/health/mvr-metrics', { headers })).json()) as { total: number };
    const total = Number((await section.getByRole('definition').first().innerText()).replace(/\D/g, ''));
    expect(total).toBeGreaterThanOrEqual(5);
    expect(total).toBeLessThanOrEqual(metrics.total);

    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/home.png', fullPage: true, animations: 'disabled' });
    await snap(page, 'home-mvr-health-manager');

    // Keyboard: the "Fail" row's link takes focus and Enter opens the list filtered to it.
    const failLink = outcomes.getByRole('link', { name: 'Fail', exact: true });
    await failLink.focus();
    await expect(failLink).toBeFocused();
    await page.keyboard.press('Enter');
    // The MVRs with that outcome: both MVR types, no other order type.
    await expect(page).toHaveURL(/\/orders\?type=%5B%22MVR%22%2C%22MVR_WITH_ADJUDICATION%22%5D&outcome=Fail&from=\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Outcome' })).toHaveValue('Fail');
    await page.getByRole('textbox', { name: 'Search' }).fill(lastName);
    const table = page.getByRole('table', { name: 'Orders' });
    await expect(table.getByRole('link', { name: failed.subjectLabel })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2); // the header and the one failed order
  });

  test('a Viewer, who may view orders, sees it too', async ({ page }) => {
    await signInUi(page, DEMO_USERS.viewer);
    const section = page.getByRole('region', { name: 'MVR order health' });
    await expect(section.getByRole('table', { name: 'Completed, by outcome' })).toBeVisible();
    await expect(section.getByRole('img', { name: /^Bar chart of completed MVR orders by outcome/ })).toBeVisible();
  });
});
