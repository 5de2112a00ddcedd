// GET /api/v1/orders/{id}/mvr/report as a file: the standard or condensed PDF, or the condensed text
// (the Accept header chooses, docs/DECISIONS.md). The app's JSON client reads bodies as text, which
// would corrupt a PDF, so this fetches the body as a blob with the same bearer token.
import { useMutation } from '@tanstack/react-query';
import { problemFrom } from '../../../lib/api-error.ts';
import { session } from '../../../lib/auth.ts';
import { buildUrl, NetworkError } from '../../../lib/http.ts';

export const MVR_DOCUMENTS = {
  standard: { label: 'Standard PDF', description: 'Full MVR Report (Standard)', accept: 'application/pdf', format: 'MVR_STANDARD_REPORT', extension: 'pdf' },
  condensed: { label: 'Condensed PDF', description: 'Full MVR Report (Condensed)', accept: 'application/pdf', format: 'MVR_CONDENSED_REPORT', extension: 'pdf' },
  text: { label: 'Condensed text', description: 'Full MVR Report (Condensed), plain text', accept: 'text/plain', format: undefined, extension: 'txt' },
} as const;
export type MvrDocument = keyof typeof MVR_DOCUMENTS;

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * The file name of a Content-Disposition header (RFC 6266): filename* (UTF-8, percent-encoded) wins
 * over filename; path parts are dropped so a name can never point outside the download folder.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1]!.trim());
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
    name = plain ? (plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1') : null;
  }
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : null;
}

async function fetchWithToken(url: string, accept: string, forceRefresh = false): Promise<Response> {
  const token = (await session.getSession({ forceRefresh }))?.idToken;
  try {
    return await fetch(url, { headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  } catch (error) {
    throw new NetworkError(error);
  }
}

export async function downloadMvrReport(orderId: string, document: MvrDocument): Promise<DownloadedFile> {
  const spec = MVR_DOCUMENTS[document];
  const url = buildUrl(`/api/v1/orders/${encodeURIComponent(orderId)}/mvr/report`, { format: spec.format });
  let response = await fetchWithToken(url, spec.accept);
  // The token may have been rotated by another tab: one forced refresh, as the JSON client does.
  if (response.status === 401) response = await fetchWithToken(url, spec.accept, true);
  if (!response.ok) throw await problemFrom(response);
  const fallback = `mvr-${orderId}-${document}.${spec.extension}`;
  return { blob: await response.blob(), fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')) ?? fallback };
}

/** Hands a fetched file to the browser as a download. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked a little later rather than at once: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadMvrReport = (orderId: string) =>
  useMutation({
    mutationFn: async (document: MvrDocument) => {
      const file = await downloadMvrReport(orderId, document);
      saveFile(file);
      return file;
    },
  });
