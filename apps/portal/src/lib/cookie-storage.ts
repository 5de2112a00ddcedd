// Tokens live in cookies (SPEC.md §9): 7 days, sameSite lax, path /, Secure on HTTPS.
export type SameSite = 'lax' | 'strict' | 'none';

export interface CookieStorageOptions {
  path?: string;
  domain?: string;
  expiresDays?: number;
  sameSite?: SameSite;
  secure?: boolean;
}

export const AUTH_COOKIE_DEFAULTS = { path: '/', expiresDays: 7, sameSite: 'lax' as SameSite };

export class CookieStorage {
  readonly path: string;
  readonly domain?: string;
  readonly expiresDays: number;
  readonly sameSite: SameSite;
  readonly secure: boolean;

  constructor(options: CookieStorageOptions = {}) {
    const sameSite = options.sameSite ?? AUTH_COOKIE_DEFAULTS.sameSite;
    if (!['lax', 'strict', 'none'].includes(sameSite)) {
      throw new Error('The sameSite value of cookieStorage must be "lax", "strict" or "none".');
    }
    const secure = options.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:');
    if (sameSite === 'none' && !secure) {
      throw new Error('sameSite = None requires the Secure attribute in latest browser versions.');
    }
    this.path = options.path ?? AUTH_COOKIE_DEFAULTS.path;
    if (options.domain) this.domain = options.domain;
    this.expiresDays = options.expiresDays ?? AUTH_COOKIE_DEFAULTS.expiresDays;
    this.sameSite = sameSite;
    this.secure = secure;
  }

  getItem(key: string): string | null {
    const prefix = `${encodeURIComponent(key)}=`;
    const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
    return found === undefined ? null : decodeURIComponent(found.slice(prefix.length));
  }

  setItem(key: string, value: string): void {
    const expires = new Date(Date.now() + this.expiresDays * 86_400_000).toUTCString();
    document.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; ${this.attributes()}; expires=${expires}`;
  }

  removeItem(key: string): void {
    document.cookie = `${encodeURIComponent(key)}=; ${this.attributes()}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }

  private attributes(): string {
    const parts = [`path=${this.path}`, `samesite=${this.sameSite}`];
    if (this.domain) parts.push(`domain=${this.domain}`);
    if (this.secure) parts.push('secure');
    return parts.join('; ');
  }
}
