// Files (PDFs, text, sheets) go through the same HTTP client as JSON calls (lib/http.ts requestFile):
// the bearer token with one forced refresh, one retry of a read, and a refusal answered as an RFC
// 9457 problem whose detail the user reads in the toast of every download button.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { theme } from '../src/app/theme.ts';
import * as toasts from '../src/lib/toasts/notify.ts';
import { TemplateButtons } from '../src/features/bulk-orders/components/bulk-orders-page.tsx';
import { MvrDownloads as OrderMvrDownloads } from '../src/features/orders/components/mvr-downloads.tsx';
import { MvrDownloads as ReportMvrDownloads } from '../src/features/reports/components/mvr-downloads.tsx';
import { ApiError, NetworkError, configureHttp, requestFile } from '../src/lib/http.ts';

const ORDER_ID = '01a2075f-4a38-72f6-965c-ffc1fc4756a5';

const problem = (status: number, detail: string, code = 'Error') =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Refused', status, code, detail }), { status, headers: { 'content-type': 'application/problem+json' } });
const pdf = (name?: string) =>
  new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff]), { headers: { 'content-type': 'application/pdf', ...(name ? { 'content-disposition': `attachment; filename="${name}"` } : {}) } });

let fetch: Mock<(url: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;
let idToken: Mock<(options?: { forceRefresh?: boolean }) => Promise<string | null>>;
let onUnauthenticated: Mock<() => void>;

function answer(...responses: (Response | Error)[]) {
  fetch.mockImplementation(async () => {
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    if (next instanceof Error) throw next;
    return next;
  });
}

beforeEach(() => {
  fetch = vi.fn();
  idToken = vi.fn(async () => 'id-token-1');
  onUnauthenticated = vi.fn();
  configureHttp({ idToken, onUnauthenticated, fetch: fetch as unknown as typeof globalThis.fetch });
});

describe('requestFile', () => {
  const get = () => requestFile('/api/v1/things/1/file', { query: { format: 'X' }, accept: 'application/pdf', fallbackFileName: 'thing.pdf' });

  it('sends the token and the Accept asked for, and keeps the bytes and the server’s file name', async () => {
    answer(pdf('../secret/thing-1.pdf'));
    const file = await get();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/things/1/file?format=X');
    expect(init).toMatchObject({ method: 'GET', headers: { accept: 'application/pdf', authorization: 'Bearer id-token-1' } });
    expect(file.fileName).toBe('thing-1.pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff]));
  });

  it('names the file itself when the answer does not', async () => {
    answer(pdf());
    expect((await get()).fileName).toBe('thing.pdf');
  });

  it('retries a retryable status once, as for JSON reads', async () => {
    answer(problem(503, 'Down for a moment'), pdf('thing-1.pdf'));
    expect((await get()).fileName).toBe('thing-1.pdf');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('throws the problem with its detail, after the one retry', async () => {
    answer(problem(503, 'Down'), problem(503, 'Still down, try again in a minute.', 'ServiceUnavailable'));
    const error = await get().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'ServiceUnavailable', message: 'Still down, try again in a minute.' });
  });

  it('refreshes the token once on 401 and ends the session when that does not help', async () => {
    idToken.mockResolvedValueOnce('stale').mockResolvedValueOnce('fresh');
    answer(problem(401, 'Expired'), problem(401, 'Signed out'));
    await expect(get()).rejects.toMatchObject({ status: 401 });
    expect(idToken).toHaveBeenLastCalledWith({ forceRefresh: true });
    expect((fetch.mock.calls[1]![1]!.headers as Record<string, string>).authorization).toBe('Bearer fresh');
    expect(onUnauthenticated).toHaveBeenCalledOnce();
  });

  it('reports a request that never got an answer as a network error', async () => {
    answer(new TypeError('Failed to fetch'));
    await expect(get()).rejects.toBeInstanceOf(NetworkError);
  });
});

function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

describe('a refused download shows the problem’s detail', () => {
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('on the order page', async () => {
    const error = vi.spyOn(toasts.notify, 'error');
    answer(problem(409, 'The report is not ready: the order is Ordered.', 'ReportNotReady'), problem(409, 'The report is not ready: the order is Ordered.', 'ReportNotReady'));
    renderWithProviders(<OrderMvrDownloads orderId={ORDER_ID} />);
    await userEvent.click(screen.getByRole('button', { name: 'Full MVR Report (Standard)' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('The report is not ready: the order is Ordered.', { title: 'Full MVR Report (Standard) could not be downloaded' }));
    expect(fetch.mock.calls[0]![0]).toBe(`/api/v1/orders/${ORDER_ID}/mvr/report?format=MVR_STANDARD_REPORT`);
  });

  it('on the report page', async () => {
    const error = vi.spyOn(toasts.notify, 'error');
    answer(problem(404, 'There is no order with this id.', 'NotFound'));
    renderWithProviders(<ReportMvrDownloads orderId={ORDER_ID} />);
    await userEvent.click(screen.getByRole('button', { name: 'Full MVR Report (Condensed), text' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Full MVR Report (Condensed), text could not be downloaded. There is no order with this id.'));
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).accept).toBe('text/plain');
    // A 404 is not retried.
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('for the bulk order template', async () => {
    const error = vi.spyOn(toasts.notify, 'error');
    answer(problem(403, 'Bulk orders are not switched on for your company.', 'PluginNotEnabled'));
    renderWithProviders(<TemplateButtons />);
    await userEvent.click(screen.getByRole('button', { name: 'Template (CSV)' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('The template could not be downloaded. Bulk orders are not switched on for your company.'));
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/orders/bulk/template?format=csv');
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).accept).toBe('text/csv');
  });

  it('a successful one is saved under the server’s name', async () => {
    // jsdom has no object URLs.
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('mvr-x-condensed.pdf');
    });
    const success = vi.spyOn(toasts.notify, 'success');
    answer(pdf('mvr-x-condensed.pdf'));
    renderWithProviders(<ReportMvrDownloads orderId={ORDER_ID} />);
    await userEvent.click(screen.getByRole('button', { name: 'Full MVR Report (Condensed)' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Downloaded mvr-x-condensed.pdf'));
    expect(click).toHaveBeenCalledOnce();
    expect(createObjectURL).toHaveBeenCalledOnce();
  });
});
