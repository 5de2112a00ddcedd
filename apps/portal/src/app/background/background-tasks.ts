// Everything the app does in the background once the router exists: the build watcher, reloads on
// chunk errors, the preload limiter. Started once by main.tsx, after the public config has loaded.
import type { AnyRouter } from '@tanstack/react-router';
import { publicConfig } from '../../lib/public-config.ts';
import { notify } from '../toasts/notify.ts';
import { BuildWatcher } from './build-watcher.ts';
import { listenForPreloadErrors } from './chunk-reload.ts';
import { limitRoutePreloads } from './preload-limiter.ts';

export const NEW_VERSION_MESSAGE = 'A new version of Clearlane is available';

export function startBackgroundTasks(router: AnyRouter) {
  limitRoutePreloads(router);
  listenForPreloadErrors();

  const config = publicConfig();
  const watcher = new BuildWatcher({
    runningBuildId: import.meta.env.PROD ? __BUILD_ID__ : '',
    intervalMs: config.buildPollIntervalMs,
    isHidden: () => document.visibilityState === 'hidden',
    onNewBuild: () => {
      notify.info('Reload to get the latest improvements. The page also updates when you next change pages.', {
        title: NEW_VERSION_MESSAGE,
        duration: 0,
        action: { label: 'Reload', onClick: () => window.location.reload() },
      });
      // The next route change becomes a full page load of its destination.
      const unsubscribe = router.subscribe('onBeforeNavigate', (event) => {
        if (!event.hrefChanged) return;
        unsubscribe();
        window.location.assign(event.toLocation.href);
      });
    },
  });
  watcher.start();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void watcher.check();
  });
}
