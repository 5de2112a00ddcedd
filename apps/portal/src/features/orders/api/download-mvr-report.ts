// GET /api/v1/orders/{id}/mvr/report as a file: the Accept header picks the document (docs/DECISIONS.md):
// application/pdf → the standard PDF (or ?format=MVR_CONDENSED_REPORT the condensed one), text/plain
// → the condensed text. The app's JSON client reads bodies as text, which would corrupt a PDF, so
// this reads the body as a blob, with the same bearer token and the same one forced refresh on 401.
import { useMutation } from '@tanstack/react-query';
import { session } from '../../../lib/auth.ts';
import { NetworkError, problemFrom } from '../../../lib/api-error.ts';
import { buildUrl } from '../../../lib/http.ts';

export const MVR_DOWNLOADS = {
  standard: { label: 'Full MVR Report (Standard)', accept: 'application/pdf', format: undefined, extension: 'pdf' },
  condensed: { label: 'Full MVR Report (Condensed)', accept: 'application/pdf', format: 'MVR_CONDENSED_REPORT', extension: 'pdf' },
  text: { label: 'Condensed report (text)', accept: 'text/plain', format: undefined, extension: 'txt' },
} as const;
export type MvrDownloadKind = keyof typeof MVR_DOWNLOADS;

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(contentDisposition);
  const name = plain?.[1] ?? plain?.[2];
  // Only the last path segment: a name must never point outside the downloads folder.
  return name ? (name.split(/[\\/]/).pop() ?? null) : null;
}

async function fetchWithToken(url: string, accept: string, forceRefresh = false): Promise<{ response: Response; token: string | null }> {
  const token = (await session.getSession({ forceRefresh }))?.idToken ?? null;
  try {
    const response = await fetch(url, { headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    return { response, token };
  } catch (error) {
    throw new NetworkError(error);
  }
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export async function fetchMvrReport(orderId: string, kind: MvrDownloadKind): Promise<DownloadedFile> {
  const { accept, format, extension } = MVR_DOWNLOADS[kind];
  const url = buildUrl(`/api/v1/orders/${encodeURIComponent(orderId)}/mvr/report`, { format });
  const first = await fetchWithToken(url, accept);
  // The token may have been revoked or rotated elsewhere: one forced refresh, like lib/http.ts.
  const response = first.response.status === 401 && first.token ? (await fetchWithToken(url, accept, true)).response : first.response;
  if (!response.ok) throw await problemFrom(response);
  const fallback = `mvr-${orderId}-${kind === 'standard' ? 'standard' : 'condensed'}.${extension}`;
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) ?? fallback };
}

/** Hands a blob to the browser as a download with its name. */
export function saveFile({ blob, fileName }: DownloadedFile) {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

export function useDownloadMvrReport(orderId: string) {
  return useMutation({
    mutationKey: ['orders', 'download-mvr', orderId],
    mutationFn: (kind: MvrDownloadKind) => fetchMvrReport(orderId, kind),
    onSuccess: saveFile,
  });
}
