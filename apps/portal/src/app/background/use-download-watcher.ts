// Starts the download watcher (its own chunk) while the signed-in user has a bundle on its way, and
// stops it when none is left or the user signs out (the layout unmounts). A page load without a
// watched bundle costs one localStorage read.
import { useEffect, useSyncExternalStore } from 'react';
import { subscribeWatchedDownloads, watchedDownloads } from '../../lib/watched-downloads.ts';

export function useDownloadWatcher(userId: string) {
  const watching = useSyncExternalStore(subscribeWatchedDownloads, () => watchedDownloads(userId).length > 0);
  useEffect(() => {
    if (!watching) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./download-watcher.ts').then(({ startDownloadWatcher }) => {
      if (!cancelled) stop = startDownloadWatcher({ userId });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [watching, userId]);
}
