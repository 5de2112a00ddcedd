// Company plugins in the portal: the navigation and the actions of a feature that is off are hidden,
// its pages say "<feature> is not enabled for <company>" (before the role is looked at, as the server
// does), and features that are not built (DOT scores) are never
// advertised on the home page, in the permission table or in the invite form.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildAbility } from '@clearlane/contract/ability';
import type { PluginName } from '@clearlane/contract/company';
import type { CurrentUser } from '@clearlane/contract/users';
import { ErrorPage } from '../src/app/errors/error-page.tsx';
import { queryClient as appQueryClient } from '../src/app/query-client.ts';
import { toPageError } from '../src/app/errors/page-error.ts';
import { NAV_ITEMS, visibleNavItems } from '../src/app/navigation/nav-config.ts';
import { theme } from '../src/app/theme.ts';
import { assertMayPlaceBulkOrders } from '../src/features/bulk-orders/access.ts';
import { assertMayUseBusinesses } from '../src/features/businesses/access.ts';
import { assertMayUseClaims } from '../src/features/claims/access.ts';
import { HomePage } from '../src/features/home/components/home-page.tsx';
import { PermissionsGrid } from '../src/features/home/components/permissions-grid.tsx';
import { assertMayViewOrders } from '../src/features/orders/access.ts';
import { assertMayPlaceOrders } from '../src/features/orders/place/access.ts';
import { assertMayViewReports } from '../src/features/reports/access.ts';
import { ROLE_DESCRIPTIONS } from '../src/features/users/components/add-user-page.tsx';
import { AbilityProvider } from '../src/lib/ability.tsx';
import { ApiError } from '../src/lib/api-error.ts';
import { persistUser, userContextQuery } from '../src/lib/current-user.ts';
import { configureHttp } from '../src/lib/http.ts';
import { FeatureNotEnabledError } from '../src/lib/plugins.ts';
import { testUser } from './fixtures.ts';
import { testPublicConfig } from './public-config.ts';
import { renderWithTheme } from './render.tsx';

const ALL: PluginName[] = ['orders', 'bulk-orders', 'claims', 'monitoring', 'dot-scores', 'businesses', 'downloads'];
const admin = testUser({ roles: [{ name: 'Company Admin', permissions: [{ action: 'manage', subject: 'ANY' }] }], groups: ['Company Admin'] });
const viewer = testUser({
  roles: [{ name: 'Viewer', permissions: ['Order', 'Driver', 'Business', 'Claim', 'Monitoring', 'Reports', 'Scores'].map((subject) => ({ action: 'view' as const, subject: subject as 'Order' })) }],
  groups: ['Viewer'],
});
const abilityOf = (user: CurrentUser) => buildAbility(user.roles.flatMap((role) => role.permissions), user.companyId);
const without = (...off: PluginName[]) => ALL.filter((plugin) => !off.includes(plugin));

const queryClientWith = (user: CurrentUser, plugins: readonly string[]) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userContextQuery.queryKey, { user, plugins } as never);
  return queryClient;
};

/** What a guard threw, or null. */
const refusal = async (guard: Promise<void>) => guard.then(() => null, (error: unknown) => error);

describe('navigation', () => {
  it('hides the sections of a plugin that is off: Orders and Reports (orders), Businesses (businesses), Driver alerts (monitoring), Claims (claims), Downloads (downloads)', () => {
    const labels = (plugins: PluginName[]) => visibleNavItems(NAV_ITEMS, { ability: abilityOf(admin), plugins }).map((item) => item.label);
    expect(labels(ALL)).toEqual(['Home', 'Orders', 'Drivers', 'Driver alerts', 'Businesses', 'Reports', 'Claims', 'Downloads', 'Users']);
    expect(labels(without('downloads'))).toEqual(['Home', 'Orders', 'Drivers', 'Driver alerts', 'Businesses', 'Reports', 'Claims', 'Users']);
    expect(labels(without('orders'))).toEqual(['Home', 'Drivers', 'Driver alerts', 'Businesses', 'Claims', 'Downloads', 'Users']);
    expect(labels(without('businesses'))).toEqual(['Home', 'Orders', 'Drivers', 'Driver alerts', 'Reports', 'Claims', 'Downloads', 'Users']);
    expect(labels(without('monitoring'))).toEqual(['Home', 'Orders', 'Drivers', 'Businesses', 'Reports', 'Claims', 'Downloads', 'Users']);
    expect(labels(without('claims'))).toEqual(['Home', 'Orders', 'Drivers', 'Driver alerts', 'Businesses', 'Reports', 'Downloads', 'Users']);
    expect(labels([])).toEqual(['Home', 'Drivers', 'Users']);
  });
});

describe('route guards', () => {
  it('refuse a page of a feature that is off with the feature and the company named, before the role', async () => {
    const businesses = await refusal(assertMayUseBusinesses(queryClientWith(viewer, without('businesses')), 'create'));
    expect(businesses).toBeInstanceOf(FeatureNotEnabledError);
    expect(businesses).toMatchObject({ plugin: 'businesses', message: 'Businesses is not enabled for Acme Logistics' });
    // With the plugin, the same Viewer is refused for their role.
    expect(await refusal(assertMayUseBusinesses(queryClientWith(viewer, ALL), 'create'))).toMatchObject({ status: 403, code: 'Forbidden' });
    expect(await refusal(assertMayUseBusinesses(queryClientWith(viewer, ALL), 'view'))).toBeNull();
  });

  it('ask each page for the plugins its server routes declare', async () => {
    const missing = async (guard: (queryClient: QueryClient) => Promise<void>, plugins: PluginName[]) =>
      ((await refusal(guard(queryClientWith(admin, plugins)))) as FeatureNotEnabledError | null)?.plugin ?? null;
    expect(await missing(assertMayViewOrders, without('orders'))).toBe('orders');
    expect(await missing(assertMayViewReports, without('orders'))).toBe('orders');
    expect(await missing((queryClient) => assertMayPlaceOrders(queryClient), without('orders'))).toBe('orders');
    // A business risk report needs both.
    expect(await missing((queryClient) => assertMayPlaceOrders(queryClient, 'businesses'), without('businesses'))).toBe('businesses');
    expect(await missing(assertMayPlaceBulkOrders, without('bulk-orders'))).toBe('bulk-orders');
    expect(await missing(assertMayPlaceBulkOrders, without('orders'))).toBe('orders');
    expect(await missing(assertMayUseClaims, without('claims'))).toBe('claims');
    expect(await missing((queryClient) => assertMayUseClaims(queryClient, 'create'), without('claims'))).toBe('claims');
    for (const guard of [assertMayViewOrders, assertMayViewReports, assertMayPlaceBulkOrders, assertMayUseClaims, (queryClient: QueryClient) => assertMayPlaceOrders(queryClient, 'businesses')]) {
      expect(await missing(guard, ALL)).toBeNull();
    }
  });
});

describe('the page of a feature that is off', () => {
  beforeEach(() => persistUser(null));

  it('says which feature is not enabled for which company, and what to do', () => {
    const error = toPageError(new FeatureNotEnabledError('bulk-orders', 'Acme Logistics'));
    expect(error).toEqual({ status: 403, title: 'Bulk orders is not enabled for Acme Logistics', message: 'Your company administrator can ask Clearlane to switch it on.' });
    renderWithTheme(<ErrorPage error={error} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Bulk orders is not enabled for Acme Logistics' })).toBeInTheDocument();
    expect(screen.getByText('Your company administrator can ask Clearlane to switch it on.')).toBeInTheDocument();
    expect(screen.queryByText(/An error occurred/)).not.toBeInTheDocument();
  });

  it('reads the plugin list again when the server refuses a call for a plugin, and only then', async () => {
    appQueryClient.setQueryData(userContextQuery.queryKey, { user: admin, plugins: ALL } as never);
    const refusedWith = (code: string) =>
      appQueryClient.fetchQuery({ queryKey: ['businesses', code], queryFn: () => Promise.reject(new ApiError(403, { code, plugin: 'businesses' })), retry: false }).catch(() => undefined);
    await refusedWith('Forbidden');
    expect(appQueryClient.getQueryState(userContextQuery.queryKey)?.isInvalidated).toBe(false);
    await refusedWith('PluginNotEnabled');
    expect(appQueryClient.getQueryState(userContextQuery.queryKey)?.isInvalidated).toBe(true);
    appQueryClient.clear();
  });

  it('says the same when the server refused a call because the feature was switched off meanwhile', () => {
    persistUser({ user: admin, plugins: ['orders'] });
    const refused = new ApiError(403, { code: 'PluginNotEnabled', plugin: 'businesses', detail: 'Businesses is not enabled for Acme Logistics. This needs the "businesses" plugin.' });
    expect(toPageError(refused)).toMatchObject({ status: 403, title: 'Businesses is not enabled for Acme Logistics' });
    // Any other 403 stays "Not Authorized".
    expect(toPageError(new ApiError(403, { code: 'Forbidden', detail: 'No.' }))).toEqual({ status: 401, message: 'No.' });
  });
});

describe('features that are not built are never advertised', () => {
  const UNBUILT = /score/i;

  it('the permission table lists only built areas that are on for the company', () => {
    const rows = (plugins: PluginName[]) => {
      const { unmount } = renderWithTheme(<PermissionsGrid ability={abilityOf(viewer)} plugins={plugins} />);
      const names = within(screen.getByRole('table')).getAllByRole('rowheader').map((cell) => cell.textContent);
      unmount();
      return names;
    };
    expect(rows(ALL)).toEqual(['Orders', 'Reports', 'Drivers', 'Monitoring', 'Businesses', 'Claims', 'Users']);
    expect(rows(without('orders', 'businesses', 'monitoring', 'claims'))).toEqual(['Drivers', 'Users']);
  });

  it('the invite form describes roles by what is built', () => {
    for (const description of Object.values(ROLE_DESCRIPTIONS)) expect(description).not.toMatch(UNBUILT);
  });

  it('the home page lists the built features that are on, and neither the unbuilt ones nor their permissions', async () => {
    testPublicConfig();
    configureHttp({
      idToken: async () => 'id-token',
      onUnauthenticated: () => {},
      // The company; the home page's other calls (figures, alerts) are not what this test reads.
      fetch: (async (input: string) =>
        new URL(input, 'http://acme.localhost').pathname === '/api/v1/company/me'
          ? new Response(JSON.stringify({ id: 'company-1', name: 'Acme Logistics', tenantIdentifier: 'acme', customDomains: [] }), { status: 200, headers: { 'content-type': 'application/json' } })
          : new Response(JSON.stringify({ status: 404, code: 'NotFound' }), { status: 404, headers: { 'content-type': 'application/problem+json' } })) as unknown as typeof fetch,
    });
    const root = createRootRoute({ component: Outlet });
    const router = createRouter({
      routeTree: root.addChildren([createRoute({ getParentRoute: () => root, path: '/', component: HomePage })]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    // No orders plugin: no order health either.
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClientWith(admin, without('orders'))}>
          <AbilityProvider user={admin}>
            <RouterProvider router={router} />
          </AbilityProvider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    const features = (await screen.findByText('Features switched on')).parentElement!;
    expect(within(features).getAllByText(/./).slice(1).map((badge) => badge.textContent)).toEqual(['Bulk orders', 'Businesses', 'Monitoring', 'Downloads', 'Claims']);
    expect(document.body.textContent).not.toMatch(UNBUILT);
    expect(screen.queryByText(/MVR order health/i)).not.toBeInTheDocument();
  });
});
