// Driver monitoring: a Manager enrols Aisha Khan (demo data: a Texas licence ending in 2, which the
// sandbox monitoring provider answers with a new moving violation) in MVR monitoring (Texas confirms
// at once: active); a sweep (the operator's `monitoring sweep`, as the schedule runs it) raises the
// alert; the alert appears on her page, the Manager opens it, acknowledges it with a note, and her
// alerts, history and qualification change. A Viewer reads a driver's alerts but has no
// acknowledge control, and the server refuses the call. Axe on every page; screenshots at 1440 and
// 390 px wide.
import type { APIRequestContext, Page } from '@playwright/test';
import { join } from 'node:path';
import { DEMO_USERS, expect, SCREENSHOT_DIR, signInApi, tenantUrl, test } from './fixtures.ts';
import { cli } from './support/cli.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const AISHA_ALERT = 'New conviction: Speeding 11-15 mph over limit';
const WIDTHS = [
  [1440, 900],
  [390, 844],
] as const;

async function authHeaders(request: APIRequestContext, email: string) {
  const { idToken } = await signInApi(request, email);
  return { authorization: `Bearer ${idToken}` };
}

/** The demo driver Aisha Khan of Acme. */
async function aishaId(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/v1/person/company/me', { headers: await authHeaders(request, DEMO_USERS.manager), params: { filter: 'Aisha' } });
  expect(response.status(), await response.text()).toBe(200);
  const { content } = (await response.json()) as { content: { id: string; fullName: string }[] };
  const aisha = content.find((person) => person.fullName === 'Aisha Khan');
  expect(aisha, 'the demo data has Aisha Khan').toBeDefined();
  return aisha!.id;
}

/** The "Open alerts" figure of the driver's qualification. */
const openAlertsOf = (page: Page) => page.getByRole('region', { name: 'Qualification' }).locator('dt', { hasText: /^Open alerts$/ }).locator('xpath=following-sibling::dd');

/**
 * Screenshots of the page as it is now at both widths, and of each named section at phone width (a
 * full page that tall is hard to read), back at desktop width afterwards.
 */
async function snapAtWidths(page: Page, name: string, sections: string[] = []) {
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await snap(page, `${name}-${width}`);
  }
  for (const section of sections) {
    await page.getByRole('region', { name: section }).screenshot({ path: join(SCREENSHOT_DIR, `${name}-${section.toLowerCase()}-390.png`), animations: 'disabled' });
  }
  await page.setViewportSize({ width: WIDTHS[0][0], height: WIDTHS[0][1] });
}

test('a Manager enrols Aisha Khan, a sweep raises an alert, and the Manager acknowledges it with a note', async ({ page, request }) => {
  test.slow();
  const driverId = await aishaId(request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInUi(page, DEMO_USERS.manager);
  await page.goto(tenantUrl('acme', `/drivers/${driverId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Aisha Khan' })).toBeVisible();

  const monitoring = page.getByRole('region', { name: 'Monitoring' });
  await expect(monitoring).toContainText('Texas reports: new convictions, DMV actions and licence status. The state confirms an enrolment at once.');
  const mvr = monitoring.getByRole('group', { name: 'MVR monitoring' });
  await expect(mvr).toContainText('Not enrolled');
  await mvr.getByRole('button', { name: 'Enrol in MVR monitoring' }).click();
  await expect(page.getByText('Aisha Khan was enrolled in MVR monitoring')).toBeVisible();
  await expect(mvr).toContainText('Active');
  await expect(monitoring.getByRole('list', { name: 'History' })).toContainText('Enrolled in monitoring');
  await expect(page.getByRole('region', { name: 'Alerts' })).toContainText('No open alerts.');
  await expectAccessible(page);

  // The sweep the schedule runs: the state reports the change.
  cli('monitoring', 'sweep');
  await page.reload();
  const alerts = page.getByRole('region', { name: 'Alerts' });
  const alertLink = alerts.getByRole('link', { name: AISHA_ALERT });
  await expect(alertLink).toBeVisible();
  await expect(alerts).toContainText('Medium severity');
  await expect(monitoring.getByRole('list', { name: 'History' })).toContainText('Alert raised');
  // Her qualification needs attention for it.
  const qualification = page.getByRole('region', { name: 'Qualification' });
  await expect(qualification.getByRole('list', { name: 'Why' })).toContainText('1 open alert');
  await expect(openAlertsOf(page)).toHaveText('1');
  await expectAccessible(page);
  await snapAtWidths(page, 'monitoring-driver-page', ['Qualification', 'Alerts', 'Monitoring']);

  await alertLink.click();
  await expect(page).toHaveURL(new RegExp(`/drivers/${driverId}/alerts/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1, name: AISHA_ALERT })).toBeVisible();
  await expect(page).toHaveTitle(`${AISHA_ALERT} · Clearlane`);
  const values = page.getByRole('table', { name: 'Values before and after the change' });
  await expect(values.getByRole('row', { name: /Points/ })).toContainText('6');
  await expect(values.getByRole('row', { name: /Points/ })).toContainText('9');
  await expect(page.getByRole('region', { name: 'New violation' })).toContainText('Speeding 11-15 mph over limit');
  await expectAccessible(page);
  await snapAtWidths(page, 'monitoring-alert-open', ['Acknowledgement']);

  const acknowledgement = page.getByRole('region', { name: 'Acknowledgement' });
  await acknowledgement.getByRole('textbox', { name: /Note/ }).fill('Spoke with Aisha; defensive driving refresher booked.');
  await acknowledgement.getByRole('button', { name: 'Acknowledge alert' }).click();
  await expect(page.getByText('Alert acknowledged', { exact: true })).toBeVisible();
  await expect(acknowledgement).toContainText('Acknowledged by');
  await expect(acknowledgement).toContainText('Spoke with Aisha; defensive driving refresher booked.');
  await expect(acknowledgement.getByRole('button', { name: 'Acknowledge alert' })).toHaveCount(0);
  await expect(page.getByText('Acknowledged', { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
  await snapAtWidths(page, 'monitoring-alert-acknowledged');

  // Back on her page: no open alert any more, and the acknowledgement is in her history.
  await page.getByRole('link', { name: 'Aisha Khan', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aisha Khan' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Alerts' })).toContainText('No open alerts.');
  await expect(page.getByRole('region', { name: 'Monitoring' }).getByRole('list', { name: 'History' })).toContainText('Alert acknowledged');
  // Her qualification no longer counts it.
  await expect(openAlertsOf(page)).toHaveText('0');
  await expect(page.getByRole('region', { name: 'Qualification' })).not.toContainText('open alert');
  await page.getByRole('region', { name: 'Alerts' }).getByText('All', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'Alerts' }).getByRole('link', { name: AISHA_ALERT })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Alerts' })).toContainText('Acknowledged');
  await expectAccessible(page);
});

test('a Viewer sees a driver’s alerts but cannot acknowledge them, and the server refuses', async ({ page, request }) => {
  test.slow();
  // A Texas driver whose licence ends in 3 (a major conviction), enrolled by the Company Admin.
  const admin = await authHeaders(request, DEMO_USERS.admin);
  const lastName = `Viewed${Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const created = await request.post('/api/v1/person', {
    headers: admin,
    data: { firstName: 'Vic', lastName, dateOfBirth: '1984-06-15', licenceState: 'TX', licenceNumber: `${Date.now() % 1_000_000}`.padStart(7, '1') + '3' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const driverId = ((await created.json()) as { id: string }).id;
  const enrolled = await request.patch(`/api/v1/person/${driverId}/monitoring`, { headers: admin, data: { monitoringType: 'MvrMonitoring', action: 'ADD' } });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
  cli('monitoring', 'sweep');

  await signInUi(page, DEMO_USERS.viewer);
  await page.goto(tenantUrl('acme', `/drivers/${driverId}`));
  await expect(page.getByRole('heading', { level: 1, name: `Vic ${lastName}` })).toBeVisible();
  const monitoring = page.getByRole('region', { name: 'Monitoring' });
  await expect(monitoring.getByRole('group', { name: 'MVR monitoring' })).toContainText('Active');
  await expect(monitoring.getByRole('button')).toHaveCount(0);
  const alertLink = page.getByRole('region', { name: 'Alerts' }).getByRole('link', { name: /^Major conviction/ });
  await expect(alertLink).toBeVisible();
  await expectAccessible(page);

  await alertLink.click();
  await expect(page.getByRole('heading', { level: 1, name: /^Major conviction/ })).toBeVisible();
  await expect(page.getByText('High severity')).toBeVisible();
  const acknowledgement = page.getByRole('region', { name: 'Acknowledgement' });
  await expect(acknowledgement).toContainText('Not acknowledged yet');
  await expect(acknowledgement.getByRole('button')).toHaveCount(0);
  await expect(acknowledgement.getByRole('textbox')).toHaveCount(0);
  await expectAccessible(page);
  await snapAtWidths(page, 'monitoring-alert-viewer');

  // The server agrees: a Viewer's acknowledgement is refused, and the alert stays open.
  const alertId = page.url().split('/').pop()!;
  const viewer = await authHeaders(request, DEMO_USERS.viewer);
  const refused = await request.patch(`/api/v1/person/${driverId}/alert/${alertId}/acknowledge`, { headers: viewer, data: { note: 'Not mine to do' } });
  expect(refused.status()).toBe(403);
  const alert = await request.get(`/api/v1/person/${driverId}/alert/${alertId}`, { headers: viewer });
  expect(await alert.json()).toMatchObject({ acknowledgedAt: null, acknowledgementNote: null });
});

test('an unknown alert shows the error page', async ({ page, request }) => {
  const driverId = await aishaId(request);
  await signInUi(page, DEMO_USERS.manager);
  await page.goto(tenantUrl('acme', `/drivers/${driverId}/alerts/0190a000-0000-7000-8000-000000000000`));
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectAccessible(page);
});
