// The alert page (/drivers/{driverId}/alerts/{id}): the change before and after, the re-judged outcome,
// the acknowledgement form for a Manager (and what it sends), read-only for a Viewer, and the
// driver's other open alerts.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@clearlane/contract/users';
import type { DriverAlertDetail } from '@clearlane/contract/monitoring';
import { AlertDetails } from '../../../src/features/drivers/components/alert/alert-page.tsx';
import { queryKeys } from '../../../src/lib/query-keys.ts';
import { notify } from '../../../src/lib/toasts/notify.ts';
import { ALERT_ID, alertDetail, alertSummary, DRIVER_ID, manager, page, renderAs, viewer, type Routes } from './monitoring-harness.tsx';

const OTHER_ID = '0190a000-0000-7000-8000-0000000000a2';
const ALERT_PATH = `/api/v1/person/${DRIVER_ID}/alert/${ALERT_ID}`;

function renderAlert(signedIn: CurrentUser, alert: DriverAlertDetail, routes: Routes = {}) {
  return renderAs(
    signedIn,
    (queryClient) => {
      queryClient.setQueryData(queryKeys.alerts.detail(DRIVER_ID, ALERT_ID), alert);
      return <AlertDetails driverId={DRIVER_ID} alertId={ALERT_ID} />;
    },
    {
      'GET /api/v1/company/me/alerts/drivers': () =>
        page([alertSummary(), alertSummary({ id: OTHER_ID, title: 'Licence expires in 30 days', severity: 'LOW', changeKind: 'LICENCE_EXPIRING', type: 'LICENCE_EXPIRY_REMINDER' })]),
      ...routes,
    },
  );
}

describe('the alert page', { timeout: 60_000 }, () => {
  it('shows the alert, the values before and after, the violation and the re-judged outcome', async () => {
    renderAlert(manager, alertDetail({ severity: 'HIGH', escalatedAfterDays: 7 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New moving violation: speeding 15 mph over' })).toBeInTheDocument();
    expect(screen.getByText('High severity')).toBeInTheDocument();
    expect(screen.getByText('Escalated after 7 days')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Values before and after the change' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['What', 'Before', 'After']);
    const points = within(table).getByRole('row', { name: /Points/ });
    expect(within(points).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '5 (changed)']);
    const status = within(table).getByRole('row', { name: /Licence status/ });
    expect(within(status).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['VALID', 'VALID']);

    const violation = screen.getByRole('region', { name: 'New violation' });
    expect(violation).toHaveTextContent('Speeding 15 mph over');
    expect(violation).toHaveTextContent('(S15)');

    const recheck = screen.getByRole('region', { name: 'Re-judged outcome' });
    expect(within(recheck).getByRole('link', { name: 'Open the order' })).toHaveAttribute('href', expect.stringContaining('/orders/'));
    const outcomes = within(recheck).getByRole('group', { name: 'Outcome before and after' });
    expect(outcomes).toHaveTextContent(/Before.*Pass.*After.*Fail/);
    expect(recheck).toHaveTextContent('At most 1 moving violation in 3 years');
    expect(recheck).toHaveTextContent('Found 2 moving violations in 3 years');
  });

  it('lists only the other open alerts of the driver, each linking to its page', async () => {
    const { sent } = renderAlert(manager, alertDetail());
    const others = await screen.findByRole('region', { name: 'Other open alerts' });
    const link = await within(others).findByRole('link', { name: 'Licence expires in 30 days' });
    expect(link).toHaveAttribute('href', `/drivers/${DRIVER_ID}/alerts/${OTHER_ID}`);
    expect(within(others).queryByRole('link', { name: /speeding/ })).toBeNull();
    const list = sent.find((request) => request.path === '/api/v1/company/me/alerts/drivers')!;
    expect(Object.fromEntries(new URLSearchParams(list.search))).toMatchObject({ personId: DRIVER_ID, acknowledged: 'false' });
  });

  it('lets a Manager acknowledge with a note and record the annual review, then shows who acknowledged', async () => {
    const acknowledged = alertDetail({
      acknowledgedAt: '2026-11-23T09:30:00.000Z',
      acknowledgedBy: '0190a000-0000-7000-8000-000000000099',
      acknowledgedByName: 'Maria Manager',
      acknowledgementNote: 'Spoke with Aisha; refresher training booked.',
      annualReviewId: '0190a000-0000-7000-8000-0000000000f1',
    });
    const { sent } = renderAlert(manager, alertDetail(), { [`PATCH ${ALERT_PATH}/acknowledge`]: () => acknowledged });
    const user = userEvent.setup({ delay: null });
    const section = await screen.findByRole('region', { name: 'Acknowledgement' });
    await user.type(within(section).getByRole('textbox', { name: /Note/ }), '  Spoke with Aisha; refresher training booked.  ');
    expect(within(section).queryByRole('radiogroup', { name: /Review decision/ })).toBeNull();
    await user.click(within(section).getByRole('checkbox', { name: /annual review/ }));
    await user.click(within(section).getByRole('radio', { name: 'Not qualified to drive' }));
    await user.click(within(section).getByRole('button', { name: 'Acknowledge alert' }));

    await waitFor(() =>
      expect(sent.filter((request) => request.method === 'PATCH')).toEqual([
        {
          method: 'PATCH',
          path: `${ALERT_PATH}/acknowledge`,
          search: '',
          body: { note: 'Spoke with Aisha; refresher training booked.', annualReview: { decision: 'NOT_QUALIFIED' } },
        },
      ]),
    );
    expect(await within(section).findByText('Maria Manager')).toBeInTheDocument();
    expect(section).toHaveTextContent('Spoke with Aisha; refresher training booked.');
    expect(section).toHaveTextContent("Recorded as the driver's annual review");
    expect(within(section).queryByRole('button', { name: 'Acknowledge alert' })).toBeNull();
    expect(screen.getByText('Acknowledged')).toBeInTheDocument();
  });

  it('sends an empty body when a Manager acknowledges without a note', async () => {
    const { sent } = renderAlert(manager, alertDetail(), { [`PATCH ${ALERT_PATH}/acknowledge`]: () => alertDetail({ acknowledgedAt: '2026-11-23T09:30:00.000Z', acknowledgedByName: 'Maria Manager' }) });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Acknowledge alert' }));
    await waitFor(() => expect(sent.find((request) => request.method === 'PATCH')?.body).toEqual({}));
    expect(await screen.findByText('No note was left.')).toBeInTheDocument();
  });

  it('shows the server refusal and keeps the form', async () => {
    const error = vi.spyOn(notify, 'error');
    renderAlert(manager, alertDetail(), {
      [`PATCH ${ALERT_PATH}/acknowledge`]: () =>
        Response.json({ status: 403, code: 'Forbidden', title: 'Forbidden', detail: 'You may not acknowledge alerts.' }, { status: 403, headers: { 'content-type': 'application/problem+json' } }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Acknowledge alert' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('You may not acknowledge alerts.', { title: 'The alert could not be acknowledged' }));
    expect(screen.getByRole('button', { name: 'Acknowledge alert' })).toBeInTheDocument();
  });

  it('gives a Viewer no acknowledge control on an open alert', async () => {
    renderAlert(viewer, alertDetail());
    const section = await screen.findByRole('region', { name: 'Acknowledgement' });
    expect(section).toHaveTextContent('Not acknowledged yet');
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).queryByRole('textbox')).toBeNull();
  });

  it('shows a Viewer who acknowledged an acknowledged alert, and when', async () => {
    renderAlert(viewer, alertDetail({ acknowledgedAt: '2026-11-23T09:30:00.000Z', acknowledgedByName: 'Maria Manager', acknowledgementNote: 'Handled.' }));
    const section = await screen.findByRole('region', { name: 'Acknowledgement' });
    expect(section).toHaveTextContent('Acknowledged by Maria Manager');
    expect(within(section).getByText(/2026/).closest('time')).toHaveAttribute('datetime', '2026-11-23T09:30:00.000Z');
    expect(section).toHaveTextContent('Handled.');
  });

  it('shows a DMV action and leaves out the re-judged outcome when no fresh MVR was ordered', async () => {
    const base = alertDetail();
    renderAlert(
      manager,
      alertDetail({
        changeKind: 'SUSPENSION',
        severity: 'HIGH',
        recheck: null,
        change: { ...base.change, violation: null, dmvAction: { type: 'SUSPENSION', effectiveDate: '2026-11-10', endDate: null, reason: 'Failure to appear' } },
      }),
    );
    const action = await screen.findByRole('region', { name: 'DMV action' });
    expect(action).toHaveTextContent('Failure to appear');
    expect(action).toHaveTextContent('Open-ended');
    expect(screen.queryByRole('region', { name: 'Re-judged outcome' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'New violation' })).toBeNull();
  });
});
