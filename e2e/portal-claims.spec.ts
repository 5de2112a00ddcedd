// Claims (issue 11), one journey in the browser: an Agent files a claim for a truck-and-trailer
// accident with two drivers on /claims/add-claim — one picked from the company's drivers with the
// companyDriver widget, one typed in — saving a draft first (the form moves to the claim's edit page)
// and being refused an incomplete submission (every missing field named, the first one focused);
// on the claim's page the Agent attaches both drivers' MVRs with the attach form (a clean record and
// a DUI, placed beforehand through the API: the only seeding). A Manager finds the claim on /claims,
// publishes it, edits it (the page says saving starts an Update; leaving unsaved asks first), saves
// a new loss description and publishes the update; snapshot 2 lists the difference with before and
// after and downloads as a PDF. A Viewer sees the claim but neither Publish nor Edit nor a way to
// attach. Axe on every page; no CSP violation in the console (the server sends a strict CSP: the
// form's validators are precompiled); screenshots at 1440 and 390 px wide.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { ClaimDetail } from '@clearlane/contract/claims';
import { DEMO_USERS, expect, signInApi, test, tenantUrl } from './fixtures.ts';
import { expectAccessible, signInUi, snapAtWidths } from './support/portal.ts';

const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
const POLICY = `CA-${digits(5)}-E2E`;
const TRUCK_VIN = '1XKWD49XXFJ439915';
const TRAILER_VIN = '1JJV532D2FL912345';
const DESCRIPTION = 'Our truck and its trailer were rear-ended at a red light on US-77; the trailer was pushed into the truck.';
const DESCRIPTION_UPDATED = `${DESCRIPTION} The other driver was cited.`;
// The sandbox answers an MVR by the licence's last digit: 0 a clean record, 3 a DUI.
const companyDriver = { firstName: 'Dana', lastName: `Claimant${digits(5)}`, dateOfBirth: '1984-03-12', licenceState: 'CA', licenceNumber: `D${digits(6)}0` };
const typedDriver = { firstName: 'Luis', lastName: `Claimant${digits(5)}`, dateOfBirth: '1979-07-30', licenceState: 'CA', licenceNumber: `D${digits(6)}3` };

async function headersOf(request: APIRequestContext, email: string) {
  const { idToken } = await signInApi(request, email);
  return { authorization: `Bearer ${idToken}` };
}

const CSP = /Content Security Policy|unsafe-eval|EvalError/i;
const cspViolations: string[] = [];

/** A fresh browser context per user (axe needs a page of browser.newContext()), its console watched for CSP violations. */
async function pageOf(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  page.on('console', (message) => {
    if (CSP.test(message.text())) cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (CSP.test(error.message)) cspViolations.push(error.message);
  });
  await signInUi(page, email);
  return page;
}

const field = (page: Page, path: string) => page.locator(`#root_${path.replaceAll('.', '_')}`);

/** A react-jsonschema-form choice (a Mantine Select): open it, type to narrow, pick the option. */
async function choose(page: Page, path: string, option: string) {
  const input = field(page, path);
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

/** Picks an order in the claim page's attach form by its subject's licence number, and attaches it. */
async function attachOrder(page: Page, licenceNumber: string) {
  const form = page.getByRole('form', { name: 'Attach an existing order' });
  const picker = form.getByRole('combobox', { name: 'Order' });
  await picker.click();
  await picker.fill(licenceNumber);
  await page.getByRole('option', { name: new RegExp(`^MVR · .*${licenceNumber}\\) · Complete`) }).click();
  await form.getByRole('button', { name: 'Attach' }).click();
  await expect(picker).toHaveValue('');
}

test.describe.serial('claims', () => {
  test.describe.configure({ timeout: 120_000 });
  let claimId = '';
  const orderIds: string[] = [];

  // The only seeding: a driver of the company, and both drivers' MVRs (the sandbox completes them in seconds).
  test.beforeAll(async ({ request }) => {
    const agent = await headersOf(request, DEMO_USERS.agent);
    const created = await request.post('/api/v1/person', { headers: await headersOf(request, DEMO_USERS.admin), data: companyDriver });
    expect(created.status(), await created.text()).toBe(201);
    const { id: personId } = (await created.json()) as { id: string };
    for (const data of [{ personId }, { driver: typedDriver }]) {
      const placed = await request.post('/api/v1/orders/create-mvr-order', { headers: agent, data: { permissiblePurpose: 'WRITTEN_CONSENT', ...data } });
      expect(placed.status(), await placed.text()).toBe(201);
      orderIds.push(((await placed.json()) as { id: string }).id);
    }
  });

  test.afterAll(() => {
    expect(cspViolations).toEqual([]);
  });

  test('an Agent files a truck-and-trailer claim with two drivers and attaches their MVRs', async ({ browser, request }) => {
    const page = await pageOf(browser, DEMO_USERS.agent);
    await page.goto(tenantUrl('acme', '/claims/add-claim'));
    await expect(page.getByRole('heading', { level: 1, name: 'File a claim' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sections of the form' }).getByRole('link')).toHaveCount(11);
    await expectAccessible(page);
    await snapAtWidths(page, 'claims-form-add');

    // A draft: the policy only.
    await field(page, 'policy.policyNumber').fill(POLICY);
    await field(page, 'policy.insurer').fill('Great Plains Mutual');
    await field(page, 'policy.effectiveDate').fill('2026-01-01');
    await field(page, 'policy.expirationDate').fill('2027-01-01');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/claims\/[0-9a-f-]{36}\/edit$/);
    claimId = /\/claims\/([0-9a-f-]{36})\/edit$/.exec(page.url())![1]!;
    await expect(page.getByRole('heading', { level: 1, name: 'Edit claim' })).toBeVisible();
    await expect(field(page, 'policy.policyNumber')).toHaveValue(POLICY);

    // Submitting what is there is refused, field by field, and the first missing field takes the focus.
    await page.getByRole('button', { name: 'Save and submit' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'The claim is not complete yet' });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole('button', { name: 'Loss › Date and time of loss' })).toBeVisible();
    await expect(summary.getByRole('button', { name: 'Our vehicles › 1 › Type' })).toBeVisible();
    await expect(field(page, 'loss.occurredAt')).toBeFocused();
    await expectAccessible(page);

    // The loss.
    await field(page, 'loss.occurredAt').fill('2026-11-20T14:30');
    await field(page, 'loss.location.city').fill('Lincoln');
    await choose(page, 'loss.location.state', 'NE');
    await field(page, 'loss.description').fill(DESCRIPTION);
    await page.getByRole('checkbox', { name: 'Physical damage' }).check();

    // The truck and its trailer.
    await choose(page, 'vehicles.0.type', 'Truck');
    await field(page, 'vehicles.0.vin').fill(TRUCK_VIN);
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    await choose(page, 'vehicles.1.type', 'Trailer');
    await field(page, 'vehicles.1.vin').fill(TRAILER_VIN);

    // Driver 1 from the company's drivers, with the picker; driver 2 typed in.
    const picker = field(page, 'drivers.0.personId');
    await picker.click();
    await picker.fill(companyDriver.lastName);
    await page.getByRole('option', { name: new RegExp(`^${companyDriver.firstName} ${companyDriver.lastName} \\(CA `) }).click();
    await expect(picker).toHaveValue(new RegExp(`^${companyDriver.firstName} ${companyDriver.lastName}`));
    await page.getByRole('button', { name: 'Add driver' }).click();
    await choose(page, 'drivers.1.source', 'Typed in');
    await field(page, 'drivers.1.firstName').fill(typedDriver.firstName);
    await field(page, 'drivers.1.lastName').fill(typedDriver.lastName);
    await field(page, 'drivers.1.dateOfBirth').fill(typedDriver.dateOfBirth);
    await field(page, 'drivers.1.licence.number').fill(typedDriver.licenceNumber);
    await choose(page, 'drivers.1.licence.state', typedDriver.licenceState);

    await snapAtWidths(page, 'claims-form-edit');
    await page.getByRole('button', { name: 'Save and submit' }).click();
    await expect(page).toHaveURL(tenantUrl('acme', `/claims/${claimId}`));
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Policy ${POLICY}`) })).toBeVisible();

    // The claim as the API has it: as entered.
    const agent = await headersOf(request, DEMO_USERS.agent);
    const entered = (await (await request.get(`/api/v1/claims/${claimId}`, { headers: agent })).json()) as ClaimDetail;
    const data = entered.formData as Record<string, any>;
    expect(data.loss.location).toMatchObject({ city: 'Lincoln', state: 'NE' });
    expect(new Date(data.loss.occurredAt).toString()).not.toBe('Invalid Date');
    expect(data.vehicles.map((vehicle: { type: string; vin: string }) => [vehicle.type, vehicle.vin])).toEqual([['Truck', TRUCK_VIN], ['Trailer', TRAILER_VIN]]);
    expect(data.drivers[0]).toMatchObject({ source: 'COMPANY_DRIVER', personId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(data.drivers[1]).toMatchObject({ source: 'TYPED_IN', firstName: typedDriver.firstName, lastName: typedDriver.lastName, licence: { number: typedDriver.licenceNumber, state: 'CA' } });

    // The MVRs were placed before the form was filled; the sandbox has answered them by now.
    for (const id of orderIds) {
      await expect
        .poll(async () => ((await (await request.get(`/api/v1/orders/${id}`, { headers: agent })).json()) as { status: string }).status, { timeout: 60_000, message: `order ${id} to complete` })
        .toBe('Complete');
    }
    // The Agent attaches both with the claim page's form; judged by the default ruleset, the DUI fails,
    // which does not keep the claim from being published.
    await expect(page.getByText('No report is attached yet.')).toBeVisible();
    await attachOrder(page, companyDriver.licenceNumber);
    await attachOrder(page, typedDriver.licenceNumber);
    const reports = page.getByRole('list', { name: 'Attached reports' });
    await expect(reports.getByRole('listitem')).toHaveCount(2);
    await expect(reports.getByRole('listitem').filter({ hasText: typedDriver.lastName }).getByText('Fail', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to publish' })).toBeVisible();
    await expect(page.getByText('A Manager can publish it.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
    // (Axe and screenshots of the claim page: the Manager's view below, the same page with Publish.)
    await page.context().close();
  });

  test('a Manager publishes the claim, edits it as an Update and publishes again; snapshot 2 shows what changed', async ({ browser }) => {
    const page = await pageOf(browser, DEMO_USERS.manager);

    // The list, filtered in the URL by the policy number.
    await page.goto(tenantUrl('acme', `/claims?filter=${POLICY}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Claims' }).getByRole('row').filter({ hasText: POLICY });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Complete')).toBeVisible();
    await expect(page.getByRole('link', { name: 'New claim' })).toBeVisible();
    await expectAccessible(page);
    await snapAtWidths(page, 'claims-list');

    await row.getByRole('link', { name: `Policy ${POLICY}` }).click();
    await expect(page).toHaveURL(tenantUrl('acme', `/claims/${claimId}`));
    await expect(page.getByRole('heading', { name: 'Ready to publish' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Attached reports' }).getByRole('listitem')).toHaveCount(2);
    // The notice by section, labelled by the form.
    await expect(page.getByRole('region', { name: 'Our vehicles › 2' }).getByText(TRAILER_VIN)).toBeVisible();
    await expectAccessible(page);
    await snapAtWidths(page, 'claims-detail-ready');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Published as snapshot 1' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Snapshot 1' })).toBeVisible();

    // Editing the published claim says that saving starts an Update.
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(tenantUrl('acme', `/claims/${claimId}/edit`));
    await expect(page.getByText('Saving a change starts an Update')).toBeVisible();
    await expect(page.getByText(/published as snapshot 1, which stays as it is/)).toBeVisible();
    await expectAccessible(page);
    await field(page, 'loss.description').fill(DESCRIPTION_UPDATED);
    // Leaving with the change unsaved asks first; staying keeps it.
    await page.getByRole('main').getByRole('link', { name: 'Claims', exact: true }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay on the form' }).click();
    await expect(page).toHaveURL(tenantUrl('acme', `/claims/${claimId}/edit`));
    await expect(field(page, 'loss.description')).toHaveValue(DESCRIPTION_UPDATED);
    await page.getByRole('button', { name: 'Save and submit' }).click();
    await expect(page).toHaveURL(tenantUrl('acme', `/claims/${claimId}`));
    await expect(page.getByText(/An Update of the published claim has started/)).toBeVisible();

    // The claim is an Update now; its history names the field the last edit changed.
    const timeline = page.getByRole('list', { name: 'Claim history, oldest first' });
    await expect(timeline.getByRole('table', { name: 'Fields changed by this edit' }).last()).toContainText('Loss › Description of the accident');
    await page.getByRole('button', { name: 'Publish the update' }).click();
    await expect(page.getByRole('heading', { name: 'Published as snapshot 2' })).toBeVisible();

    await page.getByRole('link', { name: 'Snapshot 2 (update)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Snapshot 2 of Policy ${POLICY}`) })).toBeVisible();
    const differences = page.getByRole('region', { name: 'Differences from snapshot 1' });
    const changed = differences.getByRole('row').filter({ hasText: 'Loss › Description of the accident' });
    await expect(changed).toContainText(DESCRIPTION);
    await expect(changed).toContainText('The other driver was cited.');
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
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Policy ${POLICY}`) })).toBeVisible();
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
