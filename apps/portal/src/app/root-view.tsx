// The root view (SPEC.md §2): the error page whenever an application error exists, otherwise the
// routed page inside its layout; toasts and the route announcer are always there.
import { Outlet } from '@tanstack/react-router';
import { DeferredErrorPage } from './errors/deferred-error-page.tsx';
import { clearError, usePageError } from './errors/page-error.ts';
import { RouteAnnouncer } from './navigation/route-announcer.tsx';
import { LazyToastViewport } from './toasts/lazy-toast-viewport.tsx';

export function RootView() {
  const pageError = usePageError();
  return (
    <>
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      {pageError ? <DeferredErrorPage error={pageError} standalone onBack={() => clearError()} /> : <Outlet />}
      <LazyToastViewport />
      <RouteAnnouncer />
    </>
  );
}
