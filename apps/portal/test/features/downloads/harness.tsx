// Renders a downloads screen as a signed-in user at a URL of a small route tree with the app's route
// ids (so getRouteApi finds its search), answering the API from stubbed routes.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import type { FunctionComponent } from 'react';
import type { Download } from '@clearlane/contract/downloads';
import type { CurrentUser } from '@clearlane/contract/users';
import { downloadsSearchSchema } from '../../../src/features/downloads/downloads-search.ts';
import { ordersSearchSchema } from '../../../src/features/orders/orders-search.ts';
import { testUser } from '../../fixtures.ts';
import { renderRouter } from '../../render.tsx';
import { stubApi, type Routes } from '../drivers/monitoring-harness.tsx';

export const downloadId = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;

export const manager = testUser({
  id: '0190a000-0000-7000-8000-00000000aaaa',
  roles: [{ name: 'Manager', permissions: [{ action: 'manage', subject: 'Reports' }, { action: 'view', subject: 'Order' }] }],
  groups: ['Manager'],
});

export function download(n: number, overrides: Partial<Download> = {}): Download {
  return {
    id: downloadId(n),
    status: 'Complete',
    progress: { done: 25, total: 25 },
    fileName: `mvr-reports-2026-11-24-25-orders-${n}.pdf`,
    contentType: 'application/pdf',
    size: 2_411_724,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    expiresAt: new Date(Date.now() + 7 * 86_400_000 - 5 * 60_000).toISOString(),
    completedAt: new Date(Date.now() - 4 * 60_000).toISOString(),
    url: `/api/v1/orders/download/${downloadId(n)}/file`,
    mergeIntoSingleReport: true,
    textOnly: false,
    orderCount: 25,
    requestedBy: { id: manager.id, name: 'Ada Admin' },
    failureReason: null,
    downloadCount: 0,
    ...overrides,
  };
}

export const pageOf = <T,>(content: T[]) => ({ content, page: { number: 0, size: 20, totalElements: content.length, totalPages: 1 } });

/** Renders `component` at /downloads (or, with `at: 'orders'`, at /orders with the orders list's search). */
export function renderAt(path: string, component: FunctionComponent, routes: Routes, { user = manager as CurrentUser, plugins = ['orders', 'downloads'], at = 'downloads' as 'downloads' | 'orders' } = {}) {
  const sent = stubApi(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({ component: Outlet });
  const layout = createRoute({ getParentRoute: () => root, id: '_authenticated', component: Outlet });
  const tree = root.addChildren([
    layout.addChildren([
      createRoute({ getParentRoute: () => layout, path: 'downloads', validateSearch: downloadsSearchSchema, component: at === 'downloads' ? component : () => <h1>Downloads</h1> }),
      at === 'orders'
        ? createRoute({ getParentRoute: () => layout, path: 'orders/', validateSearch: ordersSearchSchema, component })
        : createRoute({ getParentRoute: () => layout, path: 'orders', component: () => <h1>Orders</h1> }),
      createRoute({ getParentRoute: () => layout, path: 'orders/$id', component: () => <h1>The order</h1> }),
    ]),
  ]);
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [path] }) });
  renderRouter(router, { queryClient, signedIn: { user, plugins } });
  return { sent, router, queryClient };
}
