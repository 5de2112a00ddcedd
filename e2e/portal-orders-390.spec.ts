// The orders page on a phone (issue 13), 390 × 844: with 21 orders of one tag, each of the 20 rows
// of the first page shows its subject, status and outcome inside the screen, the page does not
// scroll sideways and is not thousands of pixels tall (rows stay rows), and rows can still be
// selected. The empty MVR form's submit shows every error with no list open over them. Axe on both.
import { DEMO_USERS, expect, signInApi, tenantUrl, test } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const PHONE = { width: 390, height: 844 };
const ORDERS = 21;
const letters = (length: number) => Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');

test.use({ viewport: PHONE });

test('the orders page at 390 px keeps subject, status and outcome on screen for every row, and rows can be selected', async ({ page, request }) => {
  test.slow();
  const tokens = await signInApi(request, DEMO_USERS.admin);
  const headers = { authorization: `Bearer ${tokens.idToken}` };
  const tag = `e2e-390-${letters(8)}`;
  // Long names, as real drivers have, and the licence's last digit picks the sandbox's answer (0 Pass, 2 Fail, 7 Not fulfilled).
  for (let index = 0; index < ORDERS; index++) {
    const response = await request.post('/api/v1/orders/create-mvr-order?isAutoAdjudicated=true', {
      headers,
      data: {
        permissiblePurpose: 'WRITTEN_CONSENT',
        tags: [tag],
        driver: {
          firstName: index % 2 ? 'Maximiliana' : 'Jo',
          lastName: `Fitzgerald-Whitmore ${letters(4)}`,
          dateOfBirth: '1984-04-20',
          licenceState: 'CA',
          licenceNumber: `D${String(100000 + index * 17).padStart(6, '0')}${[0, 2, 7][index % 3]}`,
        },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  await signInUi(page, DEMO_USERS.admin);
  await page.goto(tenantUrl('acme', `/orders?tag=${tag}`));
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await expect(page.getByText(`1–20 of ${ORDERS} orders`)).toBeVisible();
  // The key columns are the ones shown; the selection column does not push Outcome off the screen.
  const titles = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  expect(titles).toEqual(['Subject', 'Status', 'Outcome']);
  // A full table never says it has no records.
  await expect(page.getByText('No records')).toHaveCount(0);

  for (let index = 0; index < 20; index++) {
    const cells = rows.nth(index).locator('td');
    await expect(cells.nth(1).getByRole('link')).toBeVisible();
    for (const column of [1, 2, 3]) {
      const box = (await cells.nth(column).boundingBox())!;
      expect(box.x, `row ${index + 1}, column ${column}: starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `row ${index + 1}, column ${column}: ends on screen`).toBeLessThanOrEqual(PHONE.width);
    }
    // A row is a row, not a tall block of one word per line (a long name takes 4 lines, its tag one more).
    expect((await rows.nth(index).boundingBox())!.height, `row ${index + 1}'s height`).toBeLessThan(160);
  }
  const { overflow, height } = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    height: document.documentElement.scrollHeight,
  }));
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  expect(height, 'the page is this tall for 20 rows').toBeLessThan(2500);

  // Selection still works on a phone.
  const first = rows.first();
  const checkbox = first.getByRole('checkbox');
  await checkbox.check();
  await expect(checkbox).toBeChecked();
  await expect(page.getByRole('region', { name: 'Selected orders' })).toContainText('1 order selected');
  await expectAccessible(page);
  await snap(page, 'orders-390');
});

test('the empty MVR form\'s submit shows every error, with no list open over them', async ({ page }) => {
  await signInUi(page, DEMO_USERS.agent);
  await page.goto(tenantUrl('acme', '/orders/mvr/single-order'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: 'Type in a new driver' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();

  const form = page.getByRole('form', { name: 'MVR order' });
  for (const error of ['Licence number is required', 'Choose the state that issued the licence', 'Choose the permissible purpose of this order']) {
    await expect(form.getByText(error)).toBeVisible();
  }
  await expect(form.locator('[aria-invalid="true"]').first()).toBeFocused();
  expect(await form.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(5);
  await expect(page.getByRole('listbox')).toHaveCount(0);

  // With a driver of the company to pick: focus lands on the picker, a searchable select, and its list stays shut.
  await page.getByRole('radio', { name: 'A driver of your company' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(form.getByText('Choose a driver, or type in a new one')).toBeVisible();
  await expect(form.getByText('Choose the permissible purpose of this order')).toBeVisible();
  await expect(form.locator('[aria-invalid="true"]').first()).toBeFocused();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'mvr-form-errors-390');
});
