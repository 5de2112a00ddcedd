// Uploads a file with real upload progress. fetch() cannot report how much of a request body has
// been sent, XMLHttpRequest can (upload.onprogress), so bulk sheets go this way. It carries the same
// bearer id token as the app's HTTP client and turns problem answers into the same ApiError.
import { ApiError, NetworkError } from '../../../lib/api-error.ts';
import { session } from '../../../lib/auth.ts';
import type { Problem } from '@clearlane/contract/problem';

/** An ApiError that keeps the whole problem body: the upload's refusals carry extension members (rowErrors). */
export class UploadProblemError extends ApiError {
  constructor(
    status: number,
    readonly problem: Partial<Problem> & Record<string, unknown>,
  ) {
    super(status, problem);
    this.name = 'UploadProblemError';
  }
}

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes in all, when the browser knows. */
  total: number | null;
}

export interface UploadOptions {
  url: string;
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function problemOf(xhr: XMLHttpRequest): Partial<Problem> {
  try {
    return JSON.parse(xhr.responseText) as Partial<Problem>;
  } catch {
    // Not JSON (a proxy's error page): fall back to the status text.
    return { detail: xhr.statusText || undefined };
  }
}

function send<T>(options: UploadOptions, token: string | null): Promise<{ status: number; body: T | Partial<Problem> }> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', options.url);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve({ status: xhr.status, body: (xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T });
        } catch {
          reject(new ApiError(xhr.status, { detail: 'The server answered with something that is not JSON.' }));
        }
      } else {
        resolve({ status: xhr.status, body: problemOf(xhr) });
      }
    };
    xhr.onerror = () => reject(new NetworkError(new Error('XMLHttpRequest failed')));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    xhr.onloadend = () => options.signal?.removeEventListener('abort', abort);
    xhr.send(options.body);
  });
}

/** POSTs the form; resolves with the JSON answer of a 2xx, rejects with ApiError otherwise. */
export async function uploadWithProgress<T>(options: UploadOptions): Promise<T> {
  let token = (await session.getSession())?.idToken ?? null;
  let answer = await send<T>(options, token);
  if (answer.status === 401 && token) {
    // The token may have been revoked or rotated in another tab: one forced refresh, as the JSON client does.
    token = (await session.getSession({ forceRefresh: true }))?.idToken ?? null;
    if (token) {
      options.onProgress?.({ loaded: 0, total: null });
      answer = await send<T>(options, token);
    }
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  throw new UploadProblemError(answer.status, answer.body as Partial<Problem> & Record<string, unknown>);
}
