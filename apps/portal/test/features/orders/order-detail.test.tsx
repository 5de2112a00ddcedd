// The order detail page's parts: an adjudicated Fail shows every rule with its verdict and marks the
// deciding ones; the timeline is a list, oldest first, with sub-status notes; the reviewed switch
// flips at once and flips back with an error toast when the server refuses; MVR documents download
// with the server's file name.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@clearlane/contract/orders';
import { theme } from '../../../src/app/theme.ts';
import * as toasts from '../../../src/lib/toasts/notify.ts';
import { OrderOutcome } from '../../../src/features/orders/components/order-outcome.tsx';
import { showsOutcome } from '../../../src/features/orders/components/order-page.tsx';
import { OrderTimeline } from '../../../src/features/orders/components/order-timeline.tsx';
import { ReviewedSwitch } from '../../../src/features/orders/components/reviewed-switch.tsx';
import { AbilityProvider } from '../../../src/lib/ability.tsx';
import { fileNameFromContentDisposition as fileNameOf } from '../../../src/lib/content-disposition.ts';
import { fetchMvrReport } from '../../../src/lib/download.ts';
import { configureHttp } from '../../../src/lib/http.ts';
import { queryKeys } from '../../../src/lib/query-keys.ts';
import { testUser } from '../../fixtures.ts';
import { renderRouter } from '../../render.tsx';

const ORDER_ID = '01a2075e-609a-79d9-a24e-c20369a7415d';

const failedMvr = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: ORDER_ID,
  type: 'MVR_WITH_ADJUDICATION',
  status: 'Complete',
  processingStatus: 'Complete',
  outcome: 'Fail',
  subStatus: null,
  changeNotes: null,
  isReviewed: false,
  reviewedAt: null,
  reviewedBy: null,
  subjectLabel: 'Casey Major (CA D1234563)',
  personId: null,
  businessId: null,
  reportGroupId: null,
  permissiblePurpose: 'WRITTEN_CONSENT',
  ruleNamespace: 'default',
  riskAssessmentDefinitionName: null,
  mvrExternalReferenceId: null,
  isAutoAdjudicated: true,
  tags: [],
  failureReason: null,
  resultSummary: null,
  createdAt: '2025-06-01T10:00:00.000Z',
  updatedAt: '2025-06-01T10:00:01.000Z',
  completedAt: '2025-06-01T10:00:01.000Z',
  events: [
    { id: 'e1', type: 'CREATED', fromStatus: null, toStatus: 'New', message: 'Ordered by Aggie Agent', actorId: 'u1', data: null, createdAt: '2025-06-01T10:00:00.000Z' },
    { id: 'e2', type: 'COMPLETED', fromStatus: 'Received', toStatus: 'Complete', message: 'Complete: Fail', actorId: null, data: { outcome: 'Fail' }, createdAt: '2025-06-01T10:00:01.000Z' },
    {
      id: 'e3', type: 'SUB_STATUS_CHANGED', fromStatus: null, toStatus: null, message: 'Sub-status set to "Under review" by Max Manager', actorId: 'u2',
      data: { from: null, to: 'Under review', changeNotes: 'Asked the driver about the DUI.' }, createdAt: '2025-06-01T11:00:00.000Z',
    },
  ],
  adjudication: {
    outcome: 'Fail',
    rulesetNamespace: 'default',
    results: [
      { ruleId: 'no-major-5y', description: 'No major violation in the last 5 years', passed: false, actual: 1 },
      { ruleId: 'moving-3y', description: 'At most 2 moving violations in the last 3 years', passed: true, actual: 1 },
      { ruleId: 'texas-only', description: 'Texas record type is certified', passed: null, actual: null },
    ],
    decidingRuleIds: ['no-major-5y'],
    summary: 'Not met: No major violation in the last 5 years.',
  },
  ...overrides,
});

const manager = testUser({ roles: [{ name: 'Manager', permissions: [{ action: 'manage', subject: 'Order' }] }], groups: ['Manager'] });
const viewer = testUser();

function renderWith(ui: ReactNode, { user = manager, queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }) } = {}) {
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <AbilityProvider user={user}>{ui}</AbilityProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return queryClient;
}

afterEach(() => vi.unstubAllGlobals());

/** The outcome links to the ruleset's page: it needs a router. */
async function renderOutcome(order: OrderDetail) {
  const root = createRootRoute({ component: Outlet });
  const tree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/', component: () => <OrderOutcome order={order} /> }),
    createRoute({ getParentRoute: () => root, path: 'rules/$namespace', component: () => <h1>Rules</h1> }),
  ]);
  renderRouter(createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: ['/'] }) }), { signedIn: { user: manager, plugins: ['orders'] } });
  return screen.findByRole('region', { name: 'Outcome' }, { timeout: 10_000 });
}

describe('the outcome of an adjudicated Fail', () => {
  it('lists every rule with its verdict, marks the deciding rule, and shows the summary', async () => {
    const section = await renderOutcome(failedMvr());
    expect(within(section).getByText('Fail')).toBeInTheDocument();
    expect(within(section).getByText('Not met: No major violation in the last 5 years.')).toBeInTheDocument();

    const table = within(section).getByRole('table', { name: 'Rules of the "default" ruleset' });
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const [major, moving, notApplicable] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(major).getByText('Deciding rule')).toBeInTheDocument();
    expect(within(major).getByText('Failed')).toBeInTheDocument();
    expect(major).toHaveAttribute('data-deciding', 'true');
    expect(within(moving).queryByText('Deciding rule')).toBeNull();
    expect(within(moving).getByText('Passed')).toBeInTheDocument();
    expect(moving).not.toHaveAttribute('data-deciding');
    expect(within(notApplicable).getByText('Not applicable')).toBeInTheDocument();
    expect(within(notApplicable).getByText('—')).toBeInTheDocument();
    // Judged before versions were kept: the ruleset alone is named.
    expect(within(section).getByTestId('judged-by')).toHaveTextContent('the “default” ruleset');
  });

  it('names the version of the ruleset that judged it, linking to the ruleset', async () => {
    const base = failedMvr();
    const section = await renderOutcome({ ...base, adjudication: { ...base.adjudication!, rulesetNamespace: 'long-haul', rulesetVersion: 3 } });
    const link = within(section).getByRole('link', { name: 'version 3 of the “long-haul” ruleset' });
    expect(link).toHaveAttribute('href', '/rules/long-haul');
  });

  it('says the seeded default judged it when no rule was ever saved', async () => {
    const base = failedMvr();
    const section = await renderOutcome({ ...base, adjudication: { ...base.adjudication!, rulesetVersion: 0 } });
    expect(within(section).getByTestId('judged-by')).toHaveTextContent('the “default” ruleset (Clearlane’s default rules, never edited)');
  });

  it('says why there is no rule table for an MVR that was not adjudicated', () => {
    renderWith(<OrderOutcome order={failedMvr({ type: 'MVR', isAutoAdjudicated: false, outcome: 'NoResults', adjudication: null })} />);
    expect(screen.getByText('No results')).toBeInTheDocument();
    expect(screen.getByText('The provider found no record for this subject.')).toBeInTheDocument();
    expect(screen.getByText(/was not adjudicated automatically/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it.each([
    ['NoResults', 'No rule was applied: the provider found no driving record for this licence, so there was nothing to judge.'],
    ['NotFulfilled', 'No rule was applied: the state did not fulfil the request, so there was no record to judge.'],
  ] as const)('says in one sentence why no rule applied to an adjudicated MVR with outcome %s, without an empty rule table', (outcome, why) => {
    renderWith(<OrderOutcome order={failedMvr({ outcome, adjudication: { outcome, rulesetNamespace: 'default', results: [], decidingRuleIds: [], summary: 'The state did not fulfil the request.' } })} />);
    expect(screen.getByText(why)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/Judged by/)).toBeNull();
  });

  it('is shown for orders with an outcome and for adjudicated MVRs on their way, not for failed or outcome-less reports', () => {
    expect(showsOutcome(failedMvr())).toBe(true);
    expect(showsOutcome({ type: 'MVR_WITH_ADJUDICATION', status: 'Ordered', outcome: null })).toBe(true);
    expect(showsOutcome({ type: 'VIN_REPORT', status: 'Ordered', outcome: null })).toBe(false);
    expect(showsOutcome({ type: 'MVR_WITH_ADJUDICATION', status: 'Error', outcome: null })).toBe(false);
    expect(showsOutcome({ type: 'PERSON_RISK_ASSESSMENT', status: 'Complete', outcome: null })).toBe(false);
  });
});

describe('the timeline', () => {
  it('is a list, oldest first, with who did what and the notes of a sub-status change', () => {
    renderWith(<OrderTimeline events={failedMvr().events} />);
    const list = screen.getByRole('list', { name: 'Order history, oldest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByText(/./)[0]!.textContent)).toEqual(['Placed', 'Complete', 'Sub-status changed']);
    expect(within(items[0]!).getByText('Ordered by Aggie Agent')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Asked the driver about the DUI.')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/Clearlane/)).toBeInTheDocument();
  });
});

describe('the reviewed switch', () => {
  it('flips at once, then flips back with an error toast when the server refuses', async () => {
    let refuse!: (response: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (refuse = resolve)));
    configureHttp({ idToken: async () => 'token', onUnauthenticated: () => {}, fetch: fetch as typeof globalThis.fetch });
    const error = vi.spyOn(toasts.notify, 'error');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(queryKeys.orders.detail(ORDER_ID), failedMvr());

    renderWith(<ReviewedSwitch order={failedMvr()} />, { queryClient });
    const toggle = screen.getByRole('switch', { name: 'Reviewed: Casey Major (CA D1234563)' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();

    // Optimistic: the cached order says reviewed before the server has answered.
    await waitFor(() => expect(queryClient.getQueryData<OrderDetail>(queryKeys.orders.detail(ORDER_ID))?.isReviewed).toBe(true));
    expect(fetch).toHaveBeenCalledWith(`/api/v1/orders/${ORDER_ID}/reviewed`, expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ isReviewed: true }) }));

    await act(async () =>
      refuse(Response.json({ status: 403, title: 'Forbidden', code: 'Forbidden', detail: 'You may not review orders.' }, { status: 403, headers: { 'content-type': 'application/problem+json' } })),
    );
    await waitFor(() => expect(queryClient.getQueryData<OrderDetail>(queryKeys.orders.detail(ORDER_ID))?.isReviewed).toBe(false));
    expect(error).toHaveBeenCalledWith('You may not review orders.', { title: 'Could not mark the order reviewed' });
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('is plain words for those who may not manage orders', () => {
    renderWith(<ReviewedSwitch order={failedMvr({ isReviewed: true })} withLabel />, { user: viewer });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByText('Reviewed')).toBeInTheDocument();
  });
});

describe('MVR documents', () => {
  it('are fetched as files with the name the server gives them', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0x00]);
    const fetch = vi.fn(async () => new Response(pdf, { headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="mvr-${ORDER_ID}-condensed.pdf"` } }));
    configureHttp({ idToken: async () => 'token', onUnauthenticated: () => {}, fetch: fetch as typeof globalThis.fetch });
    const file = await fetchMvrReport(ORDER_ID, 'condensed');
    expect(fetch).toHaveBeenCalledWith(
      `/api/v1/orders/${ORDER_ID}/mvr/report?format=MVR_CONDENSED_REPORT`,
      expect.objectContaining({ method: 'GET', headers: { accept: 'application/pdf', authorization: 'Bearer token' } }),
    );
    expect(file.fileName).toBe(`mvr-${ORDER_ID}-condensed.pdf`);
    // Bytes arrive unchanged (a text read would have mangled 0xff).
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(pdf);
  });

  it('a refusal is a problem with the server’s words', async () => {
    const fetch = vi.fn(async () => Response.json({ status: 409, code: 'ReportNotReady', detail: 'The report is not ready: the order is Ordered.' }, { status: 409 }));
    configureHttp({ idToken: async () => 'token', onUnauthenticated: () => {}, fetch: fetch as typeof globalThis.fetch });
    await expect(fetchMvrReport(ORDER_ID, 'standard')).rejects.toThrow('The report is not ready: the order is Ordered.');
  });

  it('reads file names from Content-Disposition, never a path', () => {
    expect(fileNameOf('attachment; filename="mvr-1-standard.pdf"')).toBe('mvr-1-standard.pdf');
    expect(fileNameOf("attachment; filename=plain.pdf; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf")).toBe('résumé.pdf');
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('inline')).toBeNull();
  });
});
