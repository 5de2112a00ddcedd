import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen.ts';
import { queryClient } from './query-client.ts';
import { setAppRouter } from './navigation/app-router.ts';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0, // TanStack Query owns freshness
  scrollRestoration: true,
  scrollRestorationBehavior: 'smooth',
});

setAppRouter(router);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
