// Every list page (users, orders, drivers, businesses, reports) is the one list-page building block:
// on a desktop and on a phone it shows its heading, its filters and its table with its order (a
// sorted column header, or on a phone a "Sort by" choice), the page never scrolls sideways, and
// axe finds nothing; on a phone the filters fold behind one button. Screenshots of each
// (test-results/screenshots/list-<page>-<width>.png) are there to be looked at.
import { DEMO_USERS, expect, tenantUrl, test } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const LISTS = [
  { path: '/users', title: 'Users' },
  { path: '/orders', title: 'Orders' },
  { path: '/drivers', title: 'Drivers' },
  { path: '/businesses', title: 'Businesses' },
  { path: '/reports', title: 'Reports' },
] as const;

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

for (const viewport of WIDTHS) {
  test(`every list page reads well at ${viewport.width} px`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await signInUi(page, DEMO_USERS.admin);
    for (const list of LISTS) {
      await page.goto(tenantUrl('acme', list.path));
      await expect(page.getByRole('heading', { level: 1, name: list.title })).toBeVisible();
      await expect(page.getByRole('search', { name: `Filter ${list.title.toLowerCase()}` })).toBeVisible();
      const table = page.getByRole('table', { name: list.title });
      // first(): a table can hold "No MVR yet" cells of its own.
      await expect(table.or(page.getByText(/^No .* yet$/)).first()).toBeVisible();
      if (await table.isVisible()) {
        await expect(page.getByText(/^\d[\d,]*–\d[\d,]* of /)).toBeVisible();
        if (viewport.width > 400) {
          await expect(table.locator('th[aria-sort="ascending"], th[aria-sort="descending"]')).toHaveCount(1);
        } else {
          // A phone leaves secondary columns out (the sorted one may be among them) and offers the order above the table.
          await expect(page.getByRole('textbox', { name: 'Sort by' }).or(page.getByRole('combobox', { name: 'Sort by' }))).toBeVisible();
        }
      }
      // The page never scrolls sideways (a wide table may, inside its own box).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${list.path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await snap(page, `list-${list.title.toLowerCase()}-${viewport.width}`);
      if (viewport.width < 400 && list.path !== '/reports') {
        // The page's own filters are folded behind one button; the search box stays.
        await expect(page.getByRole('textbox', { name: 'Search' })).toBeVisible();
        const toggle = page.getByRole('button', { name: 'Filters', exact: true });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      }
    }
  });
}
