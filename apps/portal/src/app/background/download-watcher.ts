// Tells the user when a bundle they asked for is ready (or failed): polls each watched download
// (lib/watched-downloads.ts) every few seconds, raises one toast per bundle, and forgets it. Loaded
// on its own chunk by useDownloadWatcher, only while the user has a bundle on its way.
import type { DownloadDetail } from '@clearlane/contract/downloads';
import { ApiError } from '../../lib/api-error.ts';
import { downloadBundleFile } from '../../lib/entities/downloads/download-bundle-file.ts';
import { getDownload } from '../../lib/entities/downloads/get-download.ts';
import { notify } from '../../lib/toasts/notify.ts';
import { unwatchDownload, watchedDownloads } from '../../lib/watched-downloads.ts';
import { appRouter } from '../navigation/app-router.ts';

export const DOWNLOAD_WATCH_POLL_MS = 3_000;

// Bottom right: never over the page's heading (issue 13), and out of the way of the list being read.
const POSITION = 'bottom-right';

export interface DownloadWatcherDeps {
  userId: string;
  getDownload?: (id: string) => Promise<DownloadDetail>;
  onReady?: (download: DownloadDetail) => void;
  onFailed?: (download: DownloadDetail) => void;
  intervalMs?: number;
}

export function announceReady(download: DownloadDetail) {
  notify.success(`${download.fileName} is ready. It is kept on the Downloads page for 7 days.`, {
    title: 'Your download is ready',
    position: POSITION,
    scope: 'app',
    duration: 30_000,
    action: {
      label: 'Download',
      onClick: () => void downloadBundleFile(download).catch((error: Error) => notify.error(error.message, { title: 'Download failed', position: POSITION, scope: 'app' })),
    },
  });
}

export function announceFailed(download: DownloadDetail) {
  notify.error(download.failureReason ?? 'The bundle could not be built.', {
    title: `${download.fileName} failed`,
    position: POSITION,
    scope: 'app',
    duration: 0,
    action: { label: 'View downloads', onClick: () => void appRouter().navigate({ href: '/downloads' }) },
  });
}

/** Starts polling; answers the function that stops it (the shell calls it on sign-out or when nothing is watched). */
export function startDownloadWatcher({ userId, getDownload: get = getDownload, onReady = announceReady, onFailed = announceFailed, intervalMs = DOWNLOAD_WATCH_POLL_MS }: DownloadWatcherDeps): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const checkOne = async (id: string) => {
    try {
      const download = await get(id);
      if (download.status === 'Processing') return;
      // Another tab may have told the user already: only the one that forgets it speaks.
      if (!unwatchDownload(userId, id) || stopped) return;
      if (download.status === 'Complete') onReady(download);
      else if (download.status === 'Failed') onFailed(download);
    } catch (error) {
      // Gone (removed, or another company's after a switch): nothing to tell. Anything else: try again later.
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) unwatchDownload(userId, id);
    }
  };

  const tick = async () => {
    await Promise.all(watchedDownloads(userId).map(checkOne));
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };
  // The first look waits a moment too: a bundle is never ready the instant it is asked for.
  timer = setTimeout(() => void tick(), intervalMs);

  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
