// A late-bound handle on the app's router, so modules that navigate outside React (sign-in,
// the session-expiry handler, the build watcher) need not import the route tree: that import
// would be circular (routes → pages → these modules → router) and would drag every route into tests.
import type { AnyRouter } from '@tanstack/react-router';

export interface AppNavigator {
  /** `href` may carry a search and a hash: '/users?page=2#top'. */
  navigate: (options: { href: string; replace?: boolean }) => Promise<void>;
  /** Re-runs the guards and loaders of the current location (after sign-in or sign-out). */
  invalidate: () => Promise<void>;
}

let current: AppNavigator | undefined;

export function setAppRouter(router: AnyRouter | AppNavigator) {
  current = router as AppNavigator;
}

export function appRouter(): AppNavigator {
  if (!current) throw new Error('The router has not been created yet');
  return current;
}
