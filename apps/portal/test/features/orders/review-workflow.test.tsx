// Reviewing an order (issue 13): the sub-status form picks from the company's list; the sub-status
// settings dialog edits that list (and says what is wrong on the entry); the adverse action section
// shows its dated steps, asks for both FCRA confirmations before recording the pre-adverse notice,
// and holds the final notice until the waiting period is over.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdverseAction } from '@clearlane/contract/order-review';
import type { OrderDetail } from '@clearlane/contract/orders';
import { theme } from '../../../src/app/theme.ts';
import { AdverseActionSection, AdverseActionSteps } from '../../../src/features/orders/components/adverse-action-section.tsx';
import { SubStatusForm } from '../../../src/features/orders/components/sub-status-form.tsx';
import { SubStatusSettingsModal } from '../../../src/features/orders/components/sub-status-settings-modal.tsx';
import { AbilityProvider } from '../../../src/lib/ability.tsx';
import { configureHttp } from '../../../src/lib/http.ts';
import { testUser } from '../../fixtures.ts';

const ORDER_ID = '01a2075e-609a-79d9-a24e-c20369a7415d';
const manager = testUser({ roles: [{ name: 'Manager', permissions: [{ action: 'manage', subject: 'Order' }] }], groups: ['Manager'] });
const viewer = testUser({ roles: [{ name: 'Viewer', permissions: [{ action: 'view', subject: 'Order' }] }], groups: ['Viewer'] });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The API: `answer` per "METHOD path"; every call is recorded. */
function stubApi(answer: Record<string, (body: unknown) => Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = new URL(input, 'http://acme.localhost').pathname;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    return answer[`${method} ${path}`]?.(body) ?? json(404, { status: 404, code: 'NotFound', detail: `No stub for ${method} ${path}` });
  });
  configureHttp({ idToken: async () => 'token', onUnauthenticated: () => {}, fetch: fetch as unknown as typeof globalThis.fetch });
  return calls;
}

function renderWith(ui: ReactNode, user = manager) {
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AbilityProvider user={user}>{ui}</AbilityProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string | RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

afterEach(() => vi.restoreAllMocks());

const order = { id: ORDER_ID, subStatus: 'Legacy wording' } as OrderDetail;

describe('the sub-status form', { timeout: 20_000 }, () => {
  it('offers the company’s sub-statuses, not free text, and sends the one picked with the notes', async () => {
    const calls = stubApi({
      'GET /api/v1/company/me/sub-statuses': () => json(200, { subStatuses: ['Under review', 'Waiting for consent', 'Cleared'] }),
      [`PATCH /api/v1/orders/${ORDER_ID}/status`]: (body) => json(200, { ...order, ...(body as object), events: [] }),
    });
    const user = userEvent.setup();
    renderWith(<SubStatusForm order={order} />);
    // An order keeps a value its company no longer lists, and shows it.
    expect(screen.getByText('Legacy wording')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Sub-status/ }));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['Under review', 'Waiting for consent', 'Cleared']);
    await user.click(options[1]!);
    await user.click(screen.getByRole('textbox', { name: /Notes/ }));
    await user.paste('Mailed the consent form');
    await user.click(screen.getByRole('button', { name: 'Save sub-status' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ subStatus: 'Waiting for consent', changeNotes: 'Mailed the consent form' }));
  });
});

describe('the sub-status settings', { timeout: 20_000 }, () => {
  it('edit the list in its order: a repeated label is named on its entry and nothing is sent; then it saves', async () => {
    const calls = stubApi({
      'GET /api/v1/company/me/sub-statuses': () => json(200, { subStatuses: ['Under review', 'Escalated', 'Cleared'] }),
      'PUT /api/v1/company/me/sub-statuses': (body) => json(200, body),
    });
    const user = userEvent.setup();
    renderWith(<SubStatusSettingsModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Sub-statuses' });
    expect(await within(dialog).findByRole('textbox', { name: /Sub-status 1/ })).toHaveValue('Under review');

    await user.click(within(dialog).getByRole('button', { name: 'Remove “Escalated”' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move “Cleared” up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add a sub-status' }));
    await user.click(within(dialog).getByRole('textbox', { name: /Sub-status 3/ }));
    await user.paste('cleared');
    await user.click(within(dialog).getByRole('button', { name: 'Save sub-statuses' }));
    expect(await within(dialog).findByText('Sub-status 3 repeats "cleared"')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(within(dialog).getByRole('textbox', { name: /Sub-status 3/ }));
    await user.paste('Awaiting driver');
    await user.click(within(dialog).getByRole('button', { name: 'Save sub-statuses' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ subStatuses: ['Cleared', 'Under review', 'Awaiting driver'] }));
  });
});

const notStarted: AdverseAction = {
  orderId: ORDER_ID, status: 'NOT_STARTED', waitingBusinessDays: 5, preAdverseNoticeAt: null, preAdverseDeliveryMethod: null,
  finalNoticeAllowedOn: null, finalNoticeAt: null, finalDeliveryMethod: null, cancelledAt: null,
};
const started: AdverseAction = {
  ...notStarted, status: 'PRE_ADVERSE_NOTICE_SENT', preAdverseNoticeAt: '2026-11-23T15:00:00.000Z', preAdverseDeliveryMethod: 'MAIL', finalNoticeAllowedOn: '2026-11-30',
};

describe('the adverse action', { timeout: 20_000 }, () => {
  it('shows each step dated, and the waiting period as under way until its day', () => {
    renderWith(<AdverseActionSteps action={started} now={new Date('2026-11-27T12:00:00Z')} />);
    const steps = within(screen.getByRole('list', { name: 'Adverse action steps' })).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent(/1\. Pre-adverse action notice \(done\)Given by mail on Nov 2[34], 2026.*, with a copy of the report and the Summary of Your Rights\./);
    expect(steps[1]).toHaveTextContent(/2\. Waiting period \(under way\)5 business days: the final notice can be given from Nov 30, 2026\./);
    expect(steps[2]).toHaveTextContent('3. Final adverse action notice (not yet)Not given.');
  });

  it('asks a Manager to confirm the report copy and the Summary of Your Rights before recording the pre-adverse notice', async () => {
    const calls = stubApi({
      [`GET /api/v1/orders/${ORDER_ID}/adverse-action`]: () => json(200, notStarted),
      // A waiting period that is not over whenever the test runs.
      [`POST /api/v1/orders/${ORDER_ID}/adverse-action/pre-adverse-notice`]: () => json(200, { ...started, finalNoticeAllowedOn: '2999-01-04' }),
    });
    const user = userEvent.setup();
    renderWith(<AdverseActionSection orderId={ORDER_ID} />);
    const form = await screen.findByRole('form', { name: 'Record the pre-adverse action notice' });
    await user.click(within(form).getByRole('button', { name: 'Record pre-adverse notice' }));
    expect(within(form).getByText('How the notice was given is required')).toBeInTheDocument();
    expect(within(form).getByText('Confirm that a copy of the report went with the notice')).toBeInTheDocument();
    expect(within(form).getByText('Confirm that the Summary of Your Rights went with the notice')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await choose(user, /How the pre-adverse action notice was given/, 'By mail');
    await user.click(within(form).getByRole('checkbox', { name: 'A copy of the report went with the notice' }));
    await user.click(within(form).getByRole('checkbox', { name: '“A Summary of Your Rights Under the FCRA” went with the notice' }));
    await user.click(within(form).getByRole('button', { name: 'Record pre-adverse notice' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toEqual({
        method: 'POST', path: `/api/v1/orders/${ORDER_ID}/adverse-action/pre-adverse-notice`, body: { deliveryMethod: 'MAIL', reportCopySent: true, summaryOfRightsSent: true, notes: null },
      }),
    );
    // Then the next step: the final notice, held until the waiting period is over (the server refuses it too).
    const next = await screen.findByRole('form', { name: 'Record the final adverse action notice' });
    expect(within(next).getByRole('button', { name: 'Record final notice' })).toBeDisabled();
    expect(within(next).getByText(/the final notice can be recorded from Jan 4, 2999/)).toBeInTheDocument();
    expect(within(next).getByRole('button', { name: 'Cancel adverse action' })).toBeEnabled();
  });

  it('is steps only, no form, for a Viewer', async () => {
    stubApi({ [`GET /api/v1/orders/${ORDER_ID}/adverse-action`]: () => json(200, started) });
    renderWith(<AdverseActionSection orderId={ORDER_ID} />, viewer);
    expect(await screen.findByRole('list', { name: 'Adverse action steps' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
