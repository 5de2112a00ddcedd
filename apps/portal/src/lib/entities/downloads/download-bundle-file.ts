// Saves a built bundle. `url` is either our API's file route, which wants the bearer token (the
// server takes no cookie), so it is fetched by the one HTTP client and handed to the browser like
// every report PDF; or a short-lived signed address (an S3-compatible store), which must not get
// our token and which the browser downloads by itself.
import { useMutation } from '@tanstack/react-query';
import type { Download } from '@clearlane/contract/downloads';
import { clickDownloadLink, saveFile } from '../../download.ts';
import { requestFile } from '../../http.ts';
import { mutationKeys } from '../../query-keys.ts';

export type DownloadableBundle = Pick<Download, 'id' | 'url' | 'fileName' | 'contentType'>;

/** Whether the file is served by our API (same origin, bearer token) rather than a signed address. */
export const isApiFileUrl = (url: string) => url.startsWith('/api/');

export async function downloadBundleFile(bundle: DownloadableBundle): Promise<void> {
  if (!bundle.url) throw new Error('This download has no file yet.');
  if (!isApiFileUrl(bundle.url)) {
    // A signed address: the browser downloads it as a plain link would, without our token or referrer.
    clickDownloadLink(bundle.url, bundle.fileName, 'noopener noreferrer');
    return;
  }
  saveFile(await requestFile(bundle.url, { accept: bundle.contentType, fallbackFileName: bundle.fileName }));
}

export const useBundleFileDownload = (bundle: DownloadableBundle) =>
  useMutation({ mutationKey: mutationKeys.downloads.file(bundle.id), mutationFn: () => downloadBundleFile(bundle) });
