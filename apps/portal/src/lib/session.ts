// The signed-in session: tokens kept in cookies, refreshed before they expire (SPEC.md §4, §9).
//  - refresh when the id or access token expires within 5 s (plus the clock drift measured at
//    sign-in), or when forced;
//  - a refresh that fails for any reason but the network clears the tokens; NotAuthorized → no session;
//  - a session without a refresh token cannot be refreshed.
// Tabs share the cookies, and refresh tokens rotate, so refreshes are serialised across tabs with
// the Web Locks API: a tab that waited re-reads the cookies and uses what the other tab got.
import type { Tokens } from '@clearlane/contract/auth';
import { CookieStorage } from './cookie-storage.ts';
import { decodeJwt, type IdTokenClaims } from './jwt.ts';
import { NetworkError } from './api-error.ts';

export const TOKEN_EXPIRY_TOLERANCE_MS = 5_000;

const KEYS = {
  idToken: 'clearlane.idToken',
  accessToken: 'clearlane.accessToken',
  refreshToken: 'clearlane.refreshToken',
  clockDrift: 'clearlane.clockDrift',
} as const;

export interface StoredTokens {
  idToken: string;
  accessToken: string;
  refreshToken?: string;
  /** Server clock minus browser clock, in ms, measured when the tokens were issued. */
  clockDrift: number;
}

export interface AuthSession {
  idToken: string;
  accessToken: string;
  claims: IdTokenClaims;
}

export type RefreshTokens = (refreshToken: string) => Promise<Tokens>;

export class NoSessionError extends Error {
  constructor(message = 'There was an error creating user session. Please try logging in again.') {
    super(message);
    this.name = 'NoSessionFoundException';
  }
}

type Listener = (session: AuthSession | null) => void;

export class SessionManager {
  private inflight?: Promise<AuthSession | null>;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly storage: CookieStorage,
    private readonly refreshTokens: RefreshTokens,
    private readonly now: () => number = Date.now,
  ) {}

  load(): StoredTokens | null {
    const idToken = this.storage.getItem(KEYS.idToken);
    const accessToken = this.storage.getItem(KEYS.accessToken);
    if (!idToken || !accessToken) return null;
    const refreshToken = this.storage.getItem(KEYS.refreshToken) ?? undefined;
    const clockDrift = Number(this.storage.getItem(KEYS.clockDrift) ?? 0) || 0;
    return { idToken, accessToken, ...(refreshToken ? { refreshToken } : {}), clockDrift };
  }

  /** Stores tokens just issued by the server and tells the listeners. */
  store(tokens: Tokens): AuthSession {
    const claims = decodeJwt<IdTokenClaims>(tokens.idToken);
    const clockDrift = claims.iat * 1000 - this.now();
    this.storage.setItem(KEYS.idToken, tokens.idToken);
    this.storage.setItem(KEYS.accessToken, tokens.accessToken);
    this.storage.setItem(KEYS.refreshToken, tokens.refreshToken);
    this.storage.setItem(KEYS.clockDrift, String(clockDrift));
    const session = { idToken: tokens.idToken, accessToken: tokens.accessToken, claims };
    this.emit(session);
    return session;
  }

  clear(): void {
    for (const key of Object.values(KEYS)) this.storage.removeItem(key);
    this.emit(null);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isExpiring(tokens: StoredTokens): boolean {
    const deadline = this.now() + tokens.clockDrift + TOKEN_EXPIRY_TOLERANCE_MS;
    const idExp = decodeJwt<{ exp: number }>(tokens.idToken).exp * 1000;
    const accessExp = decodeJwt<{ exp: number }>(tokens.accessToken).exp * 1000;
    return idExp <= deadline || accessExp <= deadline;
  }

  /** The current session, refreshed if needed; null when signed out. Network errors propagate. */
  async getSession(options: { forceRefresh?: boolean } = {}): Promise<AuthSession | null> {
    const tokens = this.load();
    if (!tokens) return null;
    if (!options.forceRefresh && !this.isExpiring(tokens)) return this.toSession(tokens);
    this.inflight ??= this.refreshSerialised(tokens, Boolean(options.forceRefresh)).finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async refreshSerialised(before: StoredTokens, force: boolean): Promise<AuthSession | null> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return this.refresh(before, force);
    return locks.request('clearlane-token-refresh', () => this.refresh(before, force));
  }

  private async refresh(before: StoredTokens, force: boolean): Promise<AuthSession | null> {
    // Another tab may have refreshed while we waited for the lock.
    const current = this.load();
    if (!current) return null;
    if (current.refreshToken !== before.refreshToken && !this.isExpiring(current)) return this.toSession(current);
    if (!force && !this.isExpiring(current)) return this.toSession(current);
    if (!current.refreshToken) {
      // Only an access token: not refreshable, so the session is over.
      this.clear();
      return null;
    }
    try {
      return this.store(await this.refreshTokens(current.refreshToken));
    } catch (error) {
      if (error instanceof NetworkError) throw error;
      this.clear();
      return null;
    }
  }

  private toSession(tokens: StoredTokens): AuthSession {
    return { idToken: tokens.idToken, accessToken: tokens.accessToken, claims: decodeJwt<IdTokenClaims>(tokens.idToken) };
  }

  private emit(session: AuthSession | null) {
    for (const listener of this.listeners) listener(session);
  }
}
