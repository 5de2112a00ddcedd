// The report group page against a stubbed API: a group of 45 orders is paged 20 at a time with the
// page in the URL, while the progress always counts all 45; a status filter in the URL reaches the
// API; a hand-edited page past the end lands on the last page; an unfinished group is asked again
// until it has finished, and then left alone.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportGroup, ReportGroupOrder } from '@clearlane/contract/reports';
import { reportGroupQueryOptions } from '../../../src/features/reports/api/get-report-group.ts';
import { ReportGroupPage } from '../../../src/features/reports/components/report-group-page.tsx';
import { configureHttp } from '../../../src/lib/http.ts';
import { testUser } from '../../fixtures.ts';
import { renderRouter } from '../../render.tsx';

// The datatable scrolls its rows back to the top on a new page; jsdom's elements cannot scroll.
Element.prototype.scrollTo ??= function scrollTo() {};

// A busy machine renders slowly: generous waits, no timing claims.
const SLOW = { timeout: 10_000 };

const GROUP_ID = '01a2075e-609a-79d9-a24e-c20369a74100';
const orderId = (i: number) => `01a2075e-609a-79d9-a24e-${String(i).padStart(12, '0')}`;

/** 45 orders: 30 Complete (Pass, Fail alternately), 5 Error, 10 still Ordered unless `finished`. */
function ordersOfGroup(finished: boolean): ReportGroupOrder[] {
  return Array.from({ length: 45 }, (_, i) => {
    const status = i < 30 ? 'Complete' : i < 35 ? 'Error' : finished ? 'Complete' : 'Ordered';
    const outcome = status === 'Complete' ? (i % 2 === 0 ? 'Pass' : 'Fail') : null;
    return { id: orderId(i), type: 'MVR_WITH_ADJUDICATION', status, outcome, subjectLabel: `Driver ${String(i).padStart(2, '0')}` } as ReportGroupOrder;
  });
}

/** What the server would answer for a query: the whole group's counts, the asked-for page. */
function answer(all: ReportGroupOrder[], url: URL): ReportGroup {
  const byStatus: Record<string, number> = {};
  const byOutcome: Record<string, number> = {};
  for (const order of all) {
    byStatus[order.status] = (byStatus[order.status] ?? 0) + 1;
    if (order.outcome) byOutcome[order.outcome] = (byOutcome[order.outcome] ?? 0) + 1;
  }
  const page = Number(url.searchParams.get('page') ?? 0);
  const size = Number(url.searchParams.get('size') ?? 20);
  const status = url.searchParams.get('status');
  const matching = all.filter((order) => !status || order.status === status);
  return {
    id: GROUP_ID, name: 'MVR orders from drivers.csv', source: 'BULK_UPLOAD', fileName: 'drivers.csv', totalOrders: all.length, createdAt: '2025-06-01T10:00:00.000Z',
    progress: { total: all.length, finished: all.filter((order) => order.status !== 'Ordered').length, byStatus, byOutcome },
    orders: { content: matching.slice(page * size, (page + 1) * size), page: { number: page, size, totalElements: matching.length, totalPages: Math.ceil(matching.length / size) } },
  };
}

function stubApi(groupAt: (call: number) => ReportGroupOrder[]) {
  const calls: URL[] = [];
  const fetch = async (input: string) => {
    const url = new URL(input, 'http://acme.localhost');
    calls.push(url);
    const body = url.pathname === `/api/v1/reports/groups/${GROUP_ID}` ? answer(groupAt(calls.length), url) : { status: 404, code: 'NotFound', title: 'Not Found', detail: 'No stub' };
    return new Response(JSON.stringify(body), { status: 'id' in body ? 200 : 404, headers: { 'content-type': 'application/json' } });
  };
  configureHttp({ idToken: async () => 'id-token', onUnauthenticated: () => {}, fetch: fetch as unknown as typeof globalThis.fetch });
  return calls;
}

const reader = testUser({ roles: [{ name: 'Viewer', permissions: [{ action: 'view', subject: 'Order' }, { action: 'view', subject: 'Reports' }] }] });

function renderPage(path: string, plugins = ['orders']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({ component: Outlet });
  // The same route id as the app's, so the page's getRouteApi finds its params; the loader as the app's.
  const layout = createRoute({ getParentRoute: () => root, id: '_authenticated', component: Outlet });
  const tree = root.addChildren([
    layout.addChildren([
      createRoute({
        getParentRoute: () => layout, path: 'reports/group/$id', component: ReportGroupPage,
        loader: ({ params }) => queryClient.ensureQueryData(reportGroupQueryOptions(params.id)),
      }),
      createRoute({ getParentRoute: () => layout, path: 'orders/$id', component: () => <h1>The order</h1> }),
      createRoute({ getParentRoute: () => layout, path: 'reports', component: () => <h1>Reports</h1> }),
    ]),
  ]);
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [path] }) });
  renderRouter(router, { queryClient, signedIn: { user: reader, plugins } });
  return router;
}

const table = () => screen.getByRole('table', { name: 'Orders of the group' });
const subjects = () => within(table()).getAllByRole('link').map((link) => link.textContent);
const progressBar = () => screen.getByRole('progressbar', { name: 'Orders finished' });

describe('the report group page', { timeout: 30_000 }, () => {
  it('pages the orders through the URL while the progress counts the whole group', async () => {
    const calls = stubApi(() => ordersOfGroup(true));
    const router = renderPage(`/reports/group/${GROUP_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'MVR orders from drivers.csv' }, SLOW)).toBeInTheDocument();
    // The orders list, filtered to the group, searches and filters them further.
    expect(screen.getByRole('link', { name: 'Search and filter these orders in the orders list' })).toHaveAttribute('href', `/orders?reportGroupId=${GROUP_ID}`);
    expect(progressBar()).toHaveAttribute('aria-valuetext', '45 of 45 finished');
    expect(subjects()).toHaveLength(20);
    expect(subjects()[0]).toBe('Driver 00');
    expect(screen.getByText('1–20 of 45 orders')).toBeInTheDocument();
    // Outcomes and statuses of the whole group, most of which is not on this page.
    expect(screen.getByRole('group', { name: 'Completed orders by outcome' })).toHaveTextContent(/^20Pass20Fail$/);
    expect(screen.getByRole('group', { name: 'Orders by status' })).toHaveTextContent(/^0New0Ordered0Received40Complete0Failed5Error$/);

    // user-event's pointer checks do not get through the datatable's pagination under jsdom; a click event does.
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(subjects()).toEqual(['Driver 40', 'Driver 41', 'Driver 42', 'Driver 43', 'Driver 44']), SLOW);
    expect(router.state.location.search).toMatchObject({ page: 2 });
    expect(calls.at(-1)!.searchParams.toString()).toBe('page=2&size=20&sort=createdAt%2Casc');
    expect(progressBar()).toHaveAttribute('aria-valuetext', '45 of 45 finished');
    expect(screen.getByText('41–45 of 45 orders')).toBeInTheDocument();
  });

  it('takes its filter and page from a URL, and goes to the last page from one past the end', async () => {
    const calls = stubApi(() => ordersOfGroup(true));
    const router = renderPage(`/reports/group/${GROUP_ID}?status=Error&page=4&sort=bogus`);
    await waitFor(() => expect(subjects()).toEqual(['Driver 30', 'Driver 31', 'Driver 32', 'Driver 33', 'Driver 34']), SLOW);
    expect(router.state.location.search).toMatchObject({ status: 'Error' });
    expect(router.state.location.search).not.toHaveProperty('page');
    const asked = calls.map((url) => url.searchParams.toString());
    expect(asked).toContain('page=4&size=20&sort=createdAt%2Casc&status=Error');
    expect(asked.at(-1)).toBe('page=0&size=20&sort=createdAt%2Casc&status=Error');
    expect(progressBar()).toHaveAttribute('aria-valuenow', '45');
  });

  it('does not offer the group’s reports as one download without the downloads plugin', async () => {
    stubApi(() => ordersOfGroup(true));
    renderPage(`/reports/group/${GROUP_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'MVR orders from drivers.csv' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Download reports' })).toBeNull();
  });

  it('offers the group’s reports as one download with the downloads plugin', async () => {
    stubApi(() => ordersOfGroup(true));
    renderPage(`/reports/group/${GROUP_ID}`, ['orders', 'downloads']);
    expect(await screen.findByRole('button', { name: 'Download reports' }, SLOW)).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('asks again until every order has finished, then stops', async () => {
    const calls = stubApi((call) => ordersOfGroup(call > 1));
    renderPage(`/reports/group/${GROUP_ID}`);
    await waitFor(() => expect(progressBar()).toHaveAttribute('aria-valuetext', '35 of 45 finished'), SLOW);
    expect(screen.getByText('Processing — updates every few seconds')).toBeInTheDocument();
    await waitFor(() => expect(progressBar()).toHaveAttribute('aria-valuetext', '45 of 45 finished'), SLOW);
    expect(screen.getByText('All orders finished')).toBeInTheDocument();
    const asked = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(calls.length).toBe(asked);
  });
});
