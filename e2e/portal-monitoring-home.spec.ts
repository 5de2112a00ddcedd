// Driver monitoring on the home page, /drivers and /drivers/alerts (issue 9):
//   - the demo Manager reads the compliance figures on the home page and follows a severity's link
//     into the alerts list, filtered;
//   - on /drivers they select two new drivers, enrol them in MVR monitoring (a toast says so), and
//     find them again with the monitoring filter;
//   - the alerts list filters by driver, severity, status and date, sorts by severity, and a row
//     opens the alert's page;
//   - a Viewer sees the columns but no selection;
// axe on every page, screenshots at 1440 and 390 px. The alerts are written straight into the e2e
// database as a sweep writes them (the sweep itself has its own journey): this journey is about
// what the pages do with them.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import { DEMO_USERS, expect, signInApi, tenantUrl, test } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

const letters = (length: number) => Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

interface Driver {
  id: string;
  firstName: string;
  lastName: string;
  monitoring: { monitoringType: string; status: 'PENDING' | 'ACTIVE' }[];
}

/** A Texan driver whose licence ends in 0 (a quiet record in the sandbox). */
async function addDriver(request: APIRequestContext, headers: Record<string, string>, firstName: string, lastName: string): Promise<Driver> {
  const response = await request.post('/api/v1/person', {
    headers,
    data: { firstName, lastName, dateOfBirth: '1986-03-14', licenceState: 'TX', licenceNumber: `4${digits(6)}0` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Driver;
}

interface SeededAlert {
  id: string;
  severity: 'HIGH' | 'MEDIUM' | 'LOW';
  title: string;
  acknowledged: boolean;
  daysAgo: number;
}

/** Writes the driver's alerts as the sweep does (one row each, keyed by a change id of their own). */
async function seedAlerts(companyId: string, personId: string, alerts: SeededAlert[]) {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('This journey needs the e2e PostgreSQL database (E2E_DATABASE_URL).');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const alert of alerts) {
      const createdAt = new Date(Date.now() - alert.daysAgo * 86_400_000);
      const change = { summary: alert.title, values: [], violation: null, dmvAction: null, providerChangeId: `e2e-${alert.id}`, detectedAt: createdAt.toISOString() };
      const kind = alert.severity === 'HIGH' ? 'SUSPENSION' : alert.severity === 'MEDIUM' ? 'NEW_VIOLATION' : 'LICENCE_STATUS_CHANGE';
      await client.query(
        `insert into driver_alerts (id, company_id, person_id, type, change_kind, severity, title, dedupe_key, change, acknowledged_at, created_at)
         values ($1, $2, $3, 'MVR_MONITORING_ALERT', $4, $5, $6, $7, $8, $9, $10)`,
        [alert.id, companyId, personId, kind, alert.severity, alert.title, `e2e-${alert.id}`, JSON.stringify(change), alert.acknowledged ? createdAt : null, createdAt],
      );
    }
  } finally {
    await client.end();
  }
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function shoot(page: Page, name: string) {
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    // Charts redraw to their new width.
    await page.waitForTimeout(300);
    await snap(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe.serial('driver monitoring: home, drivers and alerts', () => {
  test.describe.configure({ timeout: 120_000 });

  let headers: Record<string, string>;
  let surname: string;
  let first: Driver;
  let second: Driver;
  const alerts: SeededAlert[] = [
    { id: randomUUID(), severity: 'HIGH', title: 'Licence suspended', acknowledged: false, daysAgo: 1 },
    { id: randomUUID(), severity: 'MEDIUM', title: 'New moving violation', acknowledged: false, daysAgo: 3 },
    { id: randomUUID(), severity: 'LOW', title: 'Licence status changed', acknowledged: true, daysAgo: 20 },
  ];

  test.beforeAll(async ({ request }) => {
    headers = { authorization: `Bearer ${(await signInApi(request, DEMO_USERS.manager)).idToken}` };
    surname = `Mon${letters(1).toUpperCase()}${letters(7)}`;
    first = await addDriver(request, headers, 'Nadia', surname);
    second = await addDriver(request, headers, 'Omar', surname);
    const company = (await (await request.get('/api/v1/company/me', { headers })).json()) as { id: string };
    await seedAlerts(company.id, first.id, alerts);
  });

  test('the home page shows the compliance figures and links into the filtered lists', async ({ page, request }) => {
    await signInUi(page, DEMO_USERS.manager);
    const section = page.getByRole('region', { name: 'Driver compliance' });
    await expect(section).toBeVisible();

    // The figures agree with the API (other journeys may add meanwhile: at least what was seeded).
    const metrics = (await (await request.get('/api/v1/company/me/metrics', { headers })).json()) as { openAlerts: Record<string, number>; drivers: number };
    expect(metrics.openAlerts.HIGH).toBeGreaterThanOrEqual(1);
    const severities = section.getByRole('table', { name: 'Open alerts, by severity' });
    const highRow = severities.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'High', exact: true }) });
    expect(Number((await highRow.getByRole('cell').last().innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
    // Each chart is named by a sentence that says its counts.
    await expect(section.getByRole('img', { name: /^Bar chart of open driver alerts by severity: High \d+, Medium \d+, Low \d+\.$/ })).toBeVisible();
    await expect(section.getByRole('img', { name: /^Bar chart of drivers by qualification: Qualified \d+, Needs attention \d+, Not qualified \d+\.$/ })).toBeVisible();
    // The newest open alerts list the one just raised.
    await expect(section.getByRole('list', { name: 'Newest open alerts' }).getByRole('link', { name: 'Licence suspended' }).first()).toBeVisible();

    await expectAccessible(page);
    await shoot(page, 'monitoring-home');

    // A severity's link opens the alerts list filtered to the open ones of that severity.
    await highRow.getByRole('link', { name: 'High' }).click();
    await expect(page).toHaveURL(/\/drivers\/alerts\?acknowledged=false&severity=HIGH$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Driver alerts' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Open');
    await expect(page.getByRole('combobox', { name: 'Severity' })).toHaveValue('High');
    await expect(page.getByRole('table', { name: 'Driver alerts' }).getByRole('link', { name: `Nadia ${surname}` }).first()).toBeVisible();
    // The navigation marks the alerts, not the drivers, as the current page.
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Driver alerts' })).toHaveAttribute('aria-current', 'page');
  });

  test('a Manager enrols two drivers at once on /drivers, then finds them with the monitoring filter', async ({ page, request }) => {
    await signInUi(page, DEMO_USERS.manager);
    await page.goto(tenantUrl('acme', `/drivers?filter=${surname}`));
    const table = page.getByRole('table', { name: 'Drivers' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('columnheader', { name: 'Qualification' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Monitoring' })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`Omar`) }).getByText('Not enrolled')).toBeVisible();

    await page.getByRole('checkbox', { name: `Select ${surname}, Nadia` }).check();
    await page.getByRole('checkbox', { name: `Select ${surname}, Omar` }).check();
    const bar = page.getByRole('region', { name: 'Selected drivers' });
    await expect(bar).toContainText('2 drivers selected');
    await expectAccessible(page);
    await shoot(page, 'monitoring-drivers-selected');
    await bar.getByRole('button', { name: 'Enrol in monitoring' }).click();
    await expect(page.getByText('Enrolled 2 drivers in MVR monitoring.')).toBeVisible();
    await expect(bar).toBeHidden();

    // The API agrees; the filter that finds them depends on whether Texas has confirmed yet.
    const statusOf = async (driver: Driver) =>
      ((await (await request.get(`/api/v1/person/${driver.id}`, { headers })).json()) as Driver).monitoring.find((enrolment) => enrolment.monitoringType === 'MvrMonitoring')?.status;
    const status = await statusOf(first);
    expect(status).toBeDefined();
    expect(await statusOf(second)).toBe(status);
    await page.getByRole('combobox', { name: 'Monitoring' }).click();
    await page.getByRole('option', { name: status === 'ACTIVE' ? 'Enrolled' : 'Enrolment pending', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`monitoring=${status === 'ACTIVE' ? 'ENROLLED' : 'PENDING'}`));
    await expect(table.getByRole('row')).toHaveCount(3);
    for (const name of ['Nadia', 'Omar']) {
      await expect(table.getByRole('row', { name: new RegExp(name) }).getByText(status === 'ACTIVE' ? 'MVR' : 'MVR, pending', { exact: true })).toBeVisible();
    }

    await page.getByRole('combobox', { name: 'Monitoring' }).click();
    await page.getByRole('option', { name: 'Not enrolled', exact: true }).click();
    await expect(page.getByText('No drivers match your search')).toBeVisible();

    // Enrolling them again changes nothing, and says so.
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.getByRole('textbox', { name: 'Search' }).fill(surname);
    await expect(table.getByRole('row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: `Select ${surname}, Omar` }).check();
    await page.getByRole('region', { name: 'Selected drivers' }).getByRole('button', { name: 'Enrol in monitoring' }).click();
    await expect(page.getByText('Nothing changed: the driver was already enrolled in MVR monitoring.')).toBeVisible();
    await shoot(page, 'monitoring-drivers');
  });

  test('the alerts list filters by driver, severity, status and date, sorts, and opens an alert', async ({ page }) => {
    await signInUi(page, DEMO_USERS.manager);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Driver alerts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Driver alerts' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Driver alerts' });

    // The driver picker searches the company's drivers.
    await page.getByRole('combobox', { name: 'Driver' }).fill(surname);
    await page.getByRole('option', { name: new RegExp(`^Nadia ${surname}`) }).click();
    await expect(page).toHaveURL(new RegExp(`personId=${first.id}`));
    await expect(table.getByRole('row')).toHaveCount(4);
    await expectAccessible(page);
    await shoot(page, 'monitoring-alerts');

    // Newest first by default; a header sorts by its column, and says so.
    await expect(table.getByRole('columnheader', { name: /Raised/ })).toHaveAttribute('aria-sort', 'descending');
    await table.getByRole('columnheader', { name: /Severity/ }).click();
    await expect(page).toHaveURL(/sort=severity%2Cdesc/);
    await expect(table.getByRole('columnheader', { name: /Severity/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(table.getByRole('columnheader', { name: /Raised/ })).toHaveAttribute('aria-sort', 'none');
    // Most severe first.
    await expect(table.getByRole('row').nth(1)).toContainText('High');
    await expect(table.getByRole('row').nth(3)).toContainText('Low');

    await page.getByRole('combobox', { name: 'Severity' }).click();
    await page.getByRole('option', { name: 'Medium', exact: true }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('New moving violation');

    await page.getByRole('combobox', { name: 'Severity' }).click();
    await page.getByRole('option', { name: 'Medium', exact: true }).click(); // deselects
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Acknowledged', exact: true }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('Licence status changed');
    await expect(table).toContainText('Acknowledged');

    // The last week: the acknowledged alert of 20 days ago is out.
    await page.getByLabel('Raised from').fill(day(7));
    await expect(page.getByText('No alerts match your filters')).toBeVisible();
    await expectAccessible(page);
    // Clearing the filters keeps the sort.
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/\/drivers\/alerts\?sort=severity%2Cdesc$/);
    await expect(page.getByRole('combobox', { name: 'Driver' })).toHaveValue('');

    // A row opens the alert's page under its driver.
    await page.getByRole('combobox', { name: 'Driver' }).fill(surname);
    await page.getByRole('option', { name: new RegExp(`^Nadia ${surname}`) }).click();
    await table.getByRole('link', { name: 'Licence suspended' }).click();
    await expect(page).toHaveURL(new RegExp(`/drivers/${first.id}/alerts/${alerts[0]!.id}$`));
  });

  test('a Manager turns on the fresh MVR in the monitoring settings, and it survives a reload', async ({ page, request }) => {
    const path = '/api/v1/company/me/monitoring-settings';
    const before = await (await request.get(path, { headers })).json();
    try {
      await request.put(path, { headers, data: { reorderMvrOnChange: false, ruleNamespace: null } });
      await signInUi(page, DEMO_USERS.manager);
      await page.goto(tenantUrl('acme', '/drivers/alerts'));
      const reorder = 'Order a fresh MVR when a new conviction or DMV action is reported';
      await page.getByRole('button', { name: 'Monitoring settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Monitoring settings' });
      await expect(dialog.getByRole('switch', { name: reorder })).not.toBeChecked();
      await dialog.getByRole('switch', { name: reorder }).check();
      await expectAccessible(page);
      await shoot(page, 'monitoring-settings');
      await dialog.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Monitoring settings saved')).toBeVisible();
      await expect(dialog).toBeHidden();

      await page.reload();
      await page.getByRole('button', { name: 'Monitoring settings' }).click();
      await expect(page.getByRole('dialog', { name: 'Monitoring settings' }).getByRole('switch', { name: reorder })).toBeChecked();
      expect(await (await request.get(path, { headers })).json()).toEqual({ reorderMvrOnChange: true, ruleNamespace: null });
    } finally {
      // Other journeys expect the company as it was.
      await request.put(path, { headers, data: before });
    }
  });

  test('a Viewer sees the qualification and monitoring columns, but selects nothing', async ({ page }) => {
    await signInUi(page, DEMO_USERS.viewer);
    await page.goto(tenantUrl('acme', `/drivers?filter=${surname}`));
    const table = page.getByRole('table', { name: 'Drivers' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('columnheader', { name: 'Monitoring' })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Selected drivers' })).toHaveCount(0);
    // Viewers read alerts.
    await page.goto(tenantUrl('acme', `/drivers/alerts?personId=${first.id}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Driver alerts' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Driver alerts' }).getByRole('row')).toHaveCount(4);
  });
});
