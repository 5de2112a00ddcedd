import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, NetworkError, configureHttp, request } from '../src/lib/http.ts';
import { httpRetriesFor, RETRYABLE_STATUSES } from '../src/lib/retry.ts';

const json = (status: number, body: unknown = {}) => new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeFetch(...answers: (Response | Error)[]) {
  return vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    const next = answers.shift();
    if (!next) throw new Error('unexpected request');
    if (next instanceof Error) throw next;
    return next;
  });
}

describe('HTTP client', () => {
  let idToken: Mock<(options?: { forceRefresh?: boolean }) => Promise<string | null>>;
  let onUnauthenticated: Mock<() => void>;
  beforeEach(() => {
    idToken = vi.fn(async () => 'id-token-1');
    onUnauthenticated = vi.fn();
  });
  const use = (fetch: ReturnType<typeof fakeFetch>) => configureHttp({ idToken, onUnauthenticated, fetch: fetch as unknown as typeof globalThis.fetch });

  it('sends the id token as a bearer and JSON bodies', async () => {
    const fetch = fakeFetch(json(200, { ok: true }));
    use(fetch);
    await expect(request('/api/v1/things', { method: 'POST', body: { a: 1 }, query: { page: 0, sort: ['a,asc', 'b,desc'], skip: undefined } })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/things?page=0&sort=a%2Casc&sort=b%2Cdesc');
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer id-token-1');
    expect(init!.body).toBe('{"a":1}');
  });

  it('sends no bearer for anonymous calls', async () => {
    const fetch = fakeFetch(json(200));
    use(fetch);
    await request('/api/v1/public/config', { anonymous: true });
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).authorization).toBeUndefined();
    expect(idToken).not.toHaveBeenCalled();
  });

  it.each(['HEAD', 'OPTIONS'] as const)('retries %s once too', async (method) => {
    const fetch = fakeFetch(json(429), json(204));
    use(fetch);
    await request('/x', { method });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it.each(RETRYABLE_STATUSES)('retries a GET once on %i', async (status) => {
    const fetch = fakeFetch(json(status), json(200, { second: true }));
    use(fetch);
    await expect(request('/x')).resolves.toEqual({ second: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('retries a GET only once, then reports the problem', async () => {
    const fetch = fakeFetch(json(503, { detail: 'Down' }), json(503, { detail: 'Still down' }), json(200));
    use(fetch);
    await expect(request('/x')).rejects.toMatchObject({ status: 503, message: 'Still down' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries %s', async (method) => {
    const fetch = fakeFetch(json(503, { detail: 'Down' }), json(200));
    use(fetch);
    await expect(request('/x', { method })).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not retry other statuses', async () => {
    const fetch = fakeFetch(json(400, { detail: 'Bad' }), json(200));
    use(fetch);
    await expect(request('/x')).rejects.toMatchObject({ status: 400 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('encodes the policy: retryable statuses once for GET/HEAD/OPTIONS, never for mutations', () => {
    expect([...RETRYABLE_STATUSES]).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get']) expect(httpRetriesFor(method, 429)).toBe(1);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(httpRetriesFor(method, 503)).toBe(0);
    expect(httpRetriesFor('GET', 404)).toBe(0);
  });

  it('on 401 forces one refresh and retries; a second 401 ends the session', async () => {
    idToken.mockResolvedValueOnce('old').mockResolvedValueOnce('new');
    const fetch = fakeFetch(json(401), json(200, { fine: true }));
    use(fetch);
    await expect(request('/x')).resolves.toEqual({ fine: true });
    expect(idToken).toHaveBeenLastCalledWith({ forceRefresh: true });
    expect((fetch.mock.calls[1]![1]!.headers as Record<string, string>).authorization).toBe('Bearer new');

    const again = fakeFetch(json(401), json(401, { detail: 'Gone' }));
    use(again);
    await expect(request('/x')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthenticated).toHaveBeenCalledOnce();
  });

  it('turns a failed fetch into a NetworkError and returns undefined for 204', async () => {
    use(fakeFetch(new TypeError('Failed to fetch')));
    await expect(request('/x')).rejects.toBeInstanceOf(NetworkError);
    use(fakeFetch(json(204)));
    await expect(request('/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
