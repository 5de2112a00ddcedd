// The home page's MVR order health: the server's counts become figures, a chart with a text
// alternative and tables whose rows open /orders filtered to them; only users who may view orders
// (with the orders plugin) see it; loading, error (with a retry) and empty states say what is going on.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MvrMetrics } from '@clearlane/contract/orders';
import type { CurrentUser } from '@clearlane/contract/users';
import { chartSummary } from '../../../src/features/home/components/count-rows.ts';
import { formatDuration, mvrHealthOf } from '../../../src/features/home/components/mvr-health.ts';
import { configureHttp } from '../../../src/lib/http.ts';
import { testUser } from '../../fixtures.ts';
import { testPublicConfig } from '../../public-config.ts';
import { json, renderHome as renderAt } from './render-home.tsx';

const METRICS: MvrMetrics = {
  from: '2025-05-02T09:30:00.000Z',
  to: '2025-06-01T09:30:00.000Z',
  total: 31,
  byStatus: { Complete: 24, New: 1, Ordered: 2, Received: 1, Failed: 1, Error: 2 },
  byOutcome: { Pass: 12, Fail: 6, Indeterminate: 1, NoResults: 2, NotFulfilled: 1, None: 9 },
  averageTurnaroundSeconds: 95.4,
};
const EMPTY: MvrMetrics = { ...METRICS, total: 0, byStatus: {}, byOutcome: {}, averageTurnaroundSeconds: null };

const viewer = testUser({ roles: [{ name: 'Viewer', permissions: [{ action: 'view', subject: 'Order' }] }], groups: ['Viewer'] });
const manager = testUser({ roles: [{ name: 'Manager', permissions: [{ action: 'manage', subject: 'Order' }] }], groups: ['Manager'] });
const noOrders = testUser({ roles: [{ name: 'Viewer', permissions: [{ action: 'view', subject: 'Driver' }] }], groups: ['Viewer'] });

/** The API as the home page sees it; `metrics` answers the health call, one answer per call. */
function stubApi(...metrics: Response[]) {
  const paths: string[] = [];
  const fetch = async (input: string) => {
    const path = new URL(input, 'http://acme.localhost').pathname;
    paths.push(path);
    if (path === '/api/v1/company/me') return json(200, { id: 'company-1', name: 'Acme Logistics', tenantIdentifier: 'acme', customDomains: [] });
    if (path === '/api/v1/orders/health/mvr-metrics') return metrics.shift() ?? json(500, { status: 500, code: 'Error', detail: 'unexpected call' });
    return json(404, { status: 404, code: 'NotFound', detail: `No stub for ${path}` });
  };
  configureHttp({ idToken: async () => 'id-token', onUnauthenticated: () => {}, fetch: fetch as unknown as typeof globalThis.fetch });
  return paths;
}

const renderHome = (user: CurrentUser, plugins: string[] = ['orders']) => renderAt(user, plugins);

beforeEach(() => {
  testPublicConfig();
});

/** Both MVR types, as the link's URL carries them. */
const MVR_TYPES = encodeURIComponent(JSON.stringify(['MVR', 'MVR_WITH_ADJUDICATION']));

describe('mvrHealthOf', () => {
  it('sums what is pending and what ended without a report, and links each row to its filter from the first day', () => {
    const health = mvrHealthOf(METRICS);
    expect(health).toMatchObject({ total: 31, completed: 24, pending: 4, errored: 3, averageTurnaroundSeconds: 95.4 });
    expect(health.outcomes.map((row) => [row.label, row.count])).toEqual([['Pass', 12], ['Fail', 6], ['Indeterminate', 1], ['No results', 2], ['Not fulfilled', 1]]);
    // Each row lists the MVRs it counts, not the orders of other types with that outcome or status.
    expect(health.outcomes[1]!.search).toEqual({ type: ['MVR', 'MVR_WITH_ADJUDICATION'], outcome: 'Fail', from: '2025-05-02' });
    // 24 completed, 22 of them with an outcome: 2 MVRs nobody adjudicated.
    expect(health.notAdjudicated).toMatchObject({ count: 2, search: { type: 'MVR', status: 'Complete', from: '2025-05-02' } });
    expect(health.unfinished.map((row) => [row.label, row.count])).toEqual([['New', 1], ['Ordered', 2], ['Received', 1], ['Failed', 1], ['Error', 2]]);
    expect(health.unfinished[4]!.search).toEqual({ type: ['MVR', 'MVR_WITH_ADJUDICATION'], status: 'Error', from: '2025-05-02' });
    expect(health.notReviewed).toEqual({ type: ['MVR', 'MVR_WITH_ADJUDICATION'], status: 'Complete', isReviewed: false, from: '2025-05-02' });
  });

  it('lists every outcome even with no orders, and no "not adjudicated" row when there are none', () => {
    const health = mvrHealthOf(EMPTY);
    expect(health.outcomes.every((row) => row.count === 0)).toBe(true);
    expect(health.notAdjudicated).toBeNull();
    expect(health).toMatchObject({ pending: 0, errored: 0 });
  });

  it('writes a chart as one sentence', () => {
    expect(chartSummary('MVR orders pending, failed or in error', mvrHealthOf(METRICS).unfinished)).toBe(
      'Bar chart of MVR orders pending, failed or in error: New 1, Ordered 2, Received 1, Failed 1, Error 2.',
    );
  });

  it('writes turnarounds people read', () => {
    expect(formatDuration(0.34)).toBe('0.3 s');
    expect(formatDuration(4)).toBe('4 s');
    expect(formatDuration(95.4)).toBe('1 min 35 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(7260)).toBe('2 h 1 min');
    expect(formatDuration(7200)).toBe('2 h');
  });
});

describe('the MVR order health on the home page', { timeout: 30_000 }, () => {
  it('shows the figures, a chart with a text alternative and tables whose rows open the filtered order list', async () => {
    stubApi(json(200, METRICS));
    const router = renderHome(viewer);
    const section = await screen.findByRole('region', { name: 'MVR order health' });
    await waitFor(() => expect(within(section).getByRole('table', { name: 'Completed, by outcome' })).toBeInTheDocument());

    const figures = within(section).getAllByRole('definition').map((figure) => figure.textContent);
    expect(figures).toEqual(['31', '24', '4', '3', '1 min 35 s']);
    // The chart is a chunk of its own (the charting library is large): it may take a moment to load.
    expect(
      await within(section).findByRole('img', { name: 'Bar chart of completed MVR orders by outcome: Pass 12, Fail 6, Indeterminate 1, No results 2, Not fulfilled 1, Not adjudicated 2.' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    // The second chart renders on its own turn: wait for it too.
    expect(await within(section).findByRole('img', { name: /^Bar chart of MVR orders pending, failed or in error: New 1, Ordered 2,/ }, { timeout: 15_000 })).toBeInTheDocument();

    const outcomes = within(section).getByRole('table', { name: 'Completed, by outcome' });
    expect(within(outcomes).getByRole('link', { name: 'Fail' })).toHaveAttribute('href', `/orders?type=${MVR_TYPES}&outcome=Fail&from=2025-05-02`);
    expect(within(outcomes).getByRole('row', { name: /Indeterminate/ })).toHaveTextContent('1');
    expect(within(outcomes).getByRole('link', { name: 'Not adjudicated' })).toHaveAttribute('href', '/orders?type=MVR&status=Complete&from=2025-05-02');
    const unfinished = within(section).getByRole('table', { name: 'Pending, failed or in error' });
    expect(within(unfinished).getByRole('link', { name: 'Error' })).toHaveAttribute('href', `/orders?type=${MVR_TYPES}&status=Error&from=2025-05-02`);
    expect(within(section).getByRole('link', { name: 'Completed MVRs not yet reviewed' })).toHaveAttribute(
      'href',
      `/orders?type=${MVR_TYPES}&status=Complete&isReviewed=false&from=2025-05-02`,
    );

    // Keyboard: the links are in the tab order and lead to the list.
    await userEvent.click(within(unfinished).getByRole('link', { name: 'Ordered' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ type: ['MVR', 'MVR_WITH_ADJUDICATION'], status: 'Ordered', from: '2025-05-02' }));
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('does not link a row with no orders', async () => {
    stubApi(json(200, { ...METRICS, byOutcome: { ...METRICS.byOutcome, Indeterminate: 0 } }));
    renderHome(viewer);
    const outcomes = await screen.findByRole('table', { name: 'Completed, by outcome' });
    expect(within(outcomes).getByText('Indeterminate').closest('a')).toBeNull();
    expect(within(outcomes).getByRole('link', { name: 'Pass' })).toBeInTheDocument();
  });

  it('is not shown, nor asked for, to a user who may not view orders or whose company has no orders', async () => {
    const paths = stubApi(json(200, METRICS));
    renderHome(noOrders);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'MVR order health' })).toBeNull();
    expect(paths).not.toContain('/api/v1/orders/health/mvr-metrics');
  });

  it('is not shown when the orders plugin is off', async () => {
    stubApi(json(200, METRICS));
    renderHome(viewer, ['drivers']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'MVR order health' })).toBeNull();
  });

  it('says it is loading, then shows the problem’s words and tries again on request', async () => {
    stubApi(json(503, { status: 503, code: 'Unavailable', title: 'Service Unavailable', detail: 'The database is busy, try again in a moment.' }), json(503, { status: 503, code: 'Unavailable', detail: 'The database is busy, try again in a moment.' }), json(200, METRICS));
    renderHome(viewer);
    const section = await screen.findByRole('region', { name: 'MVR order health' });
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(within(section).getByText('Loading MVR order health…')).toBeInTheDocument();

    expect(await within(section).findByText('The database is busy, try again in a moment.')).toBeInTheDocument();
    expect(within(section).getByText('MVR order health could not be loaded')).toBeInTheDocument();
    expect(section).toHaveAttribute('aria-busy', 'false');
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('table', { name: 'Completed, by outcome' })).toBeInTheDocument();
  });

  it('says when there were no MVR orders, and offers one to those who may order', async () => {
    stubApi(json(200, EMPTY));
    renderHome(manager);
    expect(await screen.findByText('No MVR orders were placed in the last 30 days.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order an MVR' })).toHaveAttribute('href', '/orders/mvr/single-order');
    expect(screen.queryByRole('table', { name: 'Completed, by outcome' })).toBeNull();
  });
});
