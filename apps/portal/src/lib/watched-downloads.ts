// The bundles a user asked for in this browser and has not been told about yet: kept in
// localStorage per user (a reload, another tab, or a sign-in of someone else must not lose or leak
// them), so the shell starts its watcher only while there is one, and the watcher knows whom to tell.
// Tiny and library-free: the shell (the entry chunk) reads it on every page.

const keyOf = (userId: string) => `clearlane.watchedDownloads.${userId}`;
const listeners = new Set<() => void>();

export function watchedDownloads(userId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function write(userId: string, ids: string[]) {
  try {
    if (ids.length > 0) localStorage.setItem(keyOf(userId), JSON.stringify(ids));
    else localStorage.removeItem(keyOf(userId));
  } catch {
    // Storage blocked: the bundle is still on the downloads page, only the toast is lost.
  }
  for (const listener of listeners) listener();
}

/** Remember a bundle just asked for, so the user hears when it is ready. */
export function watchDownload(userId: string, downloadId: string) {
  const ids = watchedDownloads(userId);
  if (!ids.includes(downloadId)) write(userId, [...ids, downloadId]);
}

/**
 * Forget a bundle; answers whether it was still watched. Tabs share the storage: the one that
 * forgets it first tells the user, the others stay quiet.
 */
export function unwatchDownload(userId: string, downloadId: string): boolean {
  const ids = watchedDownloads(userId);
  if (!ids.includes(downloadId)) return false;
  write(userId, ids.filter((id) => id !== downloadId));
  return true;
}

/** Called on every change made in this tab, and (through the storage event) in others. */
export function subscribeWatchedDownloads(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('clearlane.watchedDownloads.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
