// Finding things (issue 13): a compliance manager has a reference from their own records — the
// order's external reference, the driver's employee number — and types it into the /orders search,
// which finds the order (kept in the URL, through a reload). Several order types at once in the
// Type filter, and finished vehicle and risk reports show their key finding instead of "—". The
// list is shown at 1440 and 390 px.
import type { APIRequestContext } from '@playwright/test';
import { vinCheckDigit } from '@clearlane/contract/domain/vin';
import { DEMO_USERS, expect, signInApi, test, tenantUrl } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

async function created(request: APIRequestContext, headers: Record<string, string>, url: string, data: unknown) {
  const response = await request.post(url, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; subjectLabel: string };
}

test('a Manager finds orders by their reference and by the driver\'s external id, and filters several types at once', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = { authorization: `Bearer ${(await signInApi(request, DEMO_USERS.manager)).idToken}` };
  const run = digits(6);
  const reference = `HR-${run}`;
  const employeeNumber = `EMP-${run}`;
  const driver = { firstName: 'Rafa', lastName: `Ref${run}`, dateOfBirth: '1981-03-30', licenceState: 'CA' };
  const referenced = await created(request, headers, '/api/v1/orders/create-mvr-order', {
    driver: { ...driver, licenceNumber: `D${digits(6)}0` }, permissiblePurpose: 'WRITTEN_CONSENT', mvrExternalReferenceId: reference,
  });
  const person = await created(request, headers, '/api/v1/person', { ...driver, firstName: 'Noor', licenceNumber: `D${digits(6)}0`, externalId: employeeNumber });
  const byEmployee = await created(request, headers, '/api/v1/orders/create-mvr-order', { personId: person.id, permissiblePurpose: 'WRITTEN_CONSENT' });
  // A VIN whose serial ends in 2: the sandbox's salvage title.
  const draft = '1HGCM82603A004352';
  const vin = await created(request, headers, '/api/v1/orders/vehicle/order', { vin: `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}` });

  await signInUi(page, DEMO_USERS.manager);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(tenantUrl('acme', '/orders'));
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Orders' });
  const search = page.getByRole('textbox', { name: 'Search' });

  // The order's own reference, typed in lower case: just that order, and the URL keeps it.
  await search.fill(reference.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`filter=${reference.toLowerCase()}`));
  await expect(table.getByRole('link', { name: referenced.subjectLabel })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the one order
  await page.reload();
  await expect(search).toHaveValue(reference.toLowerCase());
  await expect(table.getByRole('link', { name: referenced.subjectLabel })).toBeVisible();
  await snap(page, 'orders-search-by-reference-1440');

  // The driver's employee number finds the driver's orders.
  await search.fill(employeeNumber);
  await expect(table.getByRole('link', { name: byEmployee.subjectLabel })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectAccessible(page);

  // Several types at once; the finished vehicle report shows what it found, not a dash.
  await search.fill('');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Vehicle history report' }).click();
  await page.getByRole('option', { name: 'Person risk assessment' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/type=/);
  await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe(JSON.stringify(['VIN_REPORT', 'PERSON_RISK_ASSESSMENT']));
  const vinRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: vin.subjectLabel }) }).first();
  await expect(vinRow).toContainText('Salvage title', { timeout: 30_000 });
  await expect(table.getByRole('link', { name: referenced.subjectLabel })).toHaveCount(0);
  await snap(page, 'orders-several-types-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(vinRow).toContainText('Salvage title');
  await snap(page, 'orders-several-types-390');

  // The reports list says the same of the report.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(tenantUrl('acme', '/reports'));
  const reportRow = page.getByRole('table', { name: 'Reports' }).getByRole('row').filter({ hasText: vin.subjectLabel }).first();
  await expect(reportRow).toContainText('Salvage title');
  await expectAccessible(page);
  await snap(page, 'reports-result-summary-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'reports-result-summary-390');

  // The home page's MVR links list MVRs only; one opens the completed MVRs nobody has reviewed.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(tenantUrl('acme', '/'));
  await page.getByRole('link', { name: 'Completed MVRs not yet reviewed' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Reviewed' })).toHaveValue('Not reviewed');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Complete');
  await expect(table.getByRole('link', { name: referenced.subjectLabel })).toBeVisible();
  await expect(table.getByRole('link', { name: vin.subjectLabel })).toHaveCount(0);
  await snap(page, 'orders-not-reviewed-mvrs-1440');

  // At 390 px the search still finds the order and its result stays readable.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl('acme', `/orders?filter=${reference}`));
  await expect(table.getByRole('link', { name: referenced.subjectLabel })).toBeVisible();
  await snap(page, 'orders-search-by-reference-390');
});

test('the order forms choose the ruleset from the company\'s list: bulk orders and the monitoring settings', async ({ page }) => {
  await signInUi(page, DEMO_USERS.manager);
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(tenantUrl('acme', '/orders/mvr/multiple-orders'));
    const ruleset = page.getByRole('combobox', { name: /^Ruleset/ });
    await expect(ruleset).toHaveValue(/\(default, \d+ rules/);
    await ruleset.click();
    await expect(page.getByRole('option', { name: /\(default, \d+ rules/ })).toBeVisible();
    await snap(page, `bulk-orders-ruleset-${width}`);
    await page.keyboard.press('Escape');

    await page.goto(tenantUrl('acme', '/drivers/alerts'));
    await page.getByRole('button', { name: 'Monitoring settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Monitoring settings' });
    await expect(dialog.getByRole('combobox', { name: 'Ruleset' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, `monitoring-settings-ruleset-${width}`);
  }
});
