import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import { lazy } from 'react';
import type { RouterContext } from '../app/router-context.ts';
import { RootView } from '../app/root-view.tsx';
import { tenantPrefixRedirect } from '../app/tenancy/tenant-path.ts';
import { StandaloneRouteErrorPage } from '../app/errors/route-error.tsx';
import { publicConfig } from '../lib/public-config.ts';

// Loaded on demand: it brings both layouts, and most visits never need it.
const NotFoundAnywhere = lazy(() => import('../app/errors/not-found-anywhere.tsx').then((module) => ({ default: module.NotFoundAnywhere })));

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    // On a tenant host, /acme/orders is /orders (SPEC.md §2 "Tenant routing").
    const stripped = tenantPrefixRedirect(location.pathname, window.location.host, publicConfig());
    if (stripped !== null) throw redirect({ href: `${stripped}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`, replace: true });
  },
  component: RootView,
  errorComponent: StandaloneRouteErrorPage,
  notFoundComponent: NotFoundAnywhere,
});
