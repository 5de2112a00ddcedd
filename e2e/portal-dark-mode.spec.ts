// Dark mode, focus and toasts (issue 13). A browser that prefers dark gets the dark portal; axe
// (WCAG 2 A/AA, colour contrast included) passes in it on the main pages: home, orders, an order,
// its report, drivers, users, downloads, and the pages built beside dark mode: claims, a claim with
// its attached report, DOT scores and a carrier's quality report (charts), rules. Text inputs show a
// 2 px focus ring; a heading focused on arrival shows none. Choosing Light in the user menu sticks after a reload, and is applied by
// public/color-scheme.js before the app's code runs (no flash of the dark scheme). The light
// scheme's axe checks are the other journeys' (they run in Playwright's default, light).
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_USERS, expect, signInApi, test, tenantUrl } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

/** An adjudicated MVR (licence ending in 3: a DUI, so the outcome is Fail: red badges, a deciding rule). */
async function placeMvr(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${(await signInApi(request, DEMO_USERS.admin)).idToken}` };
  const response = await request.post('/api/v1/orders/create-mvr-order?isAutoAdjudicated=true&ruleNamespace=default', {
    headers,
    data: { permissiblePurpose: 'WRITTEN_CONSENT', driver: { firstName: 'Dara', lastName: 'Nightingale', dateOfBirth: '1984-02-17', licenceState: 'CA', licenceNumber: `D${digits(6)}3` } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  // Fulfilment jobs run in order behind whatever other journeys queued: generous, but bounded.
  await expect
    .poll(async () => (await request.get(`/api/v1/reports/${id}`, { headers })).status(), { timeout: 180_000, intervals: [500, 1_000, 2_000], message: `report ${id} to complete` })
    .toBe(200);
  return { id, headers };
}

/** A draft claim with the MVR attached, and a watched carrier that alerts (sandbox: last digit 2). */
async function seedClaimAndCarrier(request: APIRequestContext, orderId: string, headers: Record<string, string>) {
  const filed = await request.post('/api/v1/claims', { headers, data: { formData: { policy: { policyNumber: `DK-${digits(6)}` } } } });
  expect(filed.status(), await filed.text()).toBe(201);
  const claimId = ((await filed.json()) as { id: string }).id;
  const attached = await request.post(`/api/v1/claims/${claimId}/${orderId}`, { headers, data: {} });
  expect(attached.status(), await attached.text()).toBe(200);
  const dotNumber = `${digits(6)}2`;
  const scored = await request.post('/api/v1/scores/dot/quality', { headers, data: [dotNumber] });
  expect(scored.status(), await scored.text()).toBe(200);
  return { claimId, dotNumber };
}

const schemeOf = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

/** The page's background, as relative luminance (0 black … 1 white). */
const backgroundLuminance = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+(\.\d+)?/g)!.map(Number) as [number, number, number];
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  });

async function chooseScheme(page: Page, label: 'System' | 'Light' | 'Dark') {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  const option = page.getByRole('menuitemradio', { name: label });
  await option.click();
  await expect(option).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
}

test('dark mode follows the system, passes axe on the main pages, and Light chosen in the user menu sticks', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { id: orderId, headers } = await placeMvr(request);
  const { claimId, dotNumber } = await seedClaimAndCarrier(request, orderId, headers);
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await signInUi(page, DEMO_USERS.admin);
  expect(await schemeOf(page)).toBe('dark');
  expect(await backgroundLuminance(page)).toBeLessThan(0.05);

  const pages: [path: string, heading: RegExp | string][] = [
    ['/', /^Welcome,/],
    ['/orders', 'Orders'],
    [`/orders/${orderId}`, /Nightingale/],
    [`/reports/${orderId}`, /Nightingale/],
    ['/drivers', 'Drivers'],
    ['/users', 'Users'],
    ['/downloads', 'Downloads'],
    ['/claims', 'Claims'],
    [`/claims/${claimId}`, /^Policy DK-/],
    ['/scores', 'DOT scores'],
    [`/scores/dot-quality?dot=${dotNumber}`, /\S/],
    ['/rules', 'Rules'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(tenantUrl('acme', path));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectAccessible(page);
  }
  await snap(page, 'dark-mode-downloads-dark');

  // Focus: a text input shows a 2 px ring; the order page's heading, focused on arrival, shows none.
  await page.goto(tenantUrl('acme', '/drivers'));
  const search = page.getByRole('textbox', { name: /^Search/ });
  await search.focus();
  await expect(search).toHaveCSS('outline-style', 'solid');
  await expect(search).toHaveCSS('outline-width', '2px');
  // By keyboard, so a focus ring would show if the heading drew one (:focus-visible).
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  // Other journeys place orders meanwhile: search, so the order is on the first page whatever came after it.
  await page.getByRole('textbox', { name: /^Search/ }).fill('Nightingale');
  await expect(page).toHaveURL(/filter=Nightingale/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.getByRole('link', { name: /Nightingale/ }).first().focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: /Nightingale/ });
  await expect(heading).toBeFocused();
  await expect(heading).toHaveCSS('outline-style', 'none');
  await expect(page.getByRole('link', { name: 'Open report' }).locator('.tabler-icon-external-link')).toHaveCount(0);

  // Light, chosen here, wins over the system's dark and survives a reload.
  await chooseScheme(page, 'Light');
  expect(await schemeOf(page)).toBe('light');
  await page.reload();
  await expect(heading).toBeVisible();
  expect(await schemeOf(page)).toBe('light');
  expect(await backgroundLuminance(page)).toBeGreaterThan(0.9);

  // Before any of the app's code runs, public/color-scheme.js has applied the choice: no dark flash.
  const bare = await context.newPage();
  await bare.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await bare.goto(tenantUrl('acme', '/orders'));
  expect(await schemeOf(bare)).toBe('light');
  await bare.close();

  // System again: back to the browser's dark.
  await chooseScheme(page, 'System');
  expect(await schemeOf(page)).toBe('dark');
  await context.close();
});
