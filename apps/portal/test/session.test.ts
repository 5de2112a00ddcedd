import { describe, expect, it, vi } from 'vitest';
import type { CookieStorage } from '../src/lib/cookie-storage.ts';
import { NetworkError } from '../src/lib/api-error.ts';
import { SessionManager, TOKEN_EXPIRY_TOLERANCE_MS } from '../src/lib/session.ts';
import { fakeTokens } from './jwt.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const T0 = 1_800_000_000_000;

function setup(options: { refresh?: ReturnType<typeof vi.fn>; now?: () => number } = {}) {
  const storage = new MemoryStorage();
  let now = T0;
  const clock = { advance: (ms: number) => (now += ms) };
  const refresh = options.refresh ?? vi.fn(async () => fakeTokens({ nowSeconds: Math.floor(now / 1000), refreshToken: 'refresh-2' }));
  const manager = new SessionManager(storage as unknown as CookieStorage, refresh as never, options.now ?? (() => now));
  return { storage, manager, refresh, clock };
}

describe('SessionManager', () => {
  it('returns the stored session without refreshing while tokens are fresh', async () => {
    const { manager, refresh } = setup();
    manager.store(fakeTokens({ nowSeconds: T0 / 1000, lifetimeSeconds: 900 }));
    const session = await manager.getSession();
    expect(session?.claims.email).toBe('ada@acme.test');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes when a token expires within the 5 s tolerance', async () => {
    const { manager, refresh, clock, storage } = setup();
    manager.store(fakeTokens({ nowSeconds: T0 / 1000, lifetimeSeconds: 900 }));
    clock.advance(900_000 - TOKEN_EXPIRY_TOLERANCE_MS - 1);
    await manager.getSession();
    expect(refresh).not.toHaveBeenCalled();
    clock.advance(1);
    await manager.getSession();
    expect(refresh).toHaveBeenCalledWith('refresh-1');
    expect(storage.getItem('clearlane.refreshToken')).toBe('refresh-2');
  });

  it('accounts for clock drift measured at sign-in', async () => {
    // The browser clock is 60 s behind the server: tokens issued "in the future" of the browser.
    const { manager, refresh, clock } = setup();
    manager.store(fakeTokens({ nowSeconds: T0 / 1000 + 60, lifetimeSeconds: 900 }));
    clock.advance(900_000 - TOKEN_EXPIRY_TOLERANCE_MS);
    await manager.getSession();
    expect(refresh).toHaveBeenCalled();
  });

  it('refreshes when forced', async () => {
    const { manager, refresh } = setup();
    manager.store(fakeTokens({ nowSeconds: T0 / 1000 }));
    await manager.getSession({ forceRefresh: true });
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('shares one refresh between concurrent callers', async () => {
    const { manager, refresh } = setup();
    manager.store(fakeTokens({ nowSeconds: T0 / 1000 }));
    await Promise.all([manager.getSession({ forceRefresh: true }), manager.getSession({ forceRefresh: true })]);
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('a non-network refresh failure (NotAuthorized) clears the tokens: no session', async () => {
    const refresh = vi.fn(async () => {
      throw Object.assign(new Error('Refresh Token has been revoked'), { name: 'NotAuthorizedException' });
    });
    const { manager, storage } = setup({ refresh });
    manager.store(fakeTokens({ nowSeconds: T0 / 1000 }));
    await expect(manager.getSession({ forceRefresh: true })).resolves.toBeNull();
    expect(storage.items.size).toBe(0);
    expect(manager.load()).toBeNull();
  });

  it('a network failure keeps the tokens and propagates', async () => {
    const refresh = vi.fn(async () => {
      throw new NetworkError(new TypeError('offline'));
    });
    const { manager } = setup({ refresh });
    manager.store(fakeTokens({ nowSeconds: T0 / 1000 }));
    await expect(manager.getSession({ forceRefresh: true })).rejects.toBeInstanceOf(NetworkError);
    expect(manager.load()).not.toBeNull();
  });

  it('a session with only an access token is not refreshable', async () => {
    const { manager, storage, refresh, clock } = setup();
    manager.store(fakeTokens({ nowSeconds: T0 / 1000 }));
    storage.removeItem('clearlane.refreshToken');
    clock.advance(3_600_000);
    await expect(manager.getSession()).resolves.toBeNull();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('no tokens: no session; listeners hear store and clear', async () => {
    const { manager } = setup();
    await expect(manager.getSession()).resolves.toBeNull();
    const listener = vi.fn();
    manager.subscribe(listener);
    manager.store(fakeTokens({ nowSeconds: T0 / 1000 }));
    manager.clear();
    expect(listener.mock.calls.map(([session]) => session === null)).toEqual([false, true]);
  });
});
