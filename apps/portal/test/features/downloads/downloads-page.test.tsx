// /downloads against a stubbed API: a bundle being built shows its progress, which moves while the
// list is asked again every 2 s, and the asking stops once none is being built; a ready one downloads
// its file with the bearer token; a failed one says why, an expired one that its file was removed; an
// empty list says how to make a bundle.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DownloadsPage } from '../../../src/features/downloads/components/downloads-page.tsx';
import { download, downloadId, pageOf, renderAt } from './harness.tsx';

const LIST = 'GET /api/v1/orders/download';
const SLOW = { timeout: 10_000 };
const table = () => screen.getByRole('table', { name: 'Downloads' });

describe('the downloads page', { timeout: 30_000 }, () => {
  it('shows each status, moves the progress bar while a bundle is built, then stops asking', async () => {
    let calls = 0;
    const others = [
      download(2, { status: 'Failed', progress: { done: 7, total: 25 }, url: null, size: null, completedAt: null, failureReason: 'Order 7 has no report document.' }),
      download(3, { status: 'Expired', url: null, requestedBy: { id: downloadId(77), name: 'Bob Agent' } }),
    ];
    const { sent } = renderAt('/downloads', DownloadsPage, {
      [LIST]: () => {
        calls += 1;
        const first = calls === 1 ? download(1, { status: 'Processing', progress: { done: 12, total: 25 }, url: null, size: null, completedAt: null }) : calls === 2 ? download(1, { status: 'Processing', progress: { done: 20, total: 25 }, url: null, size: null, completedAt: null }) : download(1);
        return pageOf([first, ...others]);
      },
    });
    const bar = await screen.findByRole('progressbar', { name: `Progress of ${download(1).fileName}` }, SLOW);
    expect(bar).toHaveAttribute('aria-valuetext', '12 of 25 reports done');
    expect(sent[0]!.search).toBe('?page=0&size=20&sort=createdAt%2Cdesc');

    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Preparing');
    expect(rows[0]).toHaveTextContent('25 MVR reports · one PDF with contents');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('Order 7 has no report document. Ask for it again from the orders.');
    expect(rows[2]).toHaveTextContent('Expired');
    expect(rows[2]).toHaveTextContent('Files are kept 7 days; this one was removed.');
    expect(rows[2]).toHaveTextContent('Asked for by Bob Agent');
    expect(within(rows[1]!).queryByRole('link', { name: /^Download/ })).toBeNull();

    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '20 of 25 reports done'), SLOW);
    const link = await screen.findByRole('link', { name: `Download ${download(1).fileName}` }, SLOW);
    expect(link).toHaveAttribute('href', download(1).url);
    const ready = within(table()).getAllByRole('row')[1]!;
    expect(ready).toHaveTextContent('Ready');
    expect(ready).toHaveTextContent('2.3 MB');
    expect(ready).toHaveTextContent('5 minutes ago');
    expect(ready).toHaveTextContent(/in 7 days/);
    expect(screen.queryByRole('progressbar')).toBeNull();

    const asked = calls;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(calls).toBe(asked);
  });

  it('downloads a ready file with the bearer token and saves it under its name', async () => {
    const file = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    let fileRequestHeaders: Record<string, string> = {};
    renderAt('/downloads', DownloadsPage, {
      [LIST]: () => pageOf([download(1)]),
      [`GET /api/v1/orders/download/${downloadId(1)}/file`]: (_body, _url, headers) => {
        fileRequestHeaders = headers;
        return new Response(file, { headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${download(1).fileName}"` } });
      },
    });
    const createObjectURL = vi.fn(() => 'blob:bundle');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    await userEvent.click(await screen.findByRole('link', { name: `Download ${download(1).fileName}` }, SLOW));
    await waitFor(() => expect(saved).toEqual([`${download(1).fileName} blob:bundle`]));
    expect(fileRequestHeaders).toMatchObject({ authorization: 'Bearer token', accept: 'application/pdf' });
    Reflect.deleteProperty(URL, 'createObjectURL');
  });

  it('lets the browser follow a signed address itself, without our token', async () => {
    const signed = 'https://files.example.test/bundles/abc.pdf?X-Amz-Signature=1';
    const { sent } = renderAt('/downloads', DownloadsPage, { [LIST]: () => pageOf([download(1, { url: signed })]) });
    const link = await screen.findByRole('link', { name: `Download ${download(1).fileName}` }, SLOW);
    expect(link).toHaveAttribute('href', signed);
    expect(link).toHaveAttribute('download', download(1).fileName);
    // The click is left to the browser (not cancelled): nothing is fetched, no token is sent.
    expect(fireEvent.click(link)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent.map((request) => request.path)).toEqual(['/api/v1/orders/download']);
  });

  it('says how to make a bundle when there is none', async () => {
    renderAt('/downloads', DownloadsPage, { [LIST]: () => pageOf([]) });
    expect(await screen.findByText('No downloads yet', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/choose “Download reports”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to orders' })).toHaveAttribute('href', '/orders');
  });
});
