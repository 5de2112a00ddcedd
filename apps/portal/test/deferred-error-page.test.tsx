// The error page loads apart from the entry chunk (app/errors/deferred-error-page.tsx): it shows
// when its chunk arrives, the page title follows it, and a plain page stands in when the chunk
// cannot be fetched.
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshModules() {
  vi.resetModules();
  const { theme } = await import('../src/app/theme.ts');
  const deferred = await import('../src/app/errors/deferred-error-page.tsx');
  const titles = await import('../src/app/navigation/page-title.ts');
  return { theme, ...deferred, ...titles };
}

describe('the deferred error page', () => {
  afterEach(() => {
    vi.doUnmock('../src/app/errors/error-page.tsx');
  });

  it('renders the error page once its chunk is there, and says the page changed', async () => {
    const { theme, DeferredErrorPage, subscribePageContent } = await freshModules();
    const changed = vi.fn();
    const unsubscribe = subscribePageContent(changed);
    render(
      <MantineProvider theme={theme}>
        <DeferredErrorPage error={{ status: 404, message: 'Page not found' }} standalone />
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(changed).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('renders at once when the chunk was fetched before', async () => {
    const { theme, DeferredErrorPage, loadErrorPage } = await freshModules();
    await loadErrorPage();
    render(
      <MantineProvider theme={theme}>
        <DeferredErrorPage error={{ status: 500, message: 'Boom' }} />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('An error occurred 500 - Boom');
  });

  it('stands in with a plain page of the same heading when the chunk cannot be fetched', async () => {
    vi.doMock('../src/app/errors/error-page.tsx', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/error-page-abc.js');
    });
    const { theme, DeferredErrorPage, loadErrorPage } = await freshModules();
    await expect(loadErrorPage()).rejects.toThrow();
    render(
      <MantineProvider theme={theme}>
        <DeferredErrorPage error={{ status: 403, message: 'Not Authorized' }} standalone />
      </MantineProvider>,
    );
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Not Authorized'));
    expect(screen.getByRole('main')).toHaveAttribute('data-error-page');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });
});
