// The add driver, add business and invite user forms: a submit they refuse moves focus to the first
// field in error (a keyboard or screen reader user lands on what to fix, not on the button); an
// empty required field says it is required, and an empty field in error does not look typed in.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunctionComponent } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../src/app/theme.ts';
import { AddBusinessPage } from '../../src/features/businesses/components/add-business-page.tsx';
import { AddDriverPage } from '../../src/features/drivers/components/add-driver-page.tsx';
import { AddUserPage, validateInviteField } from '../../src/features/users/components/add-user-page.tsx';
import { AbilityProvider } from '../../src/lib/ability.tsx';
import { configureHttp } from '../../src/lib/http.ts';
import { testUser } from '../fixtures.ts';

const admin = testUser({ roles: [{ name: 'Company Admin', permissions: [{ action: 'manage', subject: 'ANY' }] }], groups: ['Company Admin'] });

function renderPage(Page: FunctionComponent) {
  const fetch = async () => Response.json({ status: 404, code: 'NotFound', detail: 'No stub' }, { status: 404 });
  configureHttp({ idToken: async () => 'token', onUnauthenticated: () => {}, fetch: fetch as unknown as typeof globalThis.fetch });
  const root = createRootRoute({ component: Page });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AbilityProvider user={admin}>
          <RouterProvider router={router} />
        </AbilityProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('a refused submit of an add form', { timeout: 60_000 }, () => {
  it.each([
    ['driver', AddDriverPage, 'Add driver'],
    ['business', AddBusinessPage, 'Add business'],
    ['user', AddUserPage, 'Send invitation'],
  ] as const)('focuses the first field in error of the add %s form', async (_name, Page, submit) => {
    renderPage(Page);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: submit }));
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-invalid', 'true'));
    const first = document.querySelector('form [aria-invalid="true"]');
    expect(document.activeElement).toBe(first);
  });
});

describe('empty required fields', { timeout: 60_000 }, () => {
  it('an empty invitation email is required, not a bad address', () => {
    expect(validateInviteField('email', '')).toBe('Email is required');
    expect(validateInviteField('email', 'ada@')).toBe('Email must be an email address');
  });

  it('the EIN says it is required and keeps its placeholder grey when in error', async () => {
    renderPage(AddBusinessPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Add business' }));
    const ein = screen.getByRole('textbox', { name: /^EIN/ });
    expect(await screen.findByText('EIN is required')).toBeInTheDocument();
    expect(ein).toHaveAttribute('aria-invalid', 'true');
    expect(ein.style.getPropertyValue('--input-placeholder-color')).toBe('var(--mantine-color-placeholder)');
  });
});
