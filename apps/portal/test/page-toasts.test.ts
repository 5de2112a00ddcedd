import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPageToastsOnNavigation } from '../src/app/toasts/page-toasts.ts';
import { TOAST_CARRY_OVER_MS, ToastStore } from '../src/lib/toasts/toast-store.ts';

type Listener = (event: { pathChanged: boolean; hrefChanged: boolean }) => void;

/** The router's event source, as much of it as the subscription uses. */
function fakeRouter() {
  const listeners = new Set<Listener>();
  return {
    subscribe: ((name: string, listener: Listener) => {
      expect(name).toBe('onBeforeNavigate');
      listeners.add(listener);
      return () => listeners.delete(listener);
    }) as never,
    navigate: (event: { pathChanged: boolean; hrefChanged: boolean }) => listeners.forEach((listener) => listener(event)),
  };
}

describe('page toasts on navigation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('clears the page toasts when the path changes, not when only the search does', () => {
    const store = new ToastStore();
    const router = fakeRouter();
    const stop = clearPageToastsOnNavigation(router, store);
    store.show('3 drivers enrolled');
    store.show('Your download is ready', { scope: 'app' });
    vi.advanceTimersByTime(TOAST_CARRY_OVER_MS + 1);

    router.navigate({ pathChanged: false, hrefChanged: true }); // a filter or the next page of the list
    expect(store.getSnapshot().map((toast) => toast.status)).toEqual(['shown', 'shown']);

    router.navigate({ pathChanged: true, hrefChanged: true });
    expect(store.getSnapshot().map((toast) => [toast.message, toast.status])).toEqual([
      ['3 drivers enrolled', 'dismissed'],
      ['Your download is ready', 'shown'],
    ]);

    stop();
    store.show('Saved');
    vi.advanceTimersByTime(TOAST_CARRY_OVER_MS + 1);
    router.navigate({ pathChanged: true, hrefChanged: true });
    expect(store.getSnapshot().find((toast) => toast.message === 'Saved')?.status).toBe('shown');
  });
});
