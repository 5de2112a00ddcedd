// The home page's "Driver compliance": the company's figures become counts, charts named by one
// sentence and tables whose rows open /drivers, /drivers/alerts and /orders filtered to them; the
// newest open alerts open their page. The monitoring parts show only with the monitoring plugin and
// the ability to view Monitoring (and are not asked for otherwise); the orders part only with orders.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CompanyMetrics, DriverAlert } from '@clearlane/contract/monitoring';
import type { CurrentUser } from '@clearlane/contract/users';
import { complianceOf, periodStart } from '../../../src/features/home/components/compliance.ts';
import { configureHttp } from '../../../src/lib/http.ts';
import { testUser } from '../../fixtures.ts';
import { testPublicConfig } from '../../public-config.ts';
import { json, renderHome as renderAt } from './render-home.tsx';

const METRICS: CompanyMetrics = {
  asOf: '2026-06-01T09:30:00.000Z',
  drivers: 40,
  monitoredDrivers: 12,
  pendingEnrolments: 3,
  openAlerts: { HIGH: 2, MEDIUM: 5, LOW: 0 },
  qualification: { QUALIFIED: 30, ATTENTION: 7, NOT_QUALIFIED: 3 },
  annualReviews: { due: 4, overdue: 1 },
  ordersLast30Days: {
    total: 9,
    byStatus: [
      { status: 'Complete', count: 6 },
      { status: 'Ordered', count: 2 },
      { status: 'Error', count: 1 },
    ],
    byOutcome: [
      { outcome: 'Pass', count: 4 },
      { outcome: 'Fail', count: 2 },
    ],
  },
};

const ALERT: DriverAlert = {
  id: '0198a1b2-0000-7000-8000-000000000001',
  personId: '0198a1b2-0000-7000-8000-0000000000aa',
  personName: 'Aisha Khan',
  type: 'MVR_MONITORING_ALERT',
  changeKind: 'SUSPENSION',
  severity: 'HIGH',
  title: 'Licence suspended',
  createdAt: '2026-05-31T08:00:00.000Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
  acknowledgedByName: null,
  escalatedAfterDays: 0,
};

const permissions = (...subjects: string[]) => subjects.map((subject) => ({ action: 'view' as const, subject: subject as 'Order' }));
const viewer = testUser({ roles: [{ name: 'Viewer', permissions: permissions('Order', 'Driver', 'Monitoring') }], groups: ['Viewer'] });
const noMonitoring = testUser({ roles: [{ name: 'Agent', permissions: permissions('Order', 'Driver') }], groups: ['Agent'] });
const noOrders = testUser({ roles: [{ name: 'Viewer', permissions: permissions('Driver', 'Monitoring') }], groups: ['Viewer'] });

/** The API as the home page sees it; returns every path (with its query) asked for. */
function stubApi(metrics: unknown = METRICS) {
  const calls: string[] = [];
  const fetch = async (input: string) => {
    const url = new URL(input, 'http://acme.localhost');
    calls.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/v1/company/me') return json(200, { id: 'company-1', name: 'Acme Logistics', tenantIdentifier: 'acme', customDomains: [] });
    if (url.pathname === '/api/v1/company/me/metrics') return json(200, metrics);
    if (url.pathname === '/api/v1/company/me/alerts/drivers') return json(200, { content: [ALERT], page: { number: 0, size: 5, totalElements: 1, totalPages: 1 } });
    return json(404, { status: 404, code: 'NotFound', detail: `No stub for ${url.pathname}` });
  };
  configureHttp({ idToken: async () => 'id-token', onUnauthenticated: () => {}, fetch: fetch as unknown as typeof globalThis.fetch });
  return calls;
}

const renderHome = (user: CurrentUser, plugins: string[] = ['orders', 'monitoring']) => renderAt(user, plugins);

beforeEach(() => {
  testPublicConfig();
});

describe('complianceOf', () => {
  it('adds up the open alerts and lists every severity, qualification, status and outcome, zeros included', () => {
    const compliance = complianceOf(METRICS);
    expect(compliance).toMatchObject({ drivers: 40, monitoredDrivers: 12, pendingEnrolments: 3, openAlerts: 7, reviewsDue: 4, reviewsOverdue: 1 });
    expect(compliance.severities.map((row) => [row.label, row.count])).toEqual([['High', 2], ['Medium', 5], ['Low', 0]]);
    expect(compliance.qualification.map((row) => [row.label, row.count])).toEqual([['Qualified', 30], ['Needs attention', 7], ['Not qualified', 3]]);
    expect(compliance.orders.byStatus.map((row) => [row.key, row.count])).toEqual([['New', 0], ['Ordered', 2], ['Received', 0], ['Complete', 6], ['Failed', 0], ['Error', 1]]);
    expect(compliance.orders.byOutcome.map((row) => [row.key, row.count])).toEqual([['Pass', 4], ['Fail', 2], ['Indeterminate', 0], ['NoResults', 0], ['NotFulfilled', 0]]);
    expect(compliance.orders.byOutcome[1]!.search).toEqual({ outcome: 'Fail', from: '2026-05-02' });
  });

  it('starts the period 30 days before the figures were counted (the order list’s "Ordered from")', () => {
    expect(periodStart('2026-06-01T09:30:00.000Z')).toBe('2026-05-02');
    expect(periodStart('2026-03-01T00:10:00.000Z')).toBe('2026-01-30');
  });
});

describe('the driver compliance card on the home page', { timeout: 30_000 }, () => {
  it('shows the figures, charts with a text alternative, and tables and links into the filtered lists', async () => {
    stubApi();
    const router = renderHome(viewer);
    const section = await screen.findByRole('region', { name: 'Driver compliance' });
    await waitFor(() => expect(within(section).getByRole('table', { name: 'Open alerts, by severity' })).toBeInTheDocument());

    const figures = within(section).getAllByRole('definition').map((figure) => figure.textContent);
    expect(figures).toEqual(['40', '12 (3 pending)', '7', '4', '1']);
    expect(
      await within(section).findByRole('img', { name: 'Bar chart of open driver alerts by severity: High 2, Medium 5, Low 0.' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: 'Bar chart of drivers by qualification: Qualified 30, Needs attention 7, Not qualified 3.' })).toBeInTheDocument();

    const severities = within(section).getByRole('table', { name: 'Open alerts, by severity' });
    expect(within(severities).getByRole('link', { name: 'High' })).toHaveAttribute('href', '/drivers/alerts?acknowledged=false&severity=HIGH');
    // No low alerts: nothing to open.
    expect(within(severities).getByText('Low').closest('a')).toBeNull();
    const qualification = within(section).getByRole('table', { name: 'Drivers, by qualification' });
    expect(within(qualification).getByRole('link', { name: 'Not qualified' })).toHaveAttribute('href', '/drivers?qualification=NOT_QUALIFIED');
    const byOutcome = within(section).getByRole('table', { name: 'Orders of the last 30 days, by outcome' });
    expect(within(byOutcome).getByRole('link', { name: 'Fail' })).toHaveAttribute('href', '/orders?outcome=Fail&from=2026-05-02');

    // The newest open alerts open their page; "All open alerts" the filtered list.
    const newest = within(section).getByRole('list', { name: 'Newest open alerts' });
    expect(within(newest).getByRole('link', { name: 'Licence suspended' })).toHaveAttribute('href', `/drivers/${ALERT.personId}/alerts/${ALERT.id}`);
    expect(within(newest).getByText(/Aisha Khan/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'All open alerts' })).toHaveAttribute('href', '/drivers/alerts?acknowledged=false');

    await userEvent.click(within(section).getByRole('link', { name: /5 drivers whose annual review is due or overdue/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/drivers'));
    expect(router.state.location.search).toEqual({ reviewDue: true });
  });

  it('asks for the newest alerts unacknowledged, newest first, five of them', async () => {
    const calls = stubApi();
    renderHome(viewer);
    await screen.findByRole('list', { name: 'Newest open alerts' });
    expect(calls).toContain('/api/v1/company/me/alerts/drivers?page=0&size=5&sort=createdAt%2Cdesc&acknowledged=false');
  });

  it('leaves the monitoring parts out, and does not ask for alerts, without the ability to view Monitoring', async () => {
    const calls = stubApi();
    renderHome(noMonitoring);
    const section = await screen.findByRole('region', { name: 'Driver compliance' });
    await within(section).findByRole('table', { name: 'Drivers, by qualification' });
    expect(within(section).queryByRole('table', { name: 'Open alerts, by severity' })).toBeNull();
    expect(within(section).queryByText('Open alerts')).toBeNull();
    expect(calls.some((call) => call.startsWith('/api/v1/company/me/alerts'))).toBe(false);
  });

  it('leaves the monitoring parts out when the company has no monitoring plugin', async () => {
    const calls = stubApi();
    renderHome(viewer, ['orders']);
    const section = await screen.findByRole('region', { name: 'Driver compliance' });
    await within(section).findByRole('table', { name: 'Drivers, by qualification' });
    expect(within(section).queryByRole('list', { name: 'Newest open alerts' })).toBeNull();
    expect(calls.some((call) => call.startsWith('/api/v1/company/me/alerts'))).toBe(false);
  });

  it('leaves the orders out for a user who may not view orders', async () => {
    stubApi();
    renderHome(noOrders);
    const section = await screen.findByRole('region', { name: 'Driver compliance' });
    await within(section).findByRole('table', { name: 'Open alerts, by severity' });
    expect(within(section).queryByRole('table', { name: /^Orders of the last 30 days/ })).toBeNull();
  });

  it('says in one sentence that there were no orders, instead of two charts of zeros', async () => {
    stubApi({ ...METRICS, ordersLast30Days: { total: 0, byStatus: [], byOutcome: [] } });
    renderHome(viewer);
    const section = await screen.findByRole('region', { name: 'Driver compliance' });
    expect(await within(section).findByText('No orders were placed in the last 30 days.')).toBeInTheDocument();
    expect(within(section).queryByRole('table', { name: /^Orders of the last 30 days/ })).toBeNull();
  });

  it('shows the problem’s words with "Try again" when the figures cannot be loaded', async () => {
    stubApi(undefined);
    configureHttp({
      idToken: async () => 'id-token',
      onUnauthenticated: () => {},
      fetch: (async () => json(503, { status: 503, code: 'Unavailable', detail: 'The database is busy, try again in a moment.' })) as unknown as typeof globalThis.fetch,
    });
    renderHome(viewer);
    const section = await screen.findByRole('region', { name: 'Driver compliance' });
    expect(await within(section).findByText('The database is busy, try again in a moment.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
