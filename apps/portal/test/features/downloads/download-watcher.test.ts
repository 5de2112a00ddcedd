// The shell's download watcher: it asks about each bundle the user is waiting for until it has
// finished, tells once (ready or failed) and forgets it; a bundle that is gone is forgotten quietly;
// another tab that told the user first keeps this one quiet; and stopping it stops the asking.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DownloadDetail } from '@clearlane/contract/downloads';
import { startDownloadWatcher } from '../../../src/app/background/download-watcher.ts';
import { ApiError } from '../../../src/lib/api-error.ts';
import { unwatchDownload, watchDownload, watchedDownloads } from '../../../src/lib/watched-downloads.ts';
import { download, downloadId } from './harness.tsx';

const USER = 'user-1';
const detail = (n: number, status: DownloadDetail['status']): DownloadDetail => ({ ...download(n, { status }), mvrOrders: [], accesses: [] });

afterEach(() => {
  for (const id of watchedDownloads(USER)) unwatchDownload(USER, id);
});

describe('the download watcher', () => {
  it('tells once when a bundle is ready or failed, forgets a missing one, and stops', async () => {
    watchDownload(USER, downloadId(1));
    watchDownload(USER, downloadId(2));
    watchDownload(USER, downloadId(3));
    const polls = new Map<string, number>();
    const getDownload = vi.fn(async (id: string) => {
      const seen = (polls.get(id) ?? 0) + 1;
      polls.set(id, seen);
      if (id === downloadId(3)) throw new ApiError(404, { code: 'NotFound', detail: 'No such download' });
      if (seen < 3) return detail(id === downloadId(1) ? 1 : 2, 'Processing');
      return id === downloadId(1) ? detail(1, 'Complete') : detail(2, 'Failed');
    });
    const onReady = vi.fn();
    const onFailed = vi.fn();
    const stop = startDownloadWatcher({ userId: USER, getDownload, onReady, onFailed, intervalMs: 10 });

    await vi.waitFor(() => expect(watchedDownloads(USER)).toEqual([]), { timeout: 5_000 });
    expect(onReady).toHaveBeenCalledOnce();
    expect(onReady.mock.calls[0]![0]).toMatchObject({ id: downloadId(1), status: 'Complete' });
    expect(onFailed).toHaveBeenCalledOnce();
    expect(onFailed.mock.calls[0]![0]).toMatchObject({ id: downloadId(2), status: 'Failed' });

    // Nothing is watched any more: nothing is asked; and after stop(), a new one is not asked about either.
    const asked = getDownload.mock.calls.length;
    stop();
    watchDownload(USER, downloadId(4));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getDownload.mock.calls.length).toBe(asked);
  });

  it('stays quiet when another tab has already told the user', async () => {
    watchDownload(USER, downloadId(1));
    const onReady = vi.fn();
    const getDownload = vi.fn(async () => {
      // The other tab forgets it while this one's request is out.
      unwatchDownload(USER, downloadId(1));
      return detail(1, 'Complete');
    });
    const stop = startDownloadWatcher({ userId: USER, getDownload, onReady, intervalMs: 10 });
    await vi.waitFor(() => expect(getDownload).toHaveBeenCalled(), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    stop();
    expect(onReady).not.toHaveBeenCalled();
  });
});
