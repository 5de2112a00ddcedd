// The driver page's monitoring panels: enrolment states (not enrolled, pending with the state's
// coverage, active) and what Enrol/Remove send; the qualification with its reasons; the driver's
// alerts linking to their pages; annual reviews listed and recorded against a complete MVR.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AnnualReview, DriverQualification, MonitoringEnrolment } from '@clearlane/contract/monitoring';
import type { Order } from '@clearlane/contract/orders';
import type { Person } from '@clearlane/contract/persons';
import { AnnualReviewsPanel } from '../../../src/features/drivers/components/monitoring/annual-reviews-panel.tsx';
import { DriverAlerts } from '../../../src/features/drivers/components/monitoring/driver-alerts.tsx';
import { MonitoringPanel } from '../../../src/features/drivers/components/monitoring/monitoring-panel.tsx';
import { QualificationPanel } from '../../../src/features/drivers/components/monitoring/qualification-panel.tsx';
import { useMonitoringAccess } from '../../../src/features/drivers/components/monitoring/use-monitoring-access.ts';
import { queryKeys } from '../../../src/lib/query-keys.ts';
import { alertSummary, ALERT_ID, DRIVER_ID, manager, ORDER_ID, page, renderAs, viewer } from './monitoring-harness.tsx';

const driver = (overrides: Partial<Person> = {}): Person => ({
  id: DRIVER_ID,
  firstName: 'Aisha',
  middleName: null,
  lastName: 'Khan',
  fullName: 'Aisha Khan',
  dateOfBirth: '1990-11-02',
  licenceNumber: '48213572',
  licenceState: 'TX',
  email: null,
  phone: null,
  externalId: 'EMP-1003',
  monitoringTypes: [],
  monitoring: [],
  licenceExpiresOn: null,
  medicalCertificateExpiresOn: null,
  qualification: { status: 'ATTENTION', reasons: ['No MVR yet'], lastMvrOrderId: null, lastMvrDate: null, lastAnnualReviewOn: null, annualReviewDueOn: null, openAlerts: 0 },
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

const pendingMvr: MonitoringEnrolment = { monitoringType: 'MvrMonitoring', status: 'PENDING', enrolledAt: '2026-11-22T09:00:00.000Z', activeSince: null };
const noEvents = { [`GET /api/v1/person/${DRIVER_ID}/events`]: () => page([]) };

/** The panel as the driver page shows it: with the signed-in user's access. */
function Panel({ shown }: { shown: Person }) {
  const { mayManage } = useMonitoringAccess();
  return <MonitoringPanel driver={shown} mayManage={mayManage} />;
}

describe('the monitoring panel', { timeout: 60_000 }, () => {
  it('shows a pending enrolment with the state coverage, and what the state takes to confirm', async () => {
    renderAs(viewer, () => <Panel shown={driver({ licenceState: 'CA', licenceNumber: 'D1234567', monitoringTypes: ['MvrMonitoring'], monitoring: [pendingMvr] })} />, noEvents);
    const panel = await screen.findByRole('region', { name: 'Monitoring' });
    expect(panel).toHaveTextContent('California reports: new convictions, DMV actions and licence status.');
    expect(panel).toHaveTextContent('takes up to 3 days to confirm an enrolment');
    const mvr = within(panel).getByRole('group', { name: 'MVR monitoring' });
    expect(mvr).toHaveTextContent('Enrolment pending');
    expect(mvr).toHaveTextContent('waiting for the state to confirm');
    expect(within(panel).getByRole('group', { name: 'Person monitoring' })).toHaveTextContent('Not enrolled');
    // A Viewer reads; no Enrol or Remove.
    expect(within(panel).queryByRole('button', { name: /Enrol|Remove/ })).toBeNull();
    expect(await within(panel).findByText(/Nothing yet/)).toBeInTheDocument();
  });

  it('says a licence-status-only state covers status changes only', async () => {
    renderAs(viewer, () => <Panel shown={driver({ licenceState: 'PA', licenceNumber: '12345678' })} />, noEvents);
    expect(await screen.findByRole('region', { name: 'Monitoring' })).toHaveTextContent('Pennsylvania reports: licence status changes only.');
  });

  it('lets a Manager enrol a driver, sending ADD, and shows the answer', async () => {
    const active: MonitoringEnrolment = { monitoringType: 'MvrMonitoring', status: 'ACTIVE', enrolledAt: '2026-11-23T09:00:00.000Z', activeSince: '2026-11-23T09:00:00.000Z' };
    const { sent, queryClient } = renderAs(manager, (client) => <PanelFromCache client={client} />, {
      ...noEvents,
      [`PATCH /api/v1/person/${DRIVER_ID}/monitoring`]: () => driver({ monitoringTypes: ['MvrMonitoring'], monitoring: [active] }),
    });
    queryClient.setQueryData(queryKeys.drivers.detail(DRIVER_ID), driver());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Enrol in MVR monitoring' }));
    await waitFor(() =>
      expect(sent.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([{ monitoringType: 'MvrMonitoring', action: 'ADD' }]),
    );
    const mvr = await screen.findByRole('group', { name: 'MVR monitoring' });
    await waitFor(() => expect(mvr).toHaveTextContent('Active'));
    expect(within(mvr).getByRole('button', { name: 'Remove MVR monitoring' })).toBeInTheDocument();
  });

  it('lists the history newest first with who did it', async () => {
    renderAs(viewer, () => <Panel shown={driver()} />, {
      [`GET /api/v1/person/${DRIVER_ID}/events`]: () =>
        page([
          { id: '0190a000-0000-7000-8000-0000000000b2', type: 'ALERT_RAISED', message: 'New moving violation', actorId: null, actorName: null, data: null, createdAt: '2026-11-23T10:00:00.000Z' },
          { id: '0190a000-0000-7000-8000-0000000000b1', type: 'MONITORING_ADDED', message: 'Enrolled in MVR monitoring', actorId: '0190a000-0000-7000-8000-000000000099', actorName: 'Maria Manager', data: null, createdAt: '2026-11-22T10:00:00.000Z' },
        ]),
    });
    const items = await within(await screen.findByRole('list', { name: 'History' })).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringMatching(/^Alert raised.*Clearlane.*New moving violation$/), expect.stringMatching(/^Enrolled in monitoring.*Maria Manager/)]);
  });
});

/** Reads the driver from the cache, as the driver page does, so that the PATCH answer shows. */
function PanelFromCache({ client }: { client: QueryClient }) {
  const { data } = useQuery({ queryKey: queryKeys.drivers.detail(DRIVER_ID), queryFn: () => driver(), initialData: () => client.getQueryData<Person>(queryKeys.drivers.detail(DRIVER_ID)) ?? driver() });
  return <Panel shown={data} />;
}

describe('the qualification panel', { timeout: 60_000 }, () => {
  const qualification: DriverQualification = {
    status: 'NOT_QUALIFIED',
    reasons: ['Licence suspended since 2026-11-10', 'Annual review overdue since 2026-10-01'],
    lastMvrOrderId: ORDER_ID,
    lastMvrDate: '2026-11-20',
    lastAnnualReviewOn: '2025-10-01',
    annualReviewDueOn: '2026-10-01',
    openAlerts: 2,
  };

  it('shows the status with its reasons and the dates an auditor asks for', async () => {
    renderAs(viewer, () => <QualificationPanel qualification={qualification} linkOrders />, {});
    const panel = await screen.findByRole('region', { name: 'Qualification' });
    expect(panel).toHaveTextContent('Not qualified');
    expect(within(panel).getByRole('list', { name: 'Why' }).textContent).toBe('Licence suspended since 2026-11-10Annual review overdue since 2026-10-01');
    expect(within(panel).getByRole('link', { name: /2026/ })).toHaveAttribute('href', `/orders/${ORDER_ID}`);
    expect(screen.getByText('Annual review due', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/2026/);
    expect(screen.getByText('Open alerts', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2');
  });

  it('says so when everything is in order', async () => {
    renderAs(viewer, () => <QualificationPanel qualification={{ ...qualification, status: 'QUALIFIED', reasons: [], openAlerts: 0 }} linkOrders={false} />, {});
    const panel = await screen.findByRole('region', { name: 'Qualification' });
    expect(panel).toHaveTextContent('Qualified');
    expect(panel).toHaveTextContent('Everything an auditor asks for is in order.');
    expect(within(panel).queryByRole('link')).toBeNull();
  });
});

describe("the driver's alerts", { timeout: 60_000 }, () => {
  it('lists the open alerts, each linking to its page, and all of them on demand', async () => {
    const { sent } = renderAs(viewer, () => <DriverAlerts driverId={DRIVER_ID} />, {
      'GET /api/v1/company/me/alerts/drivers': (_body, url) =>
        url.searchParams.get('acknowledged') === 'false'
          ? page([alertSummary({ escalatedAfterDays: 14 })])
          : page([alertSummary(), alertSummary({ id: '0190a000-0000-7000-8000-0000000000a3', title: 'Old alert', acknowledgedAt: '2026-11-01T00:00:00.000Z', acknowledgedByName: 'Maria Manager' })]),
    });
    const section = await screen.findByRole('region', { name: 'Alerts' });
    const link = await within(section).findByRole('link', { name: 'New moving violation: speeding 15 mph over' });
    expect(link).toHaveAttribute('href', `/drivers/${DRIVER_ID}/alerts/${ALERT_ID}`);
    expect(section).toHaveTextContent('Escalated after 14 days');
    expect(new URLSearchParams(sent[0]!.search).get('personId')).toBe(DRIVER_ID);

    const user = userEvent.setup({ delay: null });
    await user.click(within(section).getByText('All'));
    expect(await within(section).findByRole('link', { name: 'Old alert' })).toBeInTheDocument();
    expect(section).toHaveTextContent('acknowledged by Maria Manager');
  });

  it('says when the driver has no open alert', async () => {
    renderAs(viewer, () => <DriverAlerts driverId={DRIVER_ID} />, { 'GET /api/v1/company/me/alerts/drivers': () => page([]) });
    expect(await screen.findByText('No open alerts.')).toBeInTheDocument();
  });
});

describe('annual reviews', { timeout: 60_000 }, () => {
  const review: AnnualReview = {
    id: '0190a000-0000-7000-8000-0000000000f1',
    personId: DRIVER_ID,
    orderId: ORDER_ID,
    reviewerId: '0190a000-0000-7000-8000-000000000099',
    reviewerName: 'Maria Manager',
    reviewedOn: '2025-11-20',
    note: 'Clean record.',
    decision: 'QUALIFIED',
    alertId: null,
    createdAt: '2025-11-20T10:00:00.000Z',
  };
  const mvrOrder = { id: ORDER_ID, type: 'MVR', status: 'Complete', outcome: 'Pass', createdAt: '2026-11-20T10:00:00.000Z', completedAt: '2026-11-20T10:05:00.000Z' } as Order;

  it('lists past reviews and gives a Viewer no way to record one', async () => {
    renderAs(viewer, () => <AnnualReviewsPanel driverId={DRIVER_ID} mayManage={false} linkOrders />, { [`GET /api/v1/person/${DRIVER_ID}/annual-reviews`]: () => [review] });
    const panel = await screen.findByRole('region', { name: 'Annual reviews' });
    const row = await within(panel).findByRole('row', { name: /Maria Manager/ });
    expect(row).toHaveTextContent('Qualified to drive');
    expect(row).toHaveTextContent('Clean record.');
    expect(within(panel).queryByRole('button', { name: 'Record annual review' })).toBeNull();
  });

  it('lets a Manager record a review against a complete MVR, naming a missing note first', async () => {
    const { sent } = renderAs(manager, () => <AnnualReviewsPanel driverId={DRIVER_ID} mayManage linkOrders />, {
      [`GET /api/v1/person/${DRIVER_ID}/annual-reviews`]: () => [],
      'GET /api/v1/orders': () => page([mvrOrder]),
      [`POST /api/v1/person/${DRIVER_ID}/annual-reviews`]: (body) => Response.json({ ...review, ...(body as object) }, { status: 201 }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Record annual review' }));
    const form = await screen.findByRole('form', { name: 'Record an annual review' });
    await user.click(within(form).getByRole('button', { name: 'Record review' }));
    expect(await within(form).findByText('Choose the MVR you reviewed')).toBeInTheDocument();
    expect(within(form).getByText('Note is required')).toBeInTheDocument();

    await user.click(within(form).getByRole('combobox', { name: /MVR reviewed/ }));
    await user.click(await screen.findByRole('option', { name: /MVR of/, hidden: true }));
    await user.type(within(form).getByRole('textbox', { name: /^Note/ }), 'Reviewed the 12-month MVR.');
    await user.click(within(form).getByRole('button', { name: 'Record review' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { orderId: ORDER_ID, reviewedOn: new Date().toISOString().slice(0, 10), note: 'Reviewed the 12-month MVR.', decision: 'QUALIFIED' },
    ]));
    const orders = sent.find((request) => request.path === '/api/v1/orders')!;
    expect(Object.fromEntries(new URLSearchParams(orders.search))).toMatchObject({ personId: DRIVER_ID, status: 'Complete' });
  });
});
