// MVR documents (the report page's downloads, lib/download.ts) are fetched as blobs with the bearer
// token and the Accept header that picks the document; the file is named as the server says
// (Content-Disposition), never with a path.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/lib/api-error.ts';
import { fileNameFromContentDisposition } from '../../../src/lib/content-disposition.ts';
import { fetchMvrReport as downloadMvrReport } from '../../../src/lib/download.ts';
import { configureHttp } from '../../../src/lib/http.ts';

const ORDER_ID = '01a2075f-4a38-72f6-965c-ffc1fc4756a5';
// The HTTP client's token source, as lib/auth.ts wires it to the session.
const getSession = vi.fn(async (_options?: { forceRefresh?: boolean }) => ({ idToken: 'id-token-1' }) as { idToken: string } | null);

describe('fileNameFromContentDisposition', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(fileNameFromContentDisposition('attachment; filename="mvr-CA-D1234563-standard.pdf"')).toBe('mvr-CA-D1234563-standard.pdf');
    expect(fileNameFromContentDisposition('attachment; filename=report.txt')).toBe('report.txt');
    expect(fileNameFromContentDisposition(`attachment; filename="fallback.pdf"; filename*=UTF-8''Jos%C3%A9%20MVR.pdf`)).toBe('José MVR.pdf');
  });

  it('drops folders from a name and answers null when there is none', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    // A quoted-string escapes a backslash as \\ (RFC 9110): this names C:\temp\x.pdf.
    expect(fileNameFromContentDisposition('attachment; filename="C:\\\\temp\\\\x.pdf"')).toBe('x.pdf');
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
  });
});

describe('downloadMvrReport', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    getSession.mockReset();
    getSession.mockResolvedValue({ idToken: 'id-token-1' });
    configureHttp({ idToken: async (options) => (await getSession(options))?.idToken ?? null, onUnauthenticated: () => {} });
  });

  it('asks for the condensed PDF with the bearer token and names the file from the answer', async () => {
    fetchMock.mockResolvedValue(new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="mvr-x-condensed.pdf"' } }));
    const file = await downloadMvrReport(ORDER_ID, 'condensed');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v1/orders/${ORDER_ID}/mvr/report?format=MVR_CONDENSED_REPORT`);
    expect(init?.headers).toEqual({ accept: 'application/pdf', authorization: 'Bearer id-token-1' });
    expect(file.fileName).toBe('mvr-x-condensed.pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
  });

  it('asks for text/plain for the condensed text and falls back to a name of its own', async () => {
    fetchMock.mockResolvedValue(new Response('MVR CONDENSED', { status: 200, headers: { 'content-type': 'text/plain' } }));
    const file = await downloadMvrReport(ORDER_ID, 'text');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v1/orders/${ORDER_ID}/mvr/report`);
    expect((init?.headers as Record<string, string>).accept).toBe('text/plain');
    expect(file.fileName).toBe(`mvr-${ORDER_ID}-text.txt`);
    expect(await file.blob.text()).toBe('MVR CONDENSED');
  });

  it('refreshes the token once on 401, then uses the new one', async () => {
    getSession.mockResolvedValueOnce({ idToken: 'stale' }).mockResolvedValueOnce({ idToken: 'fresh' });
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 401 })).mockResolvedValueOnce(new Response('%PDF', { status: 200 }));
    await downloadMvrReport(ORDER_ID, 'standard');
    expect(getSession).toHaveBeenLastCalledWith({ forceRefresh: true });
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>).authorization).toBe('Bearer fresh');
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/v1/orders/${ORDER_ID}/mvr/report?format=MVR_STANDARD_REPORT`);
  });

  it('turns a problem answer into an ApiError with the server\'s message', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ status: 409, code: 'ReportNotReady', title: 'Conflict', detail: 'The order has not completed yet (status Ordered).' }), { status: 409, headers: { 'content-type': 'application/problem+json' } }),
    );
    const error = await downloadMvrReport(ORDER_ID, 'standard').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'ReportNotReady', message: 'The order has not completed yet (status Ordered).' });
  });
});
