import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorPage } from '../src/app/errors/error-page.tsx';
import { isBotUserAgent } from '../src/app/errors/bot-user-agent.ts';
import { clearError, currentPageError, errorHeading, showError, toPageError } from '../src/app/errors/page-error.ts';
import { assertValidRoute, isUuid, PageNotFoundError, requireUuidParams, validRouteParam } from '../src/app/errors/route-validity.ts';
import { ApiError, NetworkError } from '../src/lib/api-error.ts';
import { UserSetupError } from '../src/lib/current-user.ts';
import { theme } from '../src/app/theme.ts';
import { renderWithTheme } from './render.tsx';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

describe('error page', () => {
  it('names 404 and 401, and shows status and message for everything else', () => {
    expect(errorHeading({ status: 404, message: 'x' })).toEqual({ title: 'Page not found' });
    expect(errorHeading({ status: 401, message: 'x' })).toEqual({ title: 'Not Authorized' });
    expect(errorHeading({ status: 500, message: 'Boom' })).toEqual({ title: 'An error occurred', detail: '500 - Boom' });
  });

  it('renders one h1 whose accessible text is "An error occurred {status} - {message}"', () => {
    renderWithTheme(<ErrorPage error={{ status: 502, message: 'Bad gateway' }} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('An error occurred 502 - Bad gateway');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows the route check message under "Page not found"', () => {
    renderWithTheme(<ErrorPage error={{ status: 404, message: 'Page Not Found: /orders/x' }} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(screen.getByText('Page Not Found: /orders/x')).toBeInTheDocument();
  });

  it('Go Back returns to the previous page', () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const onBack = vi.fn();
    renderWithTheme(<ErrorPage error={{ status: 401, message: 'No' }} onBack={onBack} />);
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(onBack).toHaveBeenCalled();
    expect(back).toHaveBeenCalled();
  });

  describe('Go Back in the app', () => {
    /** /broken shows the error page; the others are ordinary pages. */
    function renderApp(initial: string) {
      const root = createRootRoute();
      const page = (path: string) => createRoute({ getParentRoute: () => root, path, component: () => <p>{path}</p> });
      const broken = createRoute({ getParentRoute: () => root, path: '/broken', component: () => <ErrorPage error={{ status: 404, message: 'Page not found' }} /> });
      const router = createRouter({ routeTree: root.addChildren([page('/'), page('/orders'), broken]), history: createMemoryHistory({ initialEntries: [initial] }) });
      render(
        <MantineProvider theme={theme}>
          <RouterProvider router={router} />
        </MantineProvider>,
      );
      return router;
    }

    it('returns to the previous page of the app', async () => {
      const router = renderApp('/orders');
      await screen.findByText('/orders');
      await act(() => router.navigate({ to: '/broken' as never }));
      fireEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    });

    it('goes to the home page when the app has no previous page (opened in a new tab)', async () => {
      const router = renderApp('/broken');
      fireEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(await screen.findByText('/')).toBeInTheDocument();
    });
  });

  it('brings its own <main> only when standalone', () => {
    const { container, unmount } = renderWithTheme(<ErrorPage error={{ status: 404, message: '' }} standalone />);
    expect(container.querySelector('main#main-content')).not.toBeNull();
    unmount();
    const inLayout = renderWithTheme(<ErrorPage error={{ status: 404, message: '' }} />);
    expect(inLayout.container.querySelector('main')).toBeNull();
  });
});

describe('toPageError', () => {
  it('maps API errors: 401 and 403 → Not Authorized (401), 404 stays', () => {
    expect(toPageError(new ApiError(401, { detail: 'Expired' }))).toEqual({ status: 401, message: 'Expired' });
    expect(toPageError(new ApiError(403, { detail: 'Forbidden' }))).toEqual({ status: 401, message: 'Forbidden' });
    expect(toPageError(new ApiError(404, { detail: 'No such order' }))).toEqual({ status: 404, message: 'No such order' });
    expect(toPageError(new ApiError(500, { detail: 'Oops' }))).toEqual({ status: 500, message: 'Oops' });
  });

  it('maps a user setup failure to its SPEC message', () => {
    expect(toPageError(new UserSetupError(new Error('x')))).toEqual({ status: 500, message: 'An error occurred while fetching user information.' });
  });

  it('maps a failed route check, a network error and unknown errors', () => {
    expect(toPageError(new PageNotFoundError('/orders/abc'))).toEqual({ status: 404, message: 'Page Not Found: /orders/abc' });
    expect(toPageError(new NetworkError(new TypeError('fetch failed'))).status).toBe(503);
    expect(toPageError(new Error('internal detail'))).toEqual({ status: 500, message: 'Something went wrong on this page. Please try again.' });
  });
});

describe('page error store', () => {
  afterEach(() => clearError());

  it('shows and clears an application error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    showError({ status: 500, message: 'Boom' }, { userAgent: BROWSER });
    expect(currentPageError()).toEqual({ status: 500, message: 'Boom' });
    clearError();
    expect(currentPageError()).toBeNull();
  });

  it('only logs the error for bots', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    showError({ status: 500, message: 'Boom' }, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    expect(currentPageError()).toBeNull();
    expect(log).toHaveBeenCalledWith('Page error 500: Boom');
  });

  it('detects crawler user agents by SPEC patterns', () => {
    for (const agent of ['Googlebot/2.1', 'Mozilla/5.0 Chrome-Lighthouse', 'facebookexternalhit/1.1', 'facebook external hit', 'Google-InspectionTool', 'bingbot']) {
      expect(isBotUserAgent(agent)).toBe(true);
    }
    expect(isBotUserAgent(BROWSER)).toBe(false);
    expect(isBotUserAgent('')).toBe(false);
  });
});

describe('route validity checks', () => {
  it('throws a fatal 404 "Page Not Found: {path}" when the check fails', () => {
    expect(() => assertValidRoute('/orders/x', false)).toThrow('Page Not Found: /orders/x');
    expect(() => assertValidRoute('/orders/x', true)).not.toThrow();
    try {
      assertValidRoute('/a', false);
    } catch (error) {
      expect(error).toBeInstanceOf(PageNotFoundError);
      expect((error as PageNotFoundError).status).toBe(404);
    }
  });

  it('checks UUID parameters', () => {
    const id = '0190f5c4-7e5a-7c2b-9f4e-1a2b3c4d5e6f';
    expect(isUuid(id)).toBe(true);
    expect(isUuid('12')).toBe(false);
    expect(validRouteParam(undefined, isUuid)).toBe(false);
    const guard = requireUuidParams('id', 'driverId');
    expect(() => guard({ params: { id, driverId: id }, location: { pathname: `/drivers/${id}/alerts/${id}` } })).not.toThrow();
    expect(() => guard({ params: { id, driverId: 'nope' }, location: { pathname: '/drivers/nope/alerts/x' } })).toThrow('Page Not Found: /drivers/nope/alerts/x');
  });
});
