// The home page as the tests render it: signed in as `user` with `plugins`, inside the theme, the
// query cache and the ability, with the pages its links lead to as stubs (each shows its path).
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import type { CurrentUser } from '@clearlane/contract/users';
import { HomePage } from '../../../src/features/home/components/home-page.tsx';
import { renderRouter } from '../../render.tsx';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });

export function renderHome(user: CurrentUser, plugins: string[]) {
  const root = createRootRoute({ component: Outlet });
  const page = (path: string) => createRoute({ getParentRoute: () => root, path, component: () => <h1>{path}</h1> });
  const tree = root.addChildren([createRoute({ getParentRoute: () => root, path: '/', component: HomePage }), page('/orders'), page('/drivers'), page('/drivers/alerts')]);
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderRouter(router, { signedIn: { user, plugins } });
  return router;
}
