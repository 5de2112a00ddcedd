// The Reports page's second tab (?view=groups) against a stubbed API: each report group with its
// progress ("3 of 4 done"), its failed orders and a link to its page; the list's sort reaches the
// API; the tabs switch between the two lists, each from its own defaults.
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportGroupSummary } from '@clearlane/contract/reports';
import { ReportsPage } from '../../../src/features/reports/components/reports-page.tsx';
import { reportsSearchSchema } from '../../../src/features/reports/reports-search.ts';
import { configureHttp } from '../../../src/lib/http.ts';
import { renderRouter } from '../../render.tsx';

Element.prototype.scrollTo ??= function scrollTo() {};
const SLOW = { timeout: 10_000 };

const group = (id: string, name: string, byStatus: Record<string, number>): ReportGroupSummary => {
  const total = Object.values(byStatus).reduce((sum, count) => sum + count, 0);
  const finished = (byStatus.Complete ?? 0) + (byStatus.Failed ?? 0) + (byStatus.Error ?? 0);
  return { id, name, source: 'BULK_UPLOAD', fileName: `${name}.csv`, totalOrders: total, createdAt: '2026-11-20T10:00:00.000Z', progress: { total, finished, byStatus, byOutcome: {} } };
};
const GROUPS = [
  group('01a2075e-609a-79d9-a24e-000000000001', 'March hires', { Complete: 2, Error: 1, Ordered: 1 }),
  group('01a2075e-609a-79d9-a24e-000000000002', 'April renewals', { Complete: 5 }),
];

function stubApi() {
  const calls: URL[] = [];
  const fetch = async (input: string) => {
    const url = new URL(input, 'http://acme.localhost');
    calls.push(url);
    const page = (content: unknown[]) => ({ content, page: { number: 0, size: 20, totalElements: content.length, totalPages: 1 } });
    const body = url.pathname === '/api/v1/reports/groups' ? page(GROUPS) : page([]);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  configureHttp({ idToken: async () => 'id-token', onUnauthenticated: () => {}, fetch: fetch as unknown as typeof globalThis.fetch });
  return calls;
}

function renderPage(path: string) {
  const root = createRootRoute({ component: Outlet });
  const layout = createRoute({ getParentRoute: () => root, id: '_authenticated', component: Outlet });
  const tree = root.addChildren([
    layout.addChildren([
      createRoute({ getParentRoute: () => layout, path: 'reports/', component: ReportsPage, validateSearch: reportsSearchSchema }),
      createRoute({ getParentRoute: () => layout, path: 'reports/group/$id', component: () => <h1>The group</h1> }),
    ]),
  ]);
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [path] }) });
  renderRouter(router);
  return router;
}

describe('the report groups list', { timeout: 30_000 }, () => {
  it('shows each group\'s progress and failed orders, and links to its page', async () => {
    const calls = stubApi();
    renderPage('/reports?view=groups');
    const table = await screen.findByRole('table', { name: 'Report groups' }, SLOW);
    expect(screen.getByRole('tab', { name: 'Report groups' })).toHaveAttribute('aria-selected', 'true');
    const march = within(table).getByRole('link', { name: 'March hires' });
    expect(march).toHaveAttribute('href', `/reports/group/${GROUPS[0]!.id}`);
    const bar = screen.getByRole('progressbar', { name: 'March hires: 3 of 4 done' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemax', '4');
    const [, marchRow, aprilRow] = within(table).getAllByRole('row');
    expect(marchRow).toHaveTextContent(/3 of 4 done · working/);
    expect(within(marchRow!).getAllByRole('cell')[2]).toHaveTextContent('1');
    expect(aprilRow).toHaveTextContent(/5 of 5 done/);
    expect(aprilRow).not.toHaveTextContent('working');
    expect(within(aprilRow!).getAllByRole('cell')[2]).toHaveTextContent('None');
    expect(calls.at(-1)!.searchParams.toString()).toBe('page=0&size=20&sort=createdAt%2Cdesc');
  });

  it('sorts through the URL and switches to the reports from their own defaults', async () => {
    const calls = stubApi();
    const router = renderPage('/reports?view=groups&sort=completedAt,asc');
    await screen.findByRole('table', { name: 'Report groups' }, SLOW);
    // A sort of the other list is not this list's: the default applies.
    expect(calls.at(-1)!.searchParams.get('sort')).toBe('createdAt,desc');
    fireEvent.click(screen.getByRole('columnheader', { name: /^Group/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: 'groups', sort: 'name,asc' }), SLOW);
    await waitFor(() => expect(calls.at(-1)!.searchParams.get('sort')).toBe('name,asc'), SLOW);

    fireEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    await waitFor(() => expect(calls.at(-1)!.pathname).toBe('/api/v1/reports'), SLOW);
    expect(router.state.location.search).toEqual({});
    expect(calls.at(-1)!.searchParams.get('sort')).toBe('completedAt,desc');
  });
});
