// Report bundles (issue 10): 25 clean-record MVRs are placed from a sheet (one report group). A
// Manager selects the 25 orders on /orders, asks for one merged PDF, follows it on /downloads, is
// told when it is ready and downloads it: a PDF whose pages are the contents page plus
// every report's own pages. The report group is then downloaded as a zip of 25 PDFs with a manifest.
// Then /downloads with a bundle being built, a ready one and a failed one (states set in the
// database, as a crashed or slow build would leave them), and a driver's MVRs from the driver's
// page as condensed text. Axe on the dialog and /downloads;
// screenshots at 1440 and 390 px wide.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Download as FileDownload, Page } from '@playwright/test';
import pg from 'pg';
import type { DownloadDetail } from '@clearlane/contract/downloads';
import { DEMO_USERS, expect, SCREENSHOT_DIR, signInApi, test, tenantUrl } from './fixtures.ts';
import { californianDrivers, csvOf, letters } from './support/bulk-sheet.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const ORDERS = 25;
const WIDTHS = [
  [1440, 900],
  [390, 844],
] as const;
// Building a bundle on the 2-core CI machine (and fulfilling 25 orders before) takes its time.
const slowExpect = expect.configure({ timeout: 60_000 });

async function authHeaders(request: APIRequestContext) {
  const { idToken } = await signInApi(request, DEMO_USERS.manager);
  return { authorization: `Bearer ${idToken}` };
}

/** Screenshots at both widths: the whole page, or (a dialog, the top of a long list) what the screen shows. */
async function snapAtWidths(page: Page, name: string, { fullPage = true } = {}) {
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    if (fullPage) await snap(page, `${name}-${width}`);
    else await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`), animations: 'disabled' });
  }
  await page.setViewportSize({ width: WIDTHS[0][0], height: WIDTHS[0][1] });
}

/** Places the sheet's orders through the API and waits until every one is complete. */
async function placeGroup(request: APIRequestContext, lastName: string): Promise<{ id: string; name: string }> {
  const headers = await authHeaders(request);
  const upload = await request.post('/api/v1/orders', {
    headers,
    multipart: { file: { name: `${lastName}.csv`, mimeType: 'text/csv', buffer: csvOf(californianDrivers(ORDERS, lastName)) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { reportGroupId } = (await upload.json()) as { reportGroupId: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/reports/groups/${reportGroupId}`, { headers })).json()) as { progress: { byStatus: Record<string, number> } }).progress.byStatus.Complete ?? 0, {
      timeout: 120_000,
      message: 'the 25 orders to complete',
    })
    .toBe(ORDERS);
  const group = (await (await request.get(`/api/v1/reports/groups/${reportGroupId}`, { headers })).json()) as { id: string; name: string };
  return { id: group.id, name: group.name };
}

/** The newest download of the Manager, as the API has it. */
async function newestDownload(request: APIRequestContext): Promise<DownloadDetail> {
  const headers = await authHeaders(request);
  const list = (await (await request.get('/api/v1/orders/download?sort=createdAt,desc&size=1', { headers })).json()) as { content: { id: string }[] };
  return (await (await request.get(`/api/v1/orders/download/${list.content[0]!.id}`, { headers })).json()) as DownloadDetail;
}

/** Clicks a ready bundle's Download button and answers the saved file's path. */
async function downloadFrom(page: Page, fileName: string): Promise<{ path: string; file: FileDownload }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `Download ${fileName}` }).click()]);
  expect(file.suggestedFilename()).toBe(fileName);
  const path = join(mkdtempSync(join(tmpdir(), 'bundle-')), fileName);
  await file.saveAs(path);
  return { path, file };
}

const pdfPages = (path: string) => Number(/^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]);

test.describe.serial('report bundles', () => {
  let lastName: string;
  let group: { id: string; name: string };

  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000);
    lastName = `Bundle${letters(1).toUpperCase()}${letters(6)}`;
    group = await placeGroup(request, lastName);
  });

  test('a Manager selects 25 orders, downloads them as one PDF, and follows its progress on /downloads', async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInUi(page, DEMO_USERS.manager);
    await page.goto(tenantUrl('acme', `/orders?filter=${lastName}&size=50`));
    const table = page.getByRole('table', { name: 'Orders' });
    await expect(table.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(ORDERS);
    await table.getByRole('checkbox', { name: 'Select every order on this page' }).check();
    const bar = page.getByRole('region', { name: 'Selected orders' });
    await expect(bar).toContainText(`${ORDERS} orders selected`);
    await snapAtWidths(page, 'downloads-orders-selection', { fullPage: false });

    await bar.getByRole('button', { name: 'Download reports' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download reports' });
    await expect(dialog).toContainText(`${ORDERS} of the ${ORDERS} selected orders are complete MVRs and go in the bundle.`);
    await expect(dialog.getByRole('radio', { name: 'One PDF' })).toBeChecked();
    await expectAccessible(page);
    await snapAtWidths(page, 'downloads-dialog', { fullPage: false });

    await dialog.getByRole('button', { name: `Prepare ${ORDERS} reports` }).click();
    const started = page.getByRole('status').filter({ hasText: 'Preparing your download' });
    await expect(started).toContainText(`${ORDERS} reports as one PDF.`);
    await started.getByRole('button', { name: 'View downloads' }).click();
    await expect(page).toHaveURL(tenantUrl('acme', '/downloads'));
    await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();

    // The bundle is built in the background: its row shows how far it has got, then its file.
    const bundle = await newestDownload(request);
    expect(bundle.orderCount).toBe(ORDERS);
    const row = page.getByRole('table', { name: 'Downloads' }).getByRole('row').filter({ hasText: bundle.fileName });
    await expect(row).toContainText(`${ORDERS} MVR reports · one PDF with contents`);
    // 25 reports build in a second or two here, often before the list has loaded: the row may show
    // its progress bar or already its file. (The moving bar is the unit test's and the last journey's.)
    await slowExpect(row).toContainText('Ready');
    // The shell's watcher says so, with the file a click away; the toast sits at the bottom, off the heading.
    const ready = page.getByRole('status').filter({ hasText: 'Your download is ready' });
    await slowExpect(ready).toBeVisible();
    const heading = await page.getByRole('heading', { level: 1, name: 'Downloads' }).boundingBox();
    const toast = await ready.boundingBox();
    expect(toast!.y).toBeGreaterThan(heading!.y + heading!.height);
    await expectAccessible(page);

    const { path } = await downloadFrom(page, bundle.fileName);
    expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The right pages: the contents, then every report as its own standard PDF has it.
    const headers = await authHeaders(request);
    let reportPages = 0;
    for (const orderId of bundle.mvrOrders) {
      const one = await request.get(`/api/v1/orders/${orderId}/mvr/report?format=MVR_STANDARD_REPORT`, { headers: { ...headers, accept: 'application/pdf' } });
      expect(one.status()).toBe(200);
      const onePath = join(tmpdir(), `one-${orderId}.pdf`);
      writeFileSync(onePath, await one.body());
      reportPages += pdfPages(onePath);
    }
    const contentsPages = pdfPages(path) - reportPages;
    expect(contentsPages).toBeGreaterThanOrEqual(1);
    expect(contentsPages).toBeLessThanOrEqual(2);
    const firstPage = execFileSync('pdftotext', ['-f', '1', '-l', '1', path, '-'], { encoding: 'utf8' });
    expect(firstPage).toContain('MVR reports — contents');
    expect(firstPage).toContain(lastName);
    // The download was recorded: who and when.
    const after = (await (await request.get(`/api/v1/orders/download/${bundle.id}`, { headers })).json()) as DownloadDetail;
    expect(after.downloadCount).toBe(1);
    expect(after.accesses[0]!.userName).toBe('Max Manager');
  });

  test('a report group is downloaded as a zip of PDFs with a manifest', async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInUi(page, DEMO_USERS.manager);
    await page.goto(tenantUrl('acme', `/reports/group/${group.id}`));
    await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
    await page.getByRole('button', { name: 'Download reports' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download reports' });
    await expect(dialog).toContainText(`${ORDERS} reports of the report group “${group.name}”: every complete MVR among them.`);
    await dialog.getByRole('radio', { name: 'A zip of PDFs' }).click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: `Prepare ${ORDERS} reports` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Preparing your download' })).toContainText(`${ORDERS} reports as a zip of PDFs.`);

    const bundle = await newestDownload(request);
    expect(bundle.fileName).toMatch(/\.zip$/);
    expect(bundle.mergeIntoSingleReport).toBe(false);
    await page.getByRole('link', { name: 'Downloads' }).click();
    const row = page.getByRole('table', { name: 'Downloads' }).getByRole('row').filter({ hasText: bundle.fileName });
    await expect(row).toContainText(`${ORDERS} MVR reports · zip of PDFs with a manifest`);
    await slowExpect(row).toContainText('Ready');

    const { path } = await downloadFrom(page, bundle.fileName);
    const entries = execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).trim().split('\n');
    expect(entries.filter((entry) => entry.endsWith('.pdf'))).toHaveLength(ORDERS);
    expect(entries).toContain('manifest.csv');
    const manifest = execFileSync('unzip', ['-p', path, 'manifest.csv'], { encoding: 'utf8' }).trim().split(/\r?\n/);
    expect(manifest).toHaveLength(ORDERS + 1);
    expect(manifest.slice(1).every((line) => line.includes(lastName))).toBe(true);
  });

  test('/downloads shows a bundle being built, a ready one and a failed one', async ({ page, request }) => {
    test.setTimeout(120_000);
    // Two more small bundles (text, zip of 3), then set in the database as a slow and a failed build leave them.
    const headers = await authHeaders(request);
    const ids = (await newestDownload(request)).mvrOrders.slice(0, 3);
    const made: string[] = [];
    for (const body of [{ mvrOrders: ids, mergeIntoSingleReport: true, textOnly: true }, { mvrOrders: ids, mergeIntoSingleReport: false, textOnly: false }]) {
      const response = await request.post('/api/v1/orders/download/generate-mvr-reports-download', { headers, data: body });
      expect(response.status(), await response.text()).toBe(202);
      made.push(((await response.json()) as DownloadDetail).id);
    }
    for (const id of made) {
      await expect.poll(async () => ((await (await request.get(`/api/v1/orders/download/${id}`, { headers })).json()) as DownloadDetail).status, { timeout: 60_000 }).toBe('Complete');
    }
    const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await client.connect();
    try {
      await client.query("update downloads set status = 'Processing', progress_done = 1, completed_at = null, size = null where id = $1", [made[0]]);
      await client.query("update downloads set status = 'Failed', completed_at = null, size = null, failure_reason = $2 where id = $1", [
        made[1],
        'The report of one order could not be read (the provider’s document was damaged).',
      ]);
    } finally {
      await client.end();
    }

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInUi(page, DEMO_USERS.manager);
    await page.goto(tenantUrl('acme', '/downloads'));
    const table = page.getByRole('table', { name: 'Downloads' });
    await expect(table.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '1 of 3 reports done');
    await expect(table.getByRole('row').filter({ hasText: 'Failed' })).toContainText('the provider’s document was damaged');
    await expect(table.getByRole('link', { name: /^Download mvr-reports/ }).first()).toBeVisible();
    await expectAccessible(page);
    await snapAtWidths(page, 'downloads-page');
  });

  test('a driver’s MVRs are downloaded from the driver’s page', async ({ page, request }) => {
    // Maria Lopez (demo data: a clean record at once) gets an MVR; her page bundles every complete one she has.
    const headers = await authHeaders(request);
    const drivers = (await (await request.get('/api/v1/person/company/me?filter=Lopez', { headers })).json()) as { content: { id: string; fullName: string }[] };
    const maria = drivers.content.find((person) => person.fullName === 'Maria Lopez')!;
    const personId = maria.id;
    const placed = await request.post('/api/v1/orders/create-mvr-order', { headers, data: { permissiblePurpose: 'WRITTEN_CONSENT', personId } });
    expect(placed.status(), await placed.text()).toBe(201);
    const { id: orderId } = (await placed.json()) as { id: string };
    await expect.poll(async () => ((await (await request.get(`/api/v1/orders/${orderId}`, { headers })).json()) as { status: string }).status, { timeout: 30_000 }).toBe('Complete');
    let complete = 0;
    for (const type of ['MVR', 'MVR_WITH_ADJUDICATION']) {
      const counted = (await (await request.get(`/api/v1/orders?personId=${personId}&type=${type}&status=Complete&size=1`, { headers })).json()) as { page: { totalElements: number } };
      complete += counted.page.totalElements;
    }
    const reportsText = `${complete} ${complete === 1 ? 'report' : 'reports'}`;

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInUi(page, DEMO_USERS.manager);
    await page.goto(tenantUrl('acme', `/drivers/${personId}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Maria Lopez' })).toBeVisible();
    await page.getByRole('button', { name: 'Download reports' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download reports' });
    await expect(dialog).toContainText(`${reportsText} of the MVRs of Maria Lopez: every complete MVR among them.`);
    await dialog.getByRole('radio', { name: 'Condensed text only' }).click();
    await dialog.getByRole('button', { name: `Prepare ${reportsText}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Preparing your download' })).toContainText(`${reportsText} as condensed text.`);
    const bundle = await newestDownload(request);
    expect(bundle).toMatchObject({ orderCount: complete, textOnly: true, mergeIntoSingleReport: true, contentType: 'text/plain; charset=utf-8' });
    expect(bundle.mvrOrders).toContain(orderId);
    // Told on the driver's page when it is ready.
    await slowExpect(page.getByRole('status').filter({ hasText: 'Your download is ready' })).toContainText(bundle.fileName);
  });
});
