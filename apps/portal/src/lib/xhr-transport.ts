// fetch() cannot tell how much of a request body has been sent; XMLHttpRequest can
// (upload.onprogress). This is a fetch-shaped transport over XMLHttpRequest, so an upload goes
// through the HTTP client's one path (bearer token, forced refresh, session ended, problems) and
// only the wire differs.

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes in all, when the browser knows. */
  total: number | null;
}

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A fetch that reports the upload's progress; it rejects as fetch does (AbortError, TypeError). */
export function xhrFetch(onProgress: (progress: UploadProgress) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');
      if (init.signal?.aborted) {
        reject(abortError());
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', String(input));
      for (const [name, value] of new Headers(init.headers).entries()) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
      xhr.onload = () => {
        const body = NO_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText;
        resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr) }));
      };
      xhr.onerror = () => reject(new TypeError('XMLHttpRequest failed'));
      xhr.onabort = () => reject(abortError());
      const abort = () => xhr.abort();
      init.signal?.addEventListener('abort', abort, { once: true });
      xhr.onloadend = () => init.signal?.removeEventListener('abort', abort);
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
