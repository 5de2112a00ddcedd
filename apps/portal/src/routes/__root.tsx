import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context.ts';
import { RootView } from '../app/root-view.tsx';
import { NotFoundStandalone } from '../app/errors/route-error.tsx';
import { tenantPrefixRedirect } from '../app/tenancy/tenant-path.ts';
import { publicConfig } from '../lib/public-config.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    // On a tenant host, /acme/orders is /orders (SPEC.md §2 "Tenant routing").
    const stripped = tenantPrefixRedirect(location.pathname, window.location.host, publicConfig());
    if (stripped !== null) throw redirect({ href: `${stripped}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`, replace: true });
  },
  component: RootView,
  notFoundComponent: NotFoundStandalone,
});
