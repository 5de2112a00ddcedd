// Rules as a page (issue 13): a Manager opens the rules from the navigation, changes a rule in the
// form (no JSON), sees before saving what the change would do to the last 90 days' completed MVRs
// judged by it (seeded here through the API: a clean record and two with one moving violation),
// saves it as the next version and sees that version; the order page names the version that judged
// each order. A Viewer reads the rules without a form; an Agent cannot save rules. The Manager then
// restores version 1 (confirmed; its rules become version 3). Axe on the page and
// the preview; screenshots at 1440 and 390 px. The ruleset has a name of its own, so the journeys
// running beside this one are judged as before.
import type { APIRequestContext } from '@playwright/test';
import { DEMO_USERS, expect, signInApi, test, tenantUrl } from './fixtures.ts';
import { expectAccessible, signInUi, snap, snapAtWidths } from './support/portal.ts';

const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

const lenient = {
  name: 'Journey fleet rules',
  rules: [
    { id: 'moving-3y', description: 'At most 2 moving violations in the last 3 years', fact: 'movingViolations', years: 3, operator: 'lessThanOrEqual', value: 2 },
    { id: 'licence-valid', description: 'Licence is valid', fact: 'licenceStatus', operator: 'equal', value: 'VALID' },
  ],
};

async function headersOf(request: APIRequestContext, email: string) {
  return { authorization: `Bearer ${(await signInApi(request, email)).idToken}` };
}

/** An auto-adjudicated MVR judged by `namespace`, waited for until it is complete (the sandbox answers by the licence's last digit). */
async function judgedMvr(request: APIRequestContext, headers: Record<string, string>, namespace: string, lastName: string, digit: number) {
  const placed = await request.post(`/api/v1/orders/create-mvr-order?isAutoAdjudicated=true&ruleNamespace=${namespace}`, {
    headers,
    data: { driver: { firstName: 'Jo', lastName, dateOfBirth: '1984-06-02', licenceNumber: `D${digits(6)}${digit}`, licenceState: 'CA' }, permissiblePurpose: 'WRITTEN_CONSENT' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: string; subjectLabel: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/orders/${order.id}`, { headers })).json()) as { status: string }).status, { timeout: 60_000, message: `order ${order.id} to complete` })
    .toBe('Complete');
  return order;
}

test('a Manager changes a rule in the form, sees the preview, saves a new version; a Viewer and an Agent cannot edit', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const run = digits(6);
  const namespace = `journey-${run}`;
  const manager = await headersOf(request, DEMO_USERS.manager);
  const saved = await request.put(`/api/v1/rulesets/${namespace}`, { headers: manager, data: lenient });
  expect(saved.status(), await saved.text()).toBe(200);
  const clean = await judgedMvr(request, manager, namespace, `Clean${run}`, 0);
  const minorA = await judgedMvr(request, manager, namespace, `Minora${run}`, 1);
  const minorB = await judgedMvr(request, manager, namespace, `Minorb${run}`, 1);

  await signInUi(page, DEMO_USERS.manager);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('navigation').getByRole('link', { name: 'Rules' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
  await page.getByRole('link', { name: lenient.name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: lenient.name })).toBeVisible();
  await expect(page.getByTestId('ruleset-version')).toHaveText('Version 1');
  await expectAccessible(page);
  await snap(page, 'rules-editor-1440');

  // No moving violation at all: the two records with one moving violation would now fail.
  const rule = page.getByRole('listitem', { name: 'Rule 1' });
  await rule.getByRole('textbox', { name: 'Description' }).fill('No moving violation in the last 3 years');
  await rule.getByRole('textbox', { name: 'Value' }).fill('0');
  await page.getByRole('button', { name: /Preview and save/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Before you save' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('2 orders would go from Pass to Fail')).toBeVisible();
  const changed = dialog.getByRole('table', { name: 'Orders whose outcome would change' });
  await expect(changed.getByRole('link', { name: minorA.subjectLabel })).toBeVisible();
  await expect(changed.getByRole('link', { name: minorB.subjectLabel })).toBeVisible();
  await expect(changed.getByRole('link', { name: clean.subjectLabel })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'rules-preview-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'rules-preview-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  await dialog.getByRole('button', { name: 'Save as version 2' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('ruleset-version')).toHaveText('Version 2');
  const versions = page.getByRole('list', { name: 'Saved versions, newest first' });
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(versions.getByRole('listitem').first()).toContainText('Version 2');
  await expect(page.getByRole('listitem', { name: 'Rule 1' }).getByRole('textbox', { name: 'Value' })).toHaveValue('0');
  await expectAccessible(page);
  await snap(page, 'rules-saved-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'rules-saved-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The orders keep the version that judged them: version 1 (saving re-judges nothing).
  await page.goto(tenantUrl('acme', `/orders/${minorA.id}`));
  await expect(page.getByTestId('judged-by')).toHaveText(`version 1 of the “${namespace}” ruleset`);
  await page.getByRole('region', { name: 'Outcome' }).scrollIntoViewIfNeeded();
  await snap(page, 'rules-order-version-1440');

  // The person risk form chooses its assessment definition from a list.
  await page.goto(tenantUrl('acme', '/orders/person-risk-assessment/single-order'));
  const definition = page.getByRole('combobox', { name: 'Assessment definition' });
  await expect(definition).toHaveValue('Standard assessment (standard)');
  await definition.click();
  await expect(page.getByRole('option', { name: 'Standard assessment (standard)' })).toBeVisible();
  await snap(page, 'risk-definition-select-1440');
  await page.keyboard.press('Escape');

  // The list of rulesets, at both widths.
  await page.goto(tenantUrl('acme', '/rules'));
  await expect(page.getByRole('link', { name: lenient.name }).first()).toBeVisible();
  await snap(page, 'rules-list-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'rules-list-390');

  // A Viewer reads the rules and versions without a form.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signInUi(viewer, DEMO_USERS.viewer);
  await viewer.goto(tenantUrl('acme', `/rules/${namespace}`));
  await expect(viewer.getByRole('heading', { level: 1, name: lenient.name })).toBeVisible();
  await expect(viewer.getByText('No moving violation in the last 3 years')).toBeVisible();
  await expect(viewer.getByRole('button', { name: /Preview and save/ })).toHaveCount(0);
  await expect(viewer.getByRole('textbox')).toHaveCount(0);
  await expectAccessible(viewer);
  await viewer.setViewportSize({ width: 1440, height: 900 });
  await snap(viewer, 'rules-viewer-1440');
  await viewer.setViewportSize({ width: 390, height: 844 });
  await snap(viewer, 'rules-viewer-390');
  await viewerContext.close();

  // An Agent may read but not save nor preview (the server says so).
  const agent = await headersOf(request, DEMO_USERS.agent);
  expect((await request.get(`/api/v1/rulesets/${namespace}`, { headers: agent })).status()).toBe(200);
  expect((await request.put(`/api/v1/rulesets/${namespace}`, { headers: agent, data: lenient })).status()).toBe(403);
  expect((await request.post(`/api/v1/rulesets/${namespace}/preview`, { headers: agent, data: lenient })).status()).toBe(403);

  // The Manager restores version 1, after confirming: its rules become version 3.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(tenantUrl('acme', `/rules/${namespace}`));
  await page.getByRole('list', { name: 'Saved versions, newest first' }).getByRole('button', { name: 'Restore this version: Version 1' }).click();
  const restore = page.getByRole('dialog', { name: 'Restore version 1?' });
  await expect(restore).toContainText('are saved as version 3');
  await expectAccessible(page);
  await snapAtWidths(page, 'rules-restore');
  await restore.getByRole('button', { name: 'Restore as version 3' }).click();
  await expect(page.getByText('Version 1 restored: its rules are now version 3, the current one.')).toBeVisible();
  await expect(page.getByTestId('ruleset-version')).toHaveText('Version 3');
  await expect(page.getByRole('listitem', { name: 'Rule 1' }).getByRole('textbox', { name: 'Value' })).toHaveValue('2');
  await expect(page.getByRole('list', { name: 'Saved versions, newest first' }).getByRole('listitem')).toHaveCount(3);
});
