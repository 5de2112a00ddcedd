import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RootView } from '../src/app/root-view.tsx';
import { clearError, showError } from '../src/app/errors/page-error.ts';
import { NotFoundInLayout, RouteErrorPage } from '../src/app/errors/route-error.tsx';
import { loadErrorPage } from '../src/app/errors/deferred-error-page.tsx';
import { assertValidRoute } from '../src/app/errors/route-validity.ts';
import { setAppRouter } from '../src/app/navigation/app-router.ts';
import { ApiError } from '../src/lib/api-error.ts';
import { theme } from '../src/app/theme.ts';

function renderApp(initial: string) {
  const root = createRootRoute({ component: RootView, notFoundComponent: NotFoundInLayout });
  const page = (path: string, title: string, staticTitle?: string) =>
    createRoute({ getParentRoute: () => root, path, component: () => <h1>{title}</h1>, ...(staticTitle ? { staticData: { title: staticTitle } } : {}) });
  const tree = root.addChildren([
    page('/', 'Welcome, Ada', 'Home'),
    page('/users', 'Users'),
    createRoute({ getParentRoute: () => root, path: '/orders/$id', beforeLoad: ({ params, location }) => assertValidRoute(location.pathname, params.id === '1'), component: () => <h1>Order</h1> }),
    createRoute({ getParentRoute: () => root, path: '/secret', loader: () => { throw new ApiError(403, { detail: 'You may not see this.' }); }, component: () => null }),
    createRoute({
      getParentRoute: () => root,
      path: '/users/add-user',
      staticData: { title: 'Invite a user' },
      beforeLoad: () => {
        throw new ApiError(403, { title: 'Not Authorized', detail: 'You do not have permission to invite users.' });
      },
      component: () => <h1>Invite a user</h1>,
    }),
  ]);
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [initial] }), defaultErrorComponent: RouteErrorPage });
  setAppRouter(router as never);
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('root view', () => {
  // As main.tsx does at start-up: the error page's chunk is fetched before any page fails.
  beforeAll(async () => {
    await loadErrorPage();
  });
  afterEach(() => clearError());

  it('renders the routed page, a skip link and sets the document title from the route or the h1', async () => {
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    await waitFor(() => expect(document.title).toBe('Home · Clearlane'));
    await act(() => router.navigate({ to: '/users' }));
    await waitFor(() => expect(document.title).toBe('Users · Clearlane'));
    // Route changes are announced to screen readers.
    expect(screen.getByTestId('route-announcer')).toHaveTextContent('Users');
    expect(screen.getByTestId('route-announcer')).toHaveAttribute('aria-live', 'polite');
  });

  it('shows the error page instead of the page while an application error exists', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/users');
    await screen.findByRole('heading', { name: 'Users' });
    act(() => showError({ status: 500, message: 'Boom' }, { userAgent: 'Mozilla/5.0 Chrome' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('An error occurred 500 - Boom');
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
    act(() => clearError());
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
  });

  it('titles a refused page by the error page, not by the route', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderApp('/');
    await waitFor(() => expect(document.title).toBe('Home · Clearlane'));
    await act(() => router.navigate({ to: '/users/add-user' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Authorized' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Not Authorized · Clearlane'));
    await waitFor(() => expect(screen.getByTestId('route-announcer')).toHaveTextContent('Not Authorized'));
  });

  it('titles an application error by the error page while it is shown, then the page again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/');
    await waitFor(() => expect(document.title).toBe('Home · Clearlane'));
    act(() => showError({ status: 500, message: 'Boom' }, { userAgent: 'Mozilla/5.0 Chrome' }));
    await waitFor(() => expect(document.title).toBe('An error occurred 500 - Boom · Clearlane'));
    act(() => clearError());
    await waitFor(() => expect(document.title).toBe('Home · Clearlane'));
  });

  it('shows "Page not found" for unmatched routes', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('a failed route validity check is a fatal 404 with "Page Not Found: {path}"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/orders/abc');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found: /orders/abc')).toBeInTheDocument();
  });

  it('maps an API 403 from a loader to "Not Authorized"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/secret');
    expect(await screen.findByRole('heading', { name: 'Not Authorized' })).toBeInTheDocument();
    expect(screen.getByText('You may not see this.')).toBeInTheDocument();
  });

  it('clearError with a redirect navigates there', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    act(() => showError({ status: 500, message: 'Boom' }, { userAgent: 'Mozilla/5.0 Chrome' }));
    act(() => clearError({ redirect: '/users' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });
});
