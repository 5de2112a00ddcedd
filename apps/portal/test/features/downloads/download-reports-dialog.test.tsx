// The "Download reports" dialog against a stubbed API: it says how many of the chosen orders can be
// bundled (counted from the rows, or by the orders list for a report group or a filtered view), sends the body of the
// file chosen, tells the user the bundle is on its way (and remembers it for the ready toast), and
// shows a refusal with the refused orders named.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@clearlane/contract/orders';
import { DownloadReportsDialog } from '../../../src/components/report-bundles/download-reports-dialog.tsx';
import type { BundleScope } from '../../../src/components/report-bundles/bundle-request.ts';
import { toastStore } from '../../../src/lib/toasts/toast-store.ts';
import { unwatchDownload, watchedDownloads } from '../../../src/lib/watched-downloads.ts';
import { download, downloadId, manager, renderAt } from './harness.tsx';

const GENERATE = 'POST /api/v1/orders/download/generate-mvr-reports-download';
const SLOW = { timeout: 10_000 };
const orderId = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const order = (n: number, type: Order['type'], status: Order['status']) => ({ id: orderId(n), type, status, subjectLabel: `Driver ${n}` });

const rows: BundleScope = {
  kind: 'orders',
  orders: [order(1, 'MVR', 'Complete'), order(2, 'MVR_WITH_ADJUDICATION', 'Complete'), order(3, 'MVR', 'Ordered'), order(4, 'VIN_REPORT', 'Complete'), order(5, 'MVR', 'Error')],
};

function renderDialog(scope: BundleScope, routes: Parameters<typeof renderAt>[2], onStarted = vi.fn()) {
  const Dialog = () => <DownloadReportsDialog opened onClose={() => {}} scope={scope} onStarted={onStarted} />;
  return { ...renderAt('/downloads', Dialog, routes), onStarted };
}

afterEach(() => {
  toastStore.clearAll();
  for (const id of watchedDownloads(manager.id)) unwatchDownload(manager.id, id);
});

describe('the Download reports dialog', { timeout: 30_000 }, () => {
  it('bundles the complete MVRs of the selected rows in the file chosen, and says the bundle is on its way', async () => {
    const started = download(1, { status: 'Processing', progress: { done: 0, total: 2 }, orderCount: 2, url: null });
    const { sent, onStarted } = renderDialog(rows, { [GENERATE]: () => Response.json({ ...started, mvrOrders: [orderId(1), orderId(2)], accesses: [] }, { status: 202 }) });
    const dialog = await screen.findByRole('dialog', { name: 'Download reports' }, SLOW);
    expect(dialog).toHaveTextContent('2 of the 5 selected orders are complete MVRs and go in the bundle. The other 3 are left out: not an MVR, or not complete yet.');
    expect(within(dialog).getByRole('radio', { name: 'One PDF' })).toBeChecked();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'A zip of PDFs' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Prepare 2 reports' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledOnce());
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ mvrOrders: [orderId(1), orderId(2)], mergeIntoSingleReport: false, textOnly: false });
    expect(watchedDownloads(manager.id)).toEqual([downloadId(1)]);
    const toast = toastStore.getSnapshot().at(-1)!;
    expect(toast).toMatchObject({ title: 'Preparing your download', type: 'success', position: 'bottom-right', action: { label: 'View downloads' } });
    expect(toast.message).toBe('2 reports as a zip of PDFs. We will tell you when the file is ready.');
  });

  it('counts a report group’s complete MVRs with the orders list and sends the group as orderFilter', async () => {
    const group = orderId(900);
    const { sent } = renderDialog(
      { kind: 'filter', filter: { reportGroupId: group }, description: 'the report group “May hires”' },
      {
        'GET /api/v1/orders': (_body, url) => ({ content: [], page: { number: 0, size: 1, totalElements: url.searchParams.get('type') === 'MVR' ? 30 : 12, totalPages: 30 } }),
        [GENERATE]: () => Response.json({ ...download(2, { status: 'Processing', url: null }), mvrOrders: [], accesses: [] }, { status: 202 }),
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Download reports' }, SLOW);
    await within(dialog).findByRole('button', { name: 'Prepare 42 reports' }, SLOW);
    expect(dialog).toHaveTextContent('42 reports of the report group “May hires”: every complete MVR among them.');
    const counts = sent.filter((request) => request.path === '/api/v1/orders').map((request) => new URLSearchParams(request.search));
    expect(counts.map((query) => [query.get('reportGroupId'), query.get('type'), query.get('status'), query.get('size')])).toEqual([
      [group, 'MVR', 'Complete', '1'],
      [group, 'MVR_WITH_ADJUDICATION', 'Complete', '1'],
    ]);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Condensed text only' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Prepare 42 reports' }));
    await waitFor(() => expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ orderFilter: { reportGroupId: group }, mergeIntoSingleReport: true, textOnly: true }));
  });

  it('counts a view narrowed to one MVR type with that type only, and sends the type in orderFilter (no ids listed first)', async () => {
    const { sent, onStarted } = renderDialog(
      { kind: 'filter', filter: { type: 'MVR_WITH_ADJUDICATION', tag: 'fleet' }, description: 'the 57 orders matching your filters' },
      {
        'GET /api/v1/orders': () => ({ content: [], page: { number: 0, size: 1, totalElements: 57, totalPages: 57 } }),
        [GENERATE]: () => Response.json({ ...download(3, { status: 'Processing', url: null, orderCount: 57 }), mvrOrders: [], accesses: [] }, { status: 202 }),
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Download reports' }, SLOW);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Prepare 57 reports' }, SLOW));
    await waitFor(() => expect(onStarted).toHaveBeenCalledOnce());
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ orderFilter: { type: 'MVR_WITH_ADJUDICATION', tag: 'fleet' }, mergeIntoSingleReport: true, textOnly: false });
    // One count, of the view's type; nothing else asked of the orders list.
    const listed = sent.filter((request) => request.path === '/api/v1/orders').map((request) => new URLSearchParams(request.search));
    expect(listed.map((query) => [query.get('type'), query.get('tag'), query.get('status'), query.get('size')])).toEqual([['MVR_WITH_ADJUDICATION', 'fleet', 'Complete', '1']]);
  });

  it('shows the server’s refusal with the refused orders named', async () => {
    const { onStarted } = renderDialog(rows, {
      // As the server answers (downloads.service.ts): a 400 whose field errors name each order refused.
      [GENERATE]: () =>
        Response.json(
          {
            type: 'about:blank', title: 'Bad Request', status: 400, code: 'InvalidInput',
            detail: '1 of the 2 orders named is not a complete MVR order of your company; nothing was bundled.',
            errors: [{ path: 'body.mvrOrders.1', message: `is not complete: it is Ordered (${orderId(2)})` }],
          },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Download reports' }, SLOW);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Prepare 2 reports' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The download was not started');
    expect(alert).toHaveTextContent('1 of the 2 orders named is not a complete MVR order of your company; nothing was bundled.');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(/^Driver 2: is not complete: it is Ordered$/);
    expect(within(alert).getByRole('link', { name: 'Driver 2' })).toHaveAttribute('href', `/orders/${orderId(2)}`);
    expect(onStarted).not.toHaveBeenCalled();
    expect(watchedDownloads(manager.id)).toEqual([]);
  });

  it('offers nothing to send when no chosen order is a complete MVR', async () => {
    const { sent } = renderDialog({ kind: 'orders', orders: [order(3, 'MVR', 'Ordered'), order(4, 'VIN_REPORT', 'Complete')] }, {});
    const dialog = await screen.findByRole('dialog', { name: 'Download reports' }, SLOW);
    expect(dialog).toHaveTextContent('Nothing to bundle');
    expect(within(dialog).getByRole('button', { name: 'Prepare download' })).toBeDisabled();
    expect(sent).toEqual([]);
  });
});
