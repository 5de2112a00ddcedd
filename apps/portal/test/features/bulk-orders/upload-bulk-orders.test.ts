// The sheet upload goes through the app's one HTTP client: real upload progress (over
// XMLHttpRequest), the same bearer token as every API call, one forced token refresh on 401, the
// session-ended handling when that does not help, problems (with their row errors) as errors, cancel.
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { sheetRejectionOf, uploadBulkOrders } from '../../../src/features/bulk-orders/api/upload-bulk-orders.ts';
import { ApiError, NetworkError, api, configureHttp } from '../../../src/lib/http.ts';

/** A scripted XMLHttpRequest: each instance answers with the next planned response. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  static plan: { status: number; body: string; progress?: [number, number][]; networkError?: boolean }[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    const answer = FakeXhr.plan.shift();
    if (!answer) return; // stays pending until aborted
    queueMicrotask(() => {
      for (const [loaded, total] of answer.progress ?? []) this.upload.onprogress?.({ loaded, total, lengthComputable: true });
      if (answer.networkError) this.onerror?.();
      else {
        this.status = answer.status;
        this.responseText = answer.body;
        this.onload?.();
      }
      this.onloadend?.();
    });
  }
  getAllResponseHeaders() {
    return this.status ? 'content-type: application/problem+json; charset=utf-8\r\ncache-control: no-store\r\n' : '';
  }
  abort() {
    this.onabort?.();
    this.onloadend?.();
  }
}

let idToken: Mock<(options?: { forceRefresh?: boolean }) => Promise<string | null>>;
let onUnauthenticated: Mock<() => void>;
const fetch = vi.fn();

beforeEach(() => {
  FakeXhr.instances = [];
  FakeXhr.plan = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  idToken = vi.fn(async () => 'token-1');
  onUnauthenticated = vi.fn();
  fetch.mockReset();
  configureHttp({ idToken, onUnauthenticated, fetch });
});

const uploadForm = (options: { signal?: AbortSignal } = {}) => api.upload('/api/v1/orders', new FormData(), options);

const sheet = () => new File(['First name,Last name\nJane,Public\n'], 'drivers.csv', { type: 'text/csv' });

describe('uploading a sheet', () => {
  it('posts the form with the bearer token, reports progress and answers the JSON', async () => {
    FakeXhr.plan.push({ status: 201, body: JSON.stringify({ reportGroupId: 'g1', totalOrders: 2, fileName: 'drivers.csv' }), progress: [[10, 40], [40, 40]] });
    const progress: unknown[] = [];
    const result = await uploadBulkOrders(sheet(), { isAutoAdjudicated: true, ruleNamespace: 'default' }, (value) => progress.push(value));
    expect(result).toEqual({ reportGroupId: 'g1', totalOrders: 2, fileName: 'drivers.csv' });
    const [xhr] = FakeXhr.instances;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/v1/orders?isAutoAdjudicated=true&ruleNamespace=default' });
    expect(xhr!.headers).toEqual({ accept: 'application/json', authorization: 'Bearer token-1' });
    expect((xhr!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((xhr!.body as FormData).get('file') as File).name).toBe('drivers.csv');
    expect(progress).toEqual([{ loaded: 10, total: 40 }, { loaded: 40, total: 40 }]);
    // By XMLHttpRequest (fetch cannot report upload progress).
    expect(fetch).not.toHaveBeenCalled();
  });

  it('leaves the ruleset out when the orders are not adjudicated', async () => {
    FakeXhr.plan.push({ status: 201, body: '{}' });
    await uploadBulkOrders(sheet(), { isAutoAdjudicated: false, ruleNamespace: 'default' });
    expect(FakeXhr.instances[0]!.url).toBe('/api/v1/orders?isAutoAdjudicated=false');
  });

  it('turns a refused sheet into its row errors', async () => {
    const rowErrors = [{ row: 4, column: 'Licence number', value: '123', message: 'California licence numbers are 1 letter and 7 digits' }];
    FakeXhr.plan.push({ status: 422, body: JSON.stringify({ status: 422, code: 'BulkSheetInvalid', title: 'Unprocessable', detail: '1 error in 1 row', rowErrors, rowErrorCount: 1 }) });
    const error = await uploadBulkOrders(sheet(), { isAutoAdjudicated: false }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(sheetRejectionOf(error)).toEqual({ rowErrors, rowErrorCount: 1, message: '1 error in 1 row' });
  });

  it('keeps other problems as errors with their code, and they are no sheet rejection', async () => {
    FakeXhr.plan.push({ status: 413, body: JSON.stringify({ status: 413, code: 'BulkFileTooLarge', detail: 'The file is larger than 5 MB.' }) });
    const error = await uploadBulkOrders(sheet(), { isAutoAdjudicated: false }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 413, code: 'BulkFileTooLarge', message: 'The file is larger than 5 MB.' });
    expect(sheetRejectionOf(error)).toBeNull();
  });

  it('refreshes the token once on 401 and sends again with the new one', async () => {
    idToken.mockResolvedValueOnce('token-1').mockResolvedValueOnce('token-2');
    FakeXhr.plan.push({ status: 401, body: '{"status":401,"code":"Unauthorized"}' }, { status: 201, body: '{"reportGroupId":"g2"}' });
    await expect(uploadForm()).resolves.toEqual({ reportGroupId: 'g2' });
    expect(idToken).toHaveBeenLastCalledWith({ forceRefresh: true });
    expect(FakeXhr.instances.map((xhr) => xhr.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('ends the session when the refreshed token is refused too, as every other call does', async () => {
    idToken.mockResolvedValueOnce('token-1').mockResolvedValueOnce('token-2');
    FakeXhr.plan.push({ status: 401, body: '{"status":401,"code":"Unauthorized"}' }, { status: 401, body: '{"status":401,"code":"SessionRevoked","detail":"Signed out."}' });
    await expect(uploadForm()).rejects.toMatchObject({ status: 401, code: 'SessionRevoked' });
    expect(onUnauthenticated).toHaveBeenCalledOnce();
  });

  it('ends the session when there is no token left to refresh', async () => {
    idToken.mockResolvedValueOnce('token-1').mockResolvedValueOnce(null);
    FakeXhr.plan.push({ status: 401, body: '{"status":401,"code":"Unauthorized"}' });
    await expect(uploadForm()).rejects.toMatchObject({ status: 401 });
    expect(FakeXhr.instances).toHaveLength(1);
    expect(onUnauthenticated).toHaveBeenCalledOnce();
  });

  it('is not sent twice on a retryable status (an upload is a mutation)', async () => {
    FakeXhr.plan.push({ status: 503, body: '{"status":503,"code":"Unavailable","detail":"Try later."}' });
    await expect(uploadForm()).rejects.toMatchObject({ status: 503, message: 'Try later.' });
    expect(FakeXhr.instances).toHaveLength(1);
  });

  it('says the server could not be reached on a network error', async () => {
    FakeXhr.plan.push({ status: 0, body: '', networkError: true });
    await expect(uploadForm()).rejects.toBeInstanceOf(NetworkError);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const pending = uploadForm({ signal: controller.signal });
    await vi.waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
