import { createRouter } from '@tanstack/react-router';
import { AUTH_MESSAGES } from '@clearlane/contract/auth-messages';
import { routeTree } from '../routeTree.gen.ts';
import { setUnauthenticatedHandler } from '../lib/auth.ts';
import { persistUser } from '../lib/current-user.ts';
import { parseSearch, stringifySearch } from '../lib/search-params.ts';
import { clearError, currentPageError } from './errors/page-error.ts';
import { RouteErrorPage } from './errors/route-error.tsx';
import { setAppRouter } from './navigation/app-router.ts';
import { clearPageToastsOnNavigation } from './toasts/page-toasts.ts';
import { queryClient } from './query-client.ts';
import { notify } from '../lib/toasts/notify.ts';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0, // TanStack Query owns freshness
  defaultErrorComponent: RouteErrorPage,
  scrollRestoration: true,
  scrollRestorationBehavior: 'smooth',
  parseSearch,
  stringifySearch,
});

setAppRouter(router);

// An application error belongs to the page it happened on: leaving the page clears it.
router.subscribe('onBeforeNavigate', (event) => {
  if (event.hrefChanged && currentPageError()) clearError();
});
// So do the page's toasts (issue 13).
clearPageToastsOnNavigation(router);

// The server ended the session (a 401 that a forced refresh did not fix): back to sign-in.
let redirectingToLogin = false;
setUnauthenticatedHandler(() => {
  persistUser(null);
  queryClient.clear();
  const here = router.state.location;
  if (redirectingToLogin || here.pathname === '/login') return;
  redirectingToLogin = true;
  notify.error(AUTH_MESSAGES.noTokens, { scope: 'app' });
  void router
    .navigate({ to: '/login', search: { redirect: here.href === '/' ? undefined : here.href }, replace: true })
    .finally(() => {
      redirectingToLogin = false;
    });
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
