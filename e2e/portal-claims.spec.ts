// Claims, the pages around the form (issue 11): a truck-and-trailer claim with two drivers is filed
// through the API with their two MVRs attached (a clean record and a DUI); a Manager finds it on
// /claims, opens it (reports judged by the default ruleset, ready to publish), publishes it; the
// notice is changed through the API (an Update), the Manager publishes again, and snapshot 2 shows
// the field that changed with before and after, and downloads as a PDF. A Viewer sees the claim but
// neither Publish nor Edit nor a way to attach. Axe on the list, the claim and the snapshot;
// screenshots at 1440 and 390 px wide. (Filling the form in the browser is the form's own journey.)
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { vinCheckDigit } from '@clearlane/contract/domain/vin';
import { DEMO_USERS, expect, signInApi, test, tenantUrl } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const WIDTHS = [
  [1440, 900],
  [390, 844],
] as const;

const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
/** A valid VIN (a Freightliner's) with the given serial; its check digit computed. */
const validVin = (serial: string) => {
  const draft = `1FUJGLDR0CL${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
};
const policyNumber = `CA-${digits(5)}-E2E`;
// The sandbox answers by the licence's last digit: 0 a clean record, 3 a DUI.
const drivers = [
  { firstName: 'Dana', lastName: `Claimant${digits(4)}`, dateOfBirth: '1984-03-12', licenceNumber: `D${digits(6)}0`, licenceState: 'CA' },
  { firstName: 'Luis', lastName: `Claimant${digits(4)}`, dateOfBirth: '1979-07-30', licenceNumber: `D${digits(6)}3`, licenceState: 'CA' },
];

const notice = (damage: string) => ({
  policy: { policyNumber, insurer: 'Great Plains Mutual', effectiveDate: '2026-01-01', expirationDate: '2027-01-01' },
  loss: {
    occurredAt: '2026-11-20T14:30:00Z',
    location: { street: 'I-80 mile marker 212', city: 'Lincoln', state: 'NE' },
    description: 'Trailer swung into the next lane while braking on ice and struck a pickup.',
    fatalities: 0, injuryTreatedAwayFromScene: false, vehicleTowedWithDisablingDamage: false, driverCitedForMovingViolation: false,
  },
  coverages: ['Liability', 'Physical_Damage'],
  vehicles: [
    { type: 'Truck', unitNumber: 'T-41', vin: validVin('100001'), plate: { number: 'TRK 4410', state: 'NE' }, damage },
    { type: 'Trailer', unitNumber: 'R-07', vin: validVin('200002') },
  ],
  drivers: drivers.map((driver) => ({
    source: 'TYPED_IN', firstName: driver.firstName, lastName: driver.lastName, dateOfBirth: driver.dateOfBirth, licence: { number: driver.licenceNumber, state: driver.licenceState },
  })),
});

async function headersOf(request: APIRequestContext, email: string) {
  const { idToken } = await signInApi(request, email);
  return { authorization: `Bearer ${idToken}` };
}

/** A fresh browser context per user (axe needs a page of browser.newContext()). */
async function pageOf(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInUi(page, email);
  return page;
}

async function snapAtWidths(page: Page, name: string) {
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await snap(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: WIDTHS[0][0], height: WIDTHS[0][1] });
}

test.describe.serial('claims', () => {
  test.describe.configure({ timeout: 120_000 });
  let claimId = '';

  test.beforeAll(async ({ request }) => {
    const agent = await headersOf(request, DEMO_USERS.agent);
    const orderIds: string[] = [];
    for (const driver of drivers) {
      const placed = await request.post('/api/v1/orders/create-mvr-order', { headers: agent, data: { permissiblePurpose: 'WRITTEN_CONSENT', driver } });
      expect(placed.status(), await placed.text()).toBe(201);
      orderIds.push(((await placed.json()) as { id: string }).id);
    }
    for (const id of orderIds) {
      await expect
        .poll(async () => ((await (await request.get(`/api/v1/orders/${id}`, { headers: agent })).json()) as { status: string }).status, { timeout: 60_000, message: `order ${id} to complete` })
        .toBe('Complete');
    }
    const filed = await request.post('/api/v1/claims', { headers: agent, data: { formData: notice('Right front bumper and fairing scraped.') } });
    expect(filed.status(), await filed.text()).toBe(201);
    claimId = ((await filed.json()) as { id: string }).id;
    for (const id of orderIds) {
      const attached = await request.post(`/api/v1/claims/${claimId}/${id}`, { headers: agent, data: {} });
      expect(attached.status(), await attached.text()).toBe(200);
    }
  });

  test('a Manager finds the claim, publishes it, and after an update publishes snapshot 2, which shows what changed', async ({ browser, request }) => {
    const page = await pageOf(browser, DEMO_USERS.manager);

    // The list, filtered in the URL by the policy number.
    await page.goto(tenantUrl('acme', `/claims?filter=${policyNumber}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Claims' }).getByRole('row').filter({ hasText: policyNumber });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Complete')).toBeVisible();
    await expect(page.getByRole('link', { name: 'New claim' })).toBeVisible();
    await expectAccessible(page);
    await snapAtWidths(page, 'claims-list');

    await row.getByRole('link', { name: `Policy ${policyNumber}` }).click();
    await expect(page).toHaveURL(tenantUrl('acme', `/claims/${claimId}`));
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Policy ${policyNumber}`) })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to publish' })).toBeVisible();
    // Both MVRs, judged by the default ruleset: the DUI fails, which does not keep the claim from being published.
    const reports = page.getByRole('list', { name: 'Attached reports' });
    await expect(reports.getByRole('listitem')).toHaveCount(2);
    await expect(reports.getByRole('listitem').filter({ hasText: drivers[1]!.lastName }).getByText('Fail', { exact: true })).toBeVisible();
    // The notice by section, labelled by the form.
    await expect(page.getByRole('region', { name: 'Our vehicles › 1' }).getByText('Right front bumper and fairing scraped.')).toBeVisible();
    await expectAccessible(page);
    await snapAtWidths(page, 'claims-detail-ready');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Published as snapshot 1' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Snapshot 1' })).toBeVisible();

    // An Agent changes the notice: the claim becomes an Update of snapshot 1.
    const agent = await headersOf(request, DEMO_USERS.agent);
    const edited = await request.put(`/api/v1/claims/${claimId}`, { headers: agent, data: { formData: notice('Bumper, fairing and headlamp damaged; estimate attached.') } });
    expect(edited.status(), await edited.text()).toBe(200);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Publish the update' })).toBeVisible();
    const timeline = page.getByRole('list', { name: 'Claim history, oldest first' });
    await expect(timeline.getByRole('list', { name: 'Fields changed by this edit' })).toContainText('Our vehicles › 1 › Damage');
    await page.getByRole('button', { name: 'Publish the update' }).click();
    await expect(page.getByRole('heading', { name: 'Published as snapshot 2' })).toBeVisible();

    await page.getByRole('link', { name: 'Snapshot 2 (update)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Snapshot 2 of Policy ${policyNumber}`) })).toBeVisible();
    const differences = page.getByRole('region', { name: 'Differences from snapshot 1' });
    const changed = differences.getByRole('row').filter({ hasText: 'Our vehicles › 1 › Damage' });
    await expect(changed).toContainText('Right front bumper and fairing scraped.');
    await expect(changed).toContainText('Bumper, fairing and headlamp damaged; estimate attached.');
    // Each report with its fingerprint.
    await expect(page.getByRole('list', { name: 'Reports of the snapshot' }).getByText(/^[0-9a-f]{64}$/)).toHaveCount(2);
    await expectAccessible(page);
    await snapAtWidths(page, 'claims-snapshot-2');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await readFile((await download.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.context().close();
  });

  test('a Viewer reads the claim but has no Publish, Edit or way to attach', async ({ browser }) => {
    const page = await pageOf(browser, DEMO_USERS.viewer);
    await page.goto(tenantUrl('acme', `/claims/${claimId}`));
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Policy ${policyNumber}`) })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Attached reports' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Detach/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Attach an existing order' })).toHaveCount(0);
    await expectAccessible(page);
    await page.goto(tenantUrl('acme', '/claims'));
    await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New claim' })).toHaveCount(0);
    await snapAtWidths(page, 'claims-list-viewer');
    await page.context().close();
  });
});
