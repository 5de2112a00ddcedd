// "Resend invitation" sends a new temporary password: with a cloud user pool the pool holds the
// passwords and the server refuses (400 naming the pool), so the action is not offered.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '@clearlane/contract/public-config';
import type { UserSummary } from '@clearlane/contract/users';
import { theme } from '../../../src/app/theme.ts';
import { ResendInviteButton } from '../../../src/features/users/components/resend-invite-button.tsx';
import { setPublicConfig } from '../../../src/lib/public-config.ts';

const invited = { id: '01a20ccd-e523-7a56-b44e-11b92d160e9f', email: 'nina@acme.test', firstName: 'Nina', lastName: 'New' } as UserSummary;

function renderButton() {
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient()}>
        <ResendInviteButton user={invited} labelled />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('ResendInviteButton', () => {
  it('is offered with the embedded provider', () => {
    setPublicConfig({ auth: { provider: 'embedded' } } as unknown as PublicConfig);
    renderButton();
    expect(screen.getByRole('button', { name: 'Resend invitation' })).toBeInTheDocument();
  });

  it('is absent with a cloud user pool', () => {
    setPublicConfig({ auth: { provider: 'cognito' } } as unknown as PublicConfig);
    renderButton();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();
  });
});
