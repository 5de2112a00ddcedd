// The app's session manager, as the lazily loaded cloud user pool reaches it: lib/auth.ts registers
// it here, so the user-pool modules need not import lib/auth.ts (which loads them).
import type { SessionManager } from '../session.ts';

let current: SessionManager | undefined;

export function linkSession(session: SessionManager) {
  current = session;
}

export function linkedSession(): SessionManager {
  if (!current) throw new Error('The session manager is not linked (lib/auth.ts links it)');
  return current;
}
