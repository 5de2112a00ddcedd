// /company/sso against a stubbed API: the settings come in three groups, each named by its legend
// and holding its own labelled fields (one small fieldset component draws them), filled from what
// is stored; saving sends the form as the body.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SsoConfigAnswer } from '@clearlane/contract/sso';
import { SsoSettingsPage } from '../../../src/features/company-sso/components/sso-settings-page.tsx';
import { testUser } from '../../fixtures.ts';
import { renderAs } from '../drivers/monitoring-harness.tsx';

const admin = testUser({ roles: [{ name: 'Company Admin', permissions: [{ action: 'manage', subject: 'ANY' }] }], groups: ['Company Admin'] });
const PATH = '/api/v1/company/me/sso';
const answer: SsoConfigAnswer = {
  config: {
    enabled: true, issuer: 'https://login.acme.example', clientId: 'clearlane', hasClientSecret: true, emailDomains: ['acme.example'], roleClaim: 'groups',
    roleMapping: [{ value: 'dispatch', role: 'Agent' }], jitEnabled: true, defaultRole: 'Viewer', requireSso: false, breakGlassEmail: null, endSessionSupported: true,
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
  redirectUri: 'http://acme.localhost/api/v1/auth/sso/callback',
  backchannelLogoutUri: 'http://acme.localhost/api/v1/auth/sso/backchannel-logout',
  postLogoutRedirectUri: 'http://acme.localhost/login',
};

describe('the single sign-on settings page', { timeout: 30_000 }, () => {
  it('groups its fields under three legends, filled from what is stored, and saves them', async () => {
    const { sent } = renderAs(admin, () => <SsoSettingsPage />, { [`GET ${PATH}`]: () => answer, [`PUT ${PATH}`]: () => answer }, []);
    const provider = await screen.findByRole('group', { name: 'Your identity provider' }, { timeout: 10_000 });
    const roles = screen.getByRole('group', { name: 'Roles' });
    const who = screen.getByRole('group', { name: 'Who may sign in' });
    expect(screen.getAllByRole('group').filter((group) => group.tagName === 'FIELDSET')).toEqual([provider, roles, who]);

    expect(within(provider).getByRole('switch', { name: /^Single sign-on is on/ })).toBeChecked();
    expect(within(provider).getByRole('textbox', { name: /^Issuer URL/ })).toHaveValue('https://login.acme.example');
    expect(within(provider).getByRole('textbox', { name: /^Client ID/ })).toHaveValue('clearlane');
    expect(within(provider).getByLabelText(/^Client secret/)).toHaveAccessibleDescription('A secret is stored. Leave empty to keep it.');
    expect(within(provider).getByText('acme.example')).toBeInTheDocument();
    expect(within(roles).getByRole('textbox', { name: /^Role claim/ })).toHaveValue('groups');
    expect(within(roles).getByRole('textbox', { name: 'Claim value 1' })).toHaveValue('dispatch');
    expect(within(roles).getByRole('button', { name: 'Add a claim value' })).toBeInTheDocument();
    expect(within(who).getByRole('switch', { name: /^Create accounts at first sign-in/ })).toBeChecked();
    expect(within(who).getByRole('switch', { name: /^Require single sign-on/ })).not.toBeChecked();
    expect(within(who).getByRole('textbox', { name: /^Break-glass admin/ })).toHaveValue('');

    await userEvent.click(within(who).getByRole('switch', { name: /^Require single sign-on/ }));
    expect(within(who).getByRole('textbox', { name: /^Break-glass admin/ })).toBeRequired();
    await userEvent.type(within(who).getByRole('textbox', { name: /^Break-glass admin/ }), 'admin@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save and check the provider' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([{
      enabled: true, issuer: 'https://login.acme.example', clientId: 'clearlane', emailDomains: ['acme.example'], roleClaim: 'groups',
      roleMapping: [{ value: 'dispatch', role: 'Agent' }], jitEnabled: true, defaultRole: 'Viewer', requireSso: true, breakGlassEmail: 'admin@acme.example',
    }]));
  });
});
