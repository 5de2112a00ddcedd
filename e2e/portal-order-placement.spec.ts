// Placing orders in the portal: an Agent orders an adjudicated MVR for a driver typed in (California,
// licence ending in 3: a DUI in the sandbox), lands on the new order and sees it end in Fail with the
// deciding rule, then downloads both PDFs; a VIN with a wrong check
// digit is refused with the reason before any order exists, then the corrected VIN is ordered; a
// person risk assessment for a driver picked by the link and a business risk report for a business
// found by search are placed; a Viewer gets "Not Authorized".
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_USERS, expect, signInApi, test, tenantUrl } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
const letters = (count: number) => Array.from({ length: count }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
const uniqueName = (prefix: string) => `${prefix}${letters(1).toUpperCase()}${letters(7)}`;

const ORDER_URL = /\/orders\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const WRONG_VIN = '1M8GDM9A1KP042788';
const CORRECT_VIN = '1M8GDM9AXKP042788';

async function bearer(request: APIRequestContext, email: string) {
  return { authorization: `Bearer ${(await signInApi(request, email)).idToken}` };
}

/** The order the portal landed on, read back through the API. */
async function landedOrder(page: Page, request: APIRequestContext, headers: Record<string, string>) {
  await expect(page).toHaveURL(ORDER_URL);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  const response = await request.get(`/api/v1/orders/${id}`, { headers });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

async function chooseOption(page: Page, label: RegExp, search: string, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('an Agent orders an MVR for a typed-in driver with auto-adjudication, sees it fail with the deciding rule and downloads both PDFs', async ({ page, request }) => {
  test.slow(); // it also waits for the sandbox to answer and the rules to judge
  const headers = await bearer(request, DEMO_USERS.agent);
  const lastName = uniqueName('Major');
  const licence = `D${digits(6)}3`;
  await signInUi(page, DEMO_USERS.agent);
  await page.goto(tenantUrl('acme', '/orders/mvr/single-order'));
  await expect(page.getByRole('heading', { level: 1, name: 'Order an MVR' })).toBeVisible();
  await expect(page).toHaveTitle('Order an MVR · Clearlane');
  await expect(page.getByText(/Most states answer within a minute/)).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'order-mvr-empty');

  await page.getByRole('radio', { name: 'Type in a new driver' }).check();
  await page.getByLabel(/^First name/).fill('Casey');
  await page.getByLabel(/^Last name/).fill(lastName);
  await page.getByLabel(/^Date of birth/).fill('1984-02-17');
  await chooseOption(page, /^Licence state/, 'Calif', 'California (CA)');
  await expect(page.getByText('California: 1 letter and 7 digits, for example D1234567.')).toBeVisible();
  await page.getByLabel(/^Licence number/).fill('12345673');
  await expect(page.getByText('California licence numbers are 1 letter and 7 digits (for example D1234567).')).toBeVisible();
  await expect(page.getByLabel(/^Licence number/)).toHaveAttribute('aria-invalid', 'true');
  // Texas only: no record type for a Californian licence.
  await expect(page.getByRole('combobox', { name: /^Texas record type/ })).toHaveCount(0);
  await page.getByLabel(/^Licence number/).fill(licence);
  await expect(page.getByText(/California licence numbers are/)).toHaveCount(0);

  await page.getByRole('combobox', { name: /^Permissible purpose/ }).click();
  await page.getByRole('option', { name: /^\(b\)\(13\) With the written consent/ }).click();
  await expect(page.getByRole('switch', { name: /^Adjudicate automatically/ })).toBeChecked();
  await expect(page.getByRole('combobox', { name: /^Ruleset/ })).toHaveValue(/\(default, \d+ rules/);
  // The rules are shown before ordering, so the user knows what Pass means.
  await expect(page.getByText('Standard driver eligibility: the driver passes when every rule holds')).toBeVisible();
  await expect(page.getByText('No major violation in the last 5 years')).toBeVisible();
  await page.getByRole('combobox', { name: 'Tags' }).fill('e2e-placement');
  await page.keyboard.press('Enter');
  await expectAccessible(page);
  await snap(page, 'order-mvr-filled');

  await page.getByRole('button', { name: 'Place order' }).click();
  const order = await landedOrder(page, request, headers);
  await expect(page.getByText('Order placed')).toBeVisible();
  expect(order).toMatchObject({
    type: 'MVR_WITH_ADJUDICATION',
    isAutoAdjudicated: true,
    ruleNamespace: 'default',
    permissiblePurpose: 'WRITTEN_CONSENT',
    subjectLabel: `Casey ${lastName} (CA ${licence})`,
    tags: ['e2e-placement'],
  });
  // The sandbox answers a licence ending in 3 with a DUI: the default rules fail it.
  await expect
    .poll(async () => (await (await request.get(`/api/v1/orders/${order.id}`, { headers })).json()).outcome, { timeout: 30_000, message: 'the MVR to be adjudicated' })
    .toBe('Fail');
  // The order page the Agent landed on follows the order by itself: Fail, the deciding rule, both PDFs.
  const outcome = page.getByRole('region', { name: 'Outcome' });
  await expect(outcome).toContainText('Not met: No major violation in the last 5 years.', { timeout: 30_000 });
  const deciding = outcome.getByRole('row').filter({ hasText: 'Deciding rule' });
  await expect(deciding).toHaveCount(1);
  await expect(deciding).toContainText('No major violation in the last 5 years');
  for (const [button, fileName] of [['Full MVR Report (Standard)', /standard\.pdf$/], ['Full MVR Report (Condensed)', /condensed\.pdf$/]] as const) {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: button, exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(fileName);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }
});

test('a VIN with a wrong check digit is refused before any order exists; the corrected VIN is ordered', async ({ page, request }) => {
  const headers = await bearer(request, DEMO_USERS.agent);
  const vinOrders = async (vin: string) => {
    const response = await request.get(`/api/v1/orders?type=VIN_REPORT&filter=${vin}&size=100`, { headers });
    expect(response.status()).toBe(200);
    return (await response.json()).content.filter((order: { subjectLabel: string }) => order.subjectLabel === `VIN ${vin}`);
  };
  const correctBefore = (await vinOrders(CORRECT_VIN)).length;

  await signInUi(page, DEMO_USERS.agent);
  await page.goto(tenantUrl('acme', '/orders/vin/single-order'));
  await expect(page.getByRole('heading', { level: 1, name: 'Order a vehicle report' })).toBeVisible();
  await expectAccessible(page);

  const vin = page.getByLabel(/^VIN/);
  await vin.fill(WRONG_VIN);
  const reason = 'The check digit (9th character) is 1 but should be X: a character is probably mistyped.';
  await expect(page.getByText(reason)).toBeVisible();
  await expect(vin).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/vin\/single-order$/);
  await expectAccessible(page);
  await snap(page, 'order-vin-wrong-check-digit');
  expect(await vinOrders(WRONG_VIN)).toEqual([]);

  await vin.fill(CORRECT_VIN);
  await expect(page.getByText(reason)).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Decoded VIN' })).toContainText('model year 1989');
  await snap(page, 'order-vin-valid');
  await page.getByRole('button', { name: 'Place order' }).click();
  const order = await landedOrder(page, request, headers);
  expect(order).toMatchObject({ type: 'VIN_REPORT', subjectLabel: `VIN ${CORRECT_VIN}` });
  expect((await vinOrders(CORRECT_VIN)).length).toBe(correctBefore + 1);
  expect(await vinOrders(WRONG_VIN)).toEqual([]);
});

test('an Agent orders a person risk assessment for a linked driver and a business risk report for a business found by search', async ({ page, request }) => {
  const headers = await bearer(request, DEMO_USERS.agent);
  const lastName = uniqueName('Risk');
  const driverResponse = await request.post('/api/v1/person', {
    headers,
    data: { firstName: 'Robin', lastName, dateOfBirth: '1990-06-10', licenceState: 'NV', licenceNumber: `${digits(9)}0` },
  });
  expect(driverResponse.status(), await driverResponse.text()).toBe(201);
  const driver = await driverResponse.json();
  const businessName = uniqueName('Freight ');
  const businessResponse = await request.post('/api/v1/businesses', { headers, data: { name: businessName, ein: `12-${digits(6)}0`, state: 'TX', dotNumber: digits(7) } });
  expect(businessResponse.status(), await businessResponse.text()).toBe(201);

  await signInUi(page, DEMO_USERS.agent);
  // The driver page links here with ?personId=: the driver is picked already.
  await page.goto(tenantUrl('acme', `/orders/person-risk-assessment/single-order?personId=${driver.id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Order a person risk assessment' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Driver/ })).toHaveValue(`Robin ${lastName} (NV ${driver.licenceNumber})`);
  await expect(page.getByText('Born 1990-06-10; assessed in Nevada, the state of their licence.')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'order-person-risk');
  await page.getByRole('button', { name: 'Place order' }).click();
  const personOrder = await landedOrder(page, request, headers);
  expect(personOrder).toMatchObject({ type: 'PERSON_RISK_ASSESSMENT', personId: driver.id, riskAssessmentDefinitionName: 'standard' });

  await page.goto(tenantUrl('acme', '/orders/business-risk-assessment/single-order'));
  await expect(page.getByRole('heading', { level: 1, name: 'Order a business risk assessment' })).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Choose the business to assess')).toBeVisible();
  await chooseOption(page, /^Business/, businessName, new RegExp(`^${businessName} \\(EIN`));
  await expect(page.getByText(/^Registered in Texas; USDOT \d+\.$/)).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'order-business-risk');
  await page.getByRole('button', { name: 'Place order' }).click();
  const businessOrder = await landedOrder(page, request, headers);
  expect(businessOrder).toMatchObject({ type: 'BUSINESS_RISK_INFORM_REPORT', subjectLabel: businessName });
});

test('a Viewer may not place orders', async ({ page }) => {
  await signInUi(page, DEMO_USERS.viewer);
  await page.goto(tenantUrl('acme', '/orders/mvr/single-order'));
  await expect(page.getByRole('heading', { level: 1, name: 'Not Authorized' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'order-mvr-viewer');
});
