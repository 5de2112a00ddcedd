import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppButton } from '../src/components/app-button.tsx';
import { SystemMessageBanner } from '../src/app/layouts/system-message-banner.tsx';
import { currentNavItem, isNavItemActive, NAV_ITEMS, visibleNavItems } from '../src/app/navigation/nav-config.ts';
import { abilityFor } from '../src/lib/ability.tsx';
import { configureHttp } from '../src/lib/http.ts';
import { SYSTEM_MESSAGE_REFRESH_MS, systemMessageQuery } from '../src/lib/system-message.ts';
import { testUser } from './fixtures.ts';
import { testPublicConfig } from './public-config.ts';
import { renderWithTheme } from './render.tsx';

describe('AppButton', () => {
  it('renders data-cy="didNotSetAttribute" and is enabled by default', () => {
    renderWithTheme(<AppButton>Save</AppButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('data-cy', 'didNotSetAttribute');
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('type', 'button');
  });

  it('takes a test attribute and the buttonDisabled flag', () => {
    const onClick = vi.fn();
    renderWithTheme(
      <AppButton testAttribute="save-order" buttonDisabled onClick={onClick}>
        Save
      </AppButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('data-cy', 'save-order');
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('navigation config', () => {
  it('renders only built sections the user may see', () => {
    const viewer = abilityFor(testUser());
    const admin = abilityFor(testUser({ roles: [{ name: 'Company Admin', permissions: [{ action: 'ANY', subject: 'ANY' }] }] }));
    expect(visibleNavItems(NAV_ITEMS, { ability: viewer, plugins: ['orders', 'claims'] }).map((item) => item.label)).toEqual(['Home', 'Orders']);
    expect(visibleNavItems(NAV_ITEMS, { ability: admin, plugins: ['orders', 'claims'] }).map((item) => item.label)).toEqual(['Home', 'Orders', 'Drivers', 'Reports', 'Claims', 'Users']);
    // Businesses needs its plugin; Scores is not built yet.
    expect(visibleNavItems(NAV_ITEMS, { ability: admin, plugins: ['orders', 'claims', 'businesses'] }).map((item) => item.label)).toContain('Businesses');
  });

  it('lists every future section of SPEC §2 with its requirements', () => {
    expect(NAV_ITEMS.map((item) => item.label)).toEqual(['Home', 'Orders', 'Drivers', 'Driver alerts', 'Businesses', 'Reports', 'Claims', 'Scores', 'Downloads', 'Users']);
    const orders = NAV_ITEMS.find((item) => item.label === 'Orders')!;
    const built = { ...orders, built: true };
    const admin = abilityFor(testUser({ roles: [{ name: 'Company Admin', permissions: [{ action: 'ANY', subject: 'ANY' }] }] }));
    expect(visibleNavItems([built], { ability: admin, plugins: [] })).toEqual([]);
    expect(visibleNavItems([built], { ability: admin, plugins: ['orders'] })).toEqual([built]);
  });

  it('marks Home active only on /, sections on their subtree', () => {
    expect(isNavItemActive({ to: '/' }, '/')).toBe(true);
    expect(isNavItemActive({ to: '/' }, '/users')).toBe(false);
    expect(isNavItemActive({ to: '/users' }, '/users/add-user')).toBe(true);
    expect(isNavItemActive({ to: '/users' }, '/usersx')).toBe(false);
  });

  it('marks one item current: the most specific of those active (Driver alerts, not Drivers, on /drivers/alerts)', () => {
    const items = [{ to: '/' }, { to: '/drivers' }, { to: '/drivers/alerts' }];
    expect(currentNavItem(items, '/drivers/alerts')).toBe(items[2]);
    expect(currentNavItem(items, '/drivers/5c0ffee0-0000-4000-8000-000000000000')).toBe(items[1]);
    expect(currentNavItem(items, '/')).toBe(items[0]);
    expect(currentNavItem(items, '/nowhere')).toBeUndefined();
  });
});

describe('SystemMessageBanner', () => {
  const fetch = vi.fn();
  const wrapper = (children: ReactNode) => (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
  );
  beforeEach(() => {
    testPublicConfig({ systemMessageBaseUrl: 'https://hub.example/' });
    configureHttp({ idToken: async () => 'token', onUnauthenticated: () => {}, fetch: fetch as typeof globalThis.fetch });
    fetch.mockReset();
  });
  afterEach(() => sessionStorage.clear());

  it('fetches the message anonymously from its own base URL and shows it by severity', async () => {
    fetch.mockResolvedValue(Response.json({ message: 'Maintenance tonight at 22:00', severity: 'warning', updatedAt: '2026-01-01T00:00:00Z' }));
    renderWithTheme(wrapper(<SystemMessageBanner />));
    expect(await screen.findByText('Maintenance tonight at 22:00')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://hub.example/hub/system-message');
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
    expect(screen.getByTestId('system-message')).toHaveTextContent('Warning');
  });

  it('can be dismissed for the session; a changed message shows again', async () => {
    fetch.mockResolvedValue(Response.json({ message: 'Hello', severity: 'info', updatedAt: 'a' }));
    const first = renderWithTheme(wrapper(<SystemMessageBanner />));
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss system message' }));
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
    first.unmount();
    renderWithTheme(wrapper(<SystemMessageBanner />));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
    fetch.mockResolvedValue(Response.json({ message: 'Hello again', severity: 'critical', updatedAt: 'b' }));
    renderWithTheme(wrapper(<SystemMessageBanner />));
    expect(await screen.findByRole('alert')).toHaveTextContent('Hello again');
  });

  it('shows nothing when there is no message, and refetches every 5 minutes', async () => {
    fetch.mockResolvedValue(Response.json({ message: null, severity: 'info', updatedAt: null }));
    const { container } = renderWithTheme(wrapper(<SystemMessageBanner />));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.querySelector('[data-testid=system-message]')).toBeNull();
    expect(SYSTEM_MESSAGE_REFRESH_MS).toBe(300_000);
    expect(systemMessageQuery.refetchInterval).toBe(300_000);
  });
});
