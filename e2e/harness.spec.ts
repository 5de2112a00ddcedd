// The harness itself: Debian's Chromium starts, tenant hosts reach the server, axe reports violations.
import { statSync } from 'node:fs';
import { expect, expectNoAxeViolations, saveScreenshot, tenantUrl, test } from './fixtures.ts';

const ACCESSIBLE = `<!doctype html><html lang="en"><head><title>Harness</title></head>
  <body><main><h1>Harness</h1><p>Plain, accessible content.</p></main></body></html>`;

test('axe passes an accessible page and reports an inaccessible one', async ({ page, axe }) => {
  await page.setContent(ACCESSIBLE);
  await axe.expectNoAxeViolations(page);
  expect(statSync(await saveScreenshot(page, 'harness accessible page')).size).toBeGreaterThan(1_000);

  await page.setContent('<!doctype html><html><body><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></body></html>');
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt/);
});

test('the browser reaches the server at a tenant host (*.localhost)', async ({ page }) => {
  const response = await page.goto(tenantUrl('acme', '/api/v1/health'));
  expect(response?.status()).toBe(200);
  expect(await response?.json()).toEqual(expect.objectContaining({ status: 'up' }));
});
