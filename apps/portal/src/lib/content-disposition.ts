// The file name a Content-Disposition header gives a download (RFC 6266).

/**
 * filename* (UTF-8, percent-encoded) wins over filename; a quoted name may escape characters with a
 * backslash (RFC 9110). Folder parts are dropped so a name can never point outside the downloads
 * folder. Null when the header names no file.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
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
