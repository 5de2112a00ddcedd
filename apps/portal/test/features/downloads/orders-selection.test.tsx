// The orders list's selection against a stubbed API: ticking the whole page offers "Select all N
// matching", which the Download reports dialog then counts (complete MVRs of the list's filters) and
// sends as orderFilter; without the downloads plugin there is nothing to tick.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order } from '@clearlane/contract/orders';
import { OrdersPage } from '../../../src/features/orders/components/orders-page.tsx';
import { download, renderAt } from './harness.tsx';

const SLOW = { timeout: 10_000 };
const orderId = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const order = (n: number): Order =>
  ({
    id: orderId(n), type: 'MVR', status: 'Complete', outcome: null, subjectLabel: `Driver ${n} Fleet`, tags: [], subStatus: null, isReviewed: false,
    createdAt: '2026-11-20T10:00:00.000Z', personId: null,
  }) as unknown as Order;

/** 45 orders match ?tag=fleet; a page shows 20; 30 of the 45 are complete MVRs, 12 of them with adjudication. */
const routes = {
  'GET /api/v1/tags': () => [{ name: 'fleet' }],
  'GET /api/v1/orders': (_body: unknown, url: URL) => {
    const type = url.searchParams.get('type');
    const totalElements = type === 'MVR' ? 18 : type === 'MVR_WITH_ADJUDICATION' ? 12 : 45;
    const size = Number(url.searchParams.get('size'));
    return { content: Array.from({ length: Math.min(size, 20) }, (_, i) => order(i)), page: { number: 0, size, totalElements, totalPages: Math.ceil(totalElements / size) } };
  },
  'POST /api/v1/orders/download/generate-mvr-reports-download': () => Response.json({ ...download(1, { status: 'Processing', url: null, orderCount: 30 }), mvrOrders: [], accesses: [] }, { status: 202 }),
};

describe('selecting orders to download their reports', { timeout: 30_000 }, () => {
  it('goes from the page to every order matching the filters, and sends the filters', async () => {
    const { sent } = renderAt('/orders?tag=fleet', OrdersPage, routes, { at: 'orders' });
    const table = await screen.findByRole('table', { name: 'Orders' }, SLOW);
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select every order on this page' }));
    const bar = screen.getByRole('region', { name: 'Selected orders' });
    expect(bar).toHaveTextContent('All 20 orders on this page are selected');

    await userEvent.click(within(bar).getByRole('button', { name: 'Select all 45 orders matching' }));
    expect(bar).toHaveTextContent('All 45 orders matching your filters are selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Download reports' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download reports' }, SLOW);
    await within(dialog).findByRole('button', { name: 'Prepare 30 reports' }, SLOW);
    expect(dialog).toHaveTextContent('30 reports of the 45 orders matching your filters: every complete MVR among them.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Prepare 30 reports' }));
    await waitFor(() => expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ orderFilter: { tag: 'fleet' }, mergeIntoSingleReport: true, textOnly: false }));
    // Started: the selection is cleared.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected orders' })).toBeNull());
  });

  it('offers no selection without the downloads plugin', async () => {
    renderAt('/orders', OrdersPage, routes, { at: 'orders', plugins: ['orders'] });
    const table = await screen.findByRole('table', { name: 'Orders' }, SLOW);
    expect(within(table).queryByRole('checkbox')).toBeNull();
  });
});
