// Dark mode (issue 13): the user menu's System / Light / Dark choice is remembered in this browser,
// and public/color-scheme.js applies that same choice before the app loads.
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY, colorSchemeManager } from '../src/app/color-scheme.ts';
import { UserMenu } from '../src/app/layouts/user-menu.tsx';
import { cssVariablesResolver, theme } from '../src/app/theme.ts';
import { testUser } from './fixtures.ts';
import script from '../public/color-scheme.js?raw';

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

function renderMenu() {
  const rootRoute = createRootRoute({ component: () => <UserMenu user={testUser()} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

async function choose(label: 'System' | 'Light' | 'Dark') {
  fireEvent.click(await screen.findByRole('button', { name: /^Account menu for/ }));
  fireEvent.click(await screen.findByRole('menuitemradio', { name: label }));
}

/** The system preference jsdom reports (test/setup.ts answers every media query with `matches`). */
function systemPrefers(dark: boolean) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('dark') ? dark : true })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

describe('the colour scheme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-mantine-color-scheme');
  });
  afterEach(() => localStorage.clear());

  it('follows the system until the user chooses, then remembers the choice in this browser', async () => {
    const restore = systemPrefers(true);
    try {
      const first = renderMenu();
      await waitFor(() => expect(scheme()).toBe('dark'));
      await choose('Light');
      await waitFor(() => expect(scheme()).toBe('light'));
      expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
      // (hidden: the menu may be closing; the state is what counts)
      expect(screen.getByRole('menuitemradio', { name: 'Light', hidden: true })).toHaveAttribute('aria-checked', 'true');
      expect(screen.getByRole('menuitemradio', { name: 'System', hidden: true })).toHaveAttribute('aria-checked', 'false');
      first.unmount();

      // The next visit (a reload) starts with the remembered choice, though the system is dark.
      document.documentElement.removeAttribute('data-mantine-color-scheme');
      renderMenu();
      await waitFor(() => expect(scheme()).toBe('light'));
      await choose('System');
      await waitFor(() => expect(scheme()).toBe('dark'));
      expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('auto');
    } finally {
      restore();
    }
  });

  it('is applied before the app loads by public/color-scheme.js, with the same key and rule', () => {
    expect(script).toContain(`'${COLOR_SCHEME_STORAGE_KEY}'`);
    const run = (stored: string | null, systemDark: boolean) => {
      localStorage.clear();
      if (stored) localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, stored);
      const restore = systemPrefers(systemDark);
      try {
        act(() => new Function(script)());
      } finally {
        restore();
      }
      return scheme();
    };
    expect(run(null, true)).toBe('dark');
    expect(run(null, false)).toBe('light');
    expect(run('auto', true)).toBe('dark');
    expect(run('light', true)).toBe('light');
    expect(run('dark', false)).toBe('dark');
    expect(run('purple', false)).toBe('light');
  });
});
