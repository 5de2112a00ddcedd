import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BuildWatcher } from '../src/app/background/build-watcher.ts';
import { isChunkLoadError, listenForPreloadErrors, reloadAfterChunkError, RELOAD_STATE_KEY, RELOAD_STATE_TTL_MS } from '../src/app/background/chunk-reload.ts';
import { isSlowConnection, limitRoutePreloads, MAX_CONCURRENT_PRELOADS, Semaphore } from '../src/app/background/preload-limiter.ts';

describe('BuildWatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const manifests = (latest: string) =>
    vi.fn(async (url: RequestInfo | URL) => {
      const path = String(url);
      if (path === '/builds/latest.json') return Response.json({ id: latest, timestamp: 1 });
      if (path === `/builds/meta/${latest}.json`) return Response.json({ id: latest, timestamp: 2 });
      return new Response('', { status: 404 });
    });

  it('polls builds/latest.json at the interval and stays quiet while the build is current', async () => {
    const fetch = manifests('build-a');
    const onNewBuild = vi.fn();
    const watcher = new BuildWatcher({ runningBuildId: 'build-a', intervalMs: 60_000, fetch: fetch as typeof globalThis.fetch, onNewBuild });
    watcher.start();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledWith('/builds/latest.json', expect.objectContaining({ cache: 'no-store' }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(onNewBuild).not.toHaveBeenCalled();
    watcher.stop();
  });

  it('on a new id, reads builds/meta/{id}.json, reports once and stops polling', async () => {
    const fetch = manifests('build-b');
    const onNewBuild = vi.fn();
    const watcher = new BuildWatcher({ runningBuildId: 'build-a', intervalMs: 1000, fetch: fetch as typeof globalThis.fetch, onNewBuild });
    watcher.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(onNewBuild).toHaveBeenCalledWith({ id: 'build-b', timestamp: 2 });
    expect(fetch).toHaveBeenCalledWith('/builds/meta/build-b.json', expect.anything());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onNewBuild).toHaveBeenCalledOnce();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(watcher.newBuild?.id).toBe('build-b');
  });

  it('is off without a build id or interval, skips hidden tabs, and survives network errors', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('offline');
    });
    new BuildWatcher({ runningBuildId: '', intervalMs: 1000, fetch: fetch as typeof globalThis.fetch, onNewBuild: vi.fn() }).start();
    new BuildWatcher({ runningBuildId: 'a', intervalMs: 0, fetch: fetch as typeof globalThis.fetch, onNewBuild: vi.fn() }).start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch).not.toHaveBeenCalled();
    const hidden = new BuildWatcher({ runningBuildId: 'a', intervalMs: 1000, fetch: fetch as typeof globalThis.fetch, onNewBuild: vi.fn(), isHidden: () => true });
    await expect(hidden.check()).resolves.toBe(false);
    const online = new BuildWatcher({ runningBuildId: 'a', intervalMs: 1000, fetch: fetch as typeof globalThis.fetch, onNewBuild: vi.fn() });
    await expect(online.check()).resolves.toBe(false);
  });
});

describe('reload on chunk-load errors', () => {
  const env = (now: number, stored: string | null = null) => {
    const items = new Map<string, string>(stored === null ? [] : [[RELOAD_STATE_KEY, stored]]);
    return {
      storage: { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) },
      reload: vi.fn(),
      now: () => now,
      items,
    };
  };

  it('recognises chunk-load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads and remembers when', () => {
    const e = env(50_000);
    expect(reloadAfterChunkError(e)).toBe(true);
    expect(e.reload).toHaveBeenCalledOnce();
    expect(e.items.get(RELOAD_STATE_KEY)).toBe('50000');
  });

  it('does not reload again within 10 s (no loop), but does after', () => {
    const soon = env(50_000 + RELOAD_STATE_TTL_MS - 1, '50000');
    expect(reloadAfterChunkError(soon)).toBe(false);
    expect(soon.reload).not.toHaveBeenCalled();
    const later = env(50_000 + RELOAD_STATE_TTL_MS, '50000');
    expect(reloadAfterChunkError(later)).toBe(true);
    expect(RELOAD_STATE_TTL_MS).toBe(10_000);
  });

  it('handles vite:preloadError by reloading instead of failing', () => {
    const e = env(1);
    const stop = listenForPreloadErrors(e);
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(e.reload).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
    stop();
  });
});

describe('route preloading', () => {
  it('treats saveData and 2g connections as slow', () => {
    expect(isSlowConnection({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(isSlowConnection({ effectiveType: '2g' })).toBe(true);
    expect(isSlowConnection({ effectiveType: 'slow-2g' })).toBe(true);
    expect(isSlowConnection({ effectiveType: '3g' })).toBe(false);
    expect(isSlowConnection(undefined)).toBe(false);
  });

  it('a semaphore runs at most `limit` tasks at once, in order', async () => {
    const semaphore = new Semaphore(2);
    const releases: (() => void)[] = [];
    let peak = 0;
    const started: number[] = [];
    const tasks = [0, 1, 2, 3, 4].map((index) =>
      semaphore.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(index);
            peak = Math.max(peak, semaphore.active);
            releases.push(() => resolve(index));
          }),
      ),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(semaphore.queued).toBe(3);
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await expect(Promise.all(tasks)).resolves.toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(() => new Semaphore(0)).toThrow();
  });

  it('caps the router at 4 concurrent preloads and skips them on slow connections', async () => {
    let running = 0;
    let peak = 0;
    const router = {
      preloadRoute: vi.fn(async (_options: never) => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
      }),
    };
    const original = router.preloadRoute;
    let connection: { effectiveType?: string } = { effectiveType: '4g' };
    limitRoutePreloads(router, { connection: () => connection });
    await Promise.all(Array.from({ length: 10 }, () => router.preloadRoute({} as never)));
    expect(original).toHaveBeenCalledTimes(10);
    expect(peak).toBe(MAX_CONCURRENT_PRELOADS);
    connection = { effectiveType: '2g' };
    await router.preloadRoute({} as never);
    expect(original).toHaveBeenCalledTimes(10);
  });
});

describe('new build offer', () => {
  it('shows a Reload toast and reloads on the next route change', async () => {
    const { offerReloadForNewBuild, NEW_VERSION_MESSAGE } = await import('../src/app/background/background-tasks.ts');
    const { toastStore } = await import('../src/lib/toasts/toast-store.ts');
    let listener: ((event: { hrefChanged: boolean; toLocation: { href: string } }) => void) | undefined;
    const unsubscribe = vi.fn();
    const router = { subscribe: vi.fn((_name: string, fn: typeof listener) => ((listener = fn), unsubscribe)) };
    const page = { reload: vi.fn(), assign: vi.fn() };
    offerReloadForNewBuild(router as never, page);

    const toast = toastStore.getSnapshot().at(-1)!;
    expect(toast).toMatchObject({ title: NEW_VERSION_MESSAGE, type: 'info', durationMs: 0 });
    toast.action!.onClick();
    expect(page.reload).toHaveBeenCalledOnce();

    listener!({ hrefChanged: false, toLocation: { href: '/' } });
    expect(page.assign).not.toHaveBeenCalled();
    listener!({ hrefChanged: true, toLocation: { href: '/users?page=2' } });
    expect(page.assign).toHaveBeenCalledWith('/users?page=2');
    expect(unsubscribe).toHaveBeenCalled();
    toastStore.clearAll();
  });
});
