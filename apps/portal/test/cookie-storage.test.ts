import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_COOKIE_DEFAULTS, CookieStorage } from '../src/lib/cookie-storage.ts';
import { clearCookies } from './jwt.ts';

describe('CookieStorage', () => {
  afterEach(() => clearCookies());

  it('defaults to 7 days, sameSite lax, path /', () => {
    const storage = new CookieStorage();
    expect(AUTH_COOKIE_DEFAULTS).toEqual({ path: '/', expiresDays: 7, sameSite: 'lax' });
    expect(storage).toMatchObject({ path: '/', expiresDays: 7, sameSite: 'lax', secure: false });
  });

  it('writes the attributes and an expiry 7 days ahead', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    new CookieStorage().setItem('clearlane.idToken', 'a b');
    vi.useRealTimers();
    expect(writes[0]).toBe('clearlane.idToken=a%20b; path=/; samesite=lax; expires=Thu, 08 Jan 2026 00:00:00 GMT');
  });

  it('reads back, and removes', () => {
    const storage = new CookieStorage();
    storage.setItem('k', 'v=1;2');
    expect(storage.getItem('k')).toBe('v=1;2');
    storage.removeItem('k');
    expect(storage.getItem('k')).toBeNull();
  });

  it('sameSite must be lax, strict or none; none requires secure', () => {
    expect(() => new CookieStorage({ sameSite: 'loose' as never })).toThrow('The sameSite value of cookieStorage must be "lax", "strict" or "none".');
    expect(() => new CookieStorage({ sameSite: 'none' })).toThrow('sameSite = None requires the Secure attribute in latest browser versions.');
    expect(new CookieStorage({ sameSite: 'none', secure: true }).sameSite).toBe('none');
    expect(new CookieStorage({ sameSite: 'strict' }).sameSite).toBe('strict');
  });
});
