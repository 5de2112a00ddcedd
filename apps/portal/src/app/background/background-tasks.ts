// Everything the app does in the background once the router exists: the build watcher, reloads on
// chunk errors, the preload limiter. Started once by main.tsx, after the public config has loaded.
import type { AnyRouter } from '@tanstack/react-router';
import { publicConfig } from '../../lib/public-config.ts';
import { notify } from '../../lib/toasts/notify.ts';
import { BuildWatcher } from './build-watcher.ts';
import { listenForPreloadErrors } from './chunk-reload.ts';
import { limitRoutePreloads } from './preload-limiter.ts';

export const NEW_VERSION_MESSAGE = 'A new version of Clearlane is available';

type NavigationEvents = Pick<AnyRouter, 'subscribe'>;

/**
 * A new build is out: offer a reload now, and turn the next route change into a full page load of
 * its destination (the user expects the page to change then anyway).
 */
export function offerReloadForNewBuild(
  router: NavigationEvents,
  page: { reload: () => void; assign: (href: string) => void } = { reload: () => window.location.reload(), assign: (href) => window.location.assign(href) },
) {
  notify.info('Reload to get the latest improvements. The page also updates when you next change pages.', {
    title: NEW_VERSION_MESSAGE,
    duration: 0,
    scope: 'app',
    action: { label: 'Reload', onClick: page.reload },
  });
  const unsubscribe = router.subscribe('onBeforeNavigate', (event) => {
    if (!event.hrefChanged) return;
    unsubscribe();
    page.assign(event.toLocation.href);
  });
}

export function startBackgroundTasks(router: AnyRouter) {
  limitRoutePreloads(router);
  listenForPreloadErrors();

  const config = publicConfig();
  const watcher = new BuildWatcher({
    runningBuildId: import.meta.env.PROD ? __BUILD_ID__ : '',
    intervalMs: config.buildPollIntervalMs,
    isHidden: () => document.visibilityState === 'hidden',
    onNewBuild: () => offerReloadForNewBuild(router),
  });
  watcher.start();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void watcher.check();
  });
}
