// Renders a component inside the app's Mantine theme (and a route tree with a query client too).
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import type { CurrentUser } from '@clearlane/contract/users';
import { theme } from '../src/app/theme.ts';
import { AbilityProvider } from '../src/lib/ability.tsx';
import { userContextQueryKey } from '../src/lib/current-user.ts';

export function renderWithTheme(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => <MantineProvider theme={theme}>{children}</MantineProvider>,
    ...options,
  });
}

export interface RenderRouterOptions {
  queryClient?: QueryClient;
  /** Signed in as `user` of a company with `plugins`: the user context is cached and the ability given. */
  signedIn?: { user: CurrentUser; plugins: string[] };
}

/** Renders a router (a test's own route tree) inside the theme and a query client, as the app does. */
export function renderRouter(router: AnyRouter, { queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }), signedIn }: RenderRouterOptions = {}) {
  if (signedIn) queryClient.setQueryData(userContextQueryKey, signedIn as never);
  const routed = <RouterProvider router={router} />;
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        {signedIn ? <AbilityProvider user={signedIn.user}>{routed}</AbilityProvider> : routed}
      </QueryClientProvider>
    </MantineProvider>,
  );
}
