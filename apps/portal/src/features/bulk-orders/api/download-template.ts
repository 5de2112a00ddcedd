// GET /api/v1/orders/bulk/template?format=xlsx|csv: the sheet to fill in, with the columns and an
// example row. Fetched as a blob with the bearer token (the JSON client reads bodies as text).
import { useMutation } from '@tanstack/react-query';
import type { BulkOrderFileFormat } from '@clearlane/contract/bulk-orders';
import { NetworkError, problemFrom } from '../../../lib/api-error.ts';
import { session } from '../../../lib/auth.ts';
import { buildUrl } from '../../../lib/http.ts';

/** The name a Content-Disposition header gives, without any folder part. */
export function fileNameOf(contentDisposition: string | null): string | null {
  const match = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(contentDisposition ?? '');
  const name = match ? (match[1] ?? match[2] ?? '').replace(/\\(.)/g, '$1') : '';
  return name.split(/[/\\]/).pop()?.trim() || null;
}

async function fetchTemplate(url: string, forceRefresh = false): Promise<Response> {
  const token = (await session.getSession({ forceRefresh }))?.idToken;
  try {
    return await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    throw new NetworkError(error);
  }
}

export async function downloadTemplate(format: BulkOrderFileFormat): Promise<{ blob: Blob; fileName: string }> {
  const url = buildUrl('/api/v1/orders/bulk/template', { format });
  let response = await fetchTemplate(url);
  if (response.status === 401) response = await fetchTemplate(url, true);
  if (!response.ok) throw await problemFrom(response);
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) ?? `mvr-bulk-order-template.${format}` };
}

function save({ blob, fileName }: { blob: Blob; fileName: string }) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked a little later rather than at once: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadTemplate = () =>
  useMutation({
    mutationFn: async (format: BulkOrderFileFormat) => {
      const file = await downloadTemplate(format);
      save(file);
      return file;
    },
  });
