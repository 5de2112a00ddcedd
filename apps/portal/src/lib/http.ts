// The HTTP client of every API call: bearer id token, JSON, a file (blob) or an upload with progress,
// problem errors, and the retry policy of SPEC.md §7 (retryable statuses once for non-mutating
// methods, never for mutations). Every call, uploads included, gets the same forced refresh on 401
// and the same session-ended handling.
import { ApiError, NetworkError, problemFrom } from './api-error.ts';
import { fileNameFromContentDisposition } from './content-disposition.ts';
import { httpRetriesFor } from './retry.ts';
import { xhrFetch, type UploadProgress } from './xhr-transport.ts';

export type Query = Record<string, string | number | boolean | undefined | null | (string | number)[]>;

export interface RequestOptions {
  method?: 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sign-in calls and public reads go without a bearer token. */
  anonymous?: boolean;
  /** Absolute base URL for calls outside the API (the system-message hub). */
  baseUrl?: string;
  /** Called as the request body goes out (the request then travels by XMLHttpRequest, see xhr-transport.ts). */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface HttpDeps {
  /** The id token, refreshed if needed; null when signed out. */
  idToken: (options?: { forceRefresh?: boolean }) => Promise<string | null>;
  /** Called when the server says the session is over, after one forced refresh did not help. */
  onUnauthenticated: () => void;
  fetch?: typeof fetch;
}

let deps: HttpDeps | undefined;
export function configureHttp(value: HttpDeps) {
  deps = value;
}

export function buildUrl(path: string, query?: Query, baseUrl = ''): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

async function send(url: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const doFetch = options.onUploadProgress ? xhrFetch(options.onUploadProgress) : (deps?.fetch ?? fetch);
  try {
    return await doFetch(url, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
}

/**
 * Sends a request with the bearer token (one forced refresh on 401) and the retry policy, and
 * answers the successful response unread; a refusal is thrown as the problem's ApiError.
 */
async function exchange(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query, options.baseUrl);
  let token = options.anonymous || !deps ? null : await deps.idToken();
  let response = await send(url, options, token);

  if (response.status === 401 && !options.anonymous && deps && token) {
    // The token may have been revoked or rotated elsewhere: one forced refresh, then give up.
    token = await deps.idToken({ forceRefresh: true });
    if (token) response = await send(url, options, token);
    if (response.status === 401 || !token) {
      deps.onUnauthenticated();
      throw await problemFrom(response);
    }
  }

  let retries = httpRetriesFor(method, response.status);
  while (!response.ok && retries > 0) {
    retries -= 1;
    response = await send(url, options, token);
  }
  if (!response.ok) throw await problemFrom(response);
  return response;
}

/** Calls the API and returns its JSON (or undefined for 204); throws ApiError or NetworkError. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await exchange(path, options);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : await response.text()) as T;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export interface FileRequestOptions extends Omit<RequestOptions, 'body' | 'method'> {
  /** The media type wanted: for some endpoints (the MVR report) it picks the document. */
  accept: string;
  /** The name to save under when the answer has no usable Content-Disposition. */
  fallbackFileName: string;
}

/**
 * GETs a document (PDF, text, sheet) as a file: the body as a Blob, never decoded as text (that
 * would corrupt a PDF), named by Content-Disposition. Token, retries and problem errors are those
 * of every other call, so a refused download shows the server's words.
 */
export async function requestFile(path: string, { accept, fallbackFileName, ...options }: FileRequestOptions): Promise<DownloadedFile> {
  const response = await exchange(path, { ...options, method: 'GET', headers: { ...options.headers, accept } });
  return { blob: await response.blob(), fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')) ?? fallbackFileName };
}

export interface UploadOptions extends Omit<RequestOptions, 'method' | 'body' | 'onUploadProgress'> {
  onProgress?: (progress: UploadProgress) => void;
}

/** POSTs a multipart form (a sheet, a document) and answers its JSON, reporting the upload's progress. */
export function upload<T>(path: string, form: FormData, { onProgress, ...options }: UploadOptions = {}): Promise<T> {
  return request<T>(path, { ...options, method: 'POST', body: form, onUploadProgress: onProgress ?? (() => {}) });
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'DELETE', body }),
  /** A document as a file (see requestFile). */
  file: (path: string, options: FileRequestOptions) => requestFile(path, options),
  /** A multipart form with upload progress (see upload). */
  upload: <T>(path: string, form: FormData, options?: UploadOptions) => upload<T>(path, form, options),
};

export { ApiError, NetworkError };
export type { UploadProgress };
