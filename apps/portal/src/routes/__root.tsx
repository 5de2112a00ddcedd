import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context.ts';
import { NotFoundPage } from '../app/errors/not-found-page.tsx';
import { ToastViewport } from '../app/toasts/toast-viewport.tsx';

function RootView() {
  return (
    <>
      <Outlet />
      <ToastViewport />
    </>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootView,
  notFoundComponent: NotFoundPage,
});
