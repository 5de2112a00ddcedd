// The user page (/users/{id}): what it shows, who sees its actions, and what each action sends;
// the server's refusal (the last Company Admin) is shown as the server words it.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser, UserSummary } from '@clearlane/contract/users';
import { UserDetails } from '../../../src/features/users/components/user-page.tsx';
import { usersQueryKeys } from '../../../src/features/users/api/get-users.ts';
import { configureHttp } from '../../../src/lib/http.ts';
import { testUser } from '../../fixtures.ts';
import { renderRouter } from '../../render.tsx';

const admin = testUser({ roles: [{ name: 'Company Admin', permissions: [{ action: 'manage', subject: 'ANY' }] }], groups: ['Company Admin'] });
const manager = testUser({ roles: [{ name: 'Manager', permissions: [{ action: 'view', subject: 'User' }] }], groups: ['Manager'] });

const USER_ID = '0190a000-0000-7000-8000-000000000042';
const agent = (overrides: Partial<UserSummary> = {}): UserSummary => ({
  id: USER_ID,
  email: 'aggie@acme.test',
  firstName: 'Aggie',
  lastName: 'Agent',
  role: 'Agent',
  status: 'ACTIVE',
  enabled: true,
  mfaEnabled: true,
  mfaFactors: ['TOTP', 'SMS'],
  invitedAt: '2026-11-01T09:00:00.000Z',
  lastSignInAt: '2026-11-20T14:30:00.000Z',
  createdAt: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

/** Renders the page for `signedIn`, answering PATCH with `onPatch` and recording every request. */
function renderPage(signedIn: CurrentUser, shown: UserSummary, onPatch: (body: Record<string, unknown>) => Response = (body) => Response.json({ ...shown, ...body })) {
  const sent: SentRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method: init?.method ?? 'GET', url, body });
    if (init?.method === 'PATCH') return onPatch(body);
    return Response.json({ status: 404, code: 'NotFound', detail: 'No stub' }, { status: 404 });
  };
  configureHttp({ idToken: async () => 'token', onUnauthenticated: () => {}, fetch: fetch as unknown as typeof globalThis.fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(usersQueryKeys.detail(shown.id), shown);
  const root = createRootRoute({ component: () => <UserDetails id={shown.id} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderRouter(router, { queryClient, signedIn: { user: signedIn, plugins: [] } });
  return { sent };
}

const detail = (term: string) => {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
};

describe('the user page', { timeout: 60_000 }, () => {
  it('shows status, role, enabled, two-step verification and last sign-in', async () => {
    renderPage(admin, agent());
    expect(await screen.findByRole('heading', { level: 1, name: 'Aggie Agent' })).toBeInTheDocument();
    expect(detail('Role')).toHaveTextContent('Agent');
    expect(detail('Status')).toHaveTextContent('Active');
    expect(detail('Enabled')).toHaveTextContent('Yes');
    expect(detail('Two-step verification')).toHaveTextContent('Authenticator app, Text messages');
    expect(within(detail('Last sign-in')).getByText(/2026/).closest('time')).toHaveAttribute('datetime', '2026-11-20T14:30:00.000Z');
  });

  it('says when two-step verification is not set up and the user never signed in', async () => {
    renderPage(admin, agent({ mfaEnabled: false, mfaFactors: [], lastSignInAt: null, status: 'INVITED' }));
    expect(await screen.findByText('Not set up')).toBeInTheDocument();
    expect(detail('Last sign-in')).toHaveTextContent('Never');
    // An invited user can be sent a new invitation, with a labelled button.
    expect(screen.getByRole('button', { name: 'Resend invitation' })).toBeInTheDocument();
  });

  it('offers a Company Admin labelled actions', async () => {
    renderPage(admin, agent());
    expect(await screen.findByRole('button', { name: 'Disable user' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change role' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).toBeNull();
  });

  it('hides every action from a Manager, who may only view users', async () => {
    renderPage(manager, agent());
    await screen.findByRole('heading', { level: 1, name: 'Aggie Agent' });
    expect(screen.queryByRole('button', { name: 'Disable user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change role' })).toBeNull();
  });

  it('disables only after confirming, sends enabled: false, then offers Enable user', async () => {
    const { sent } = renderPage(admin, agent(), (body) => Response.json(agent({ enabled: body.enabled as boolean, status: 'DISABLED' })));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Disable user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Aggie Agent?' });
    expect(dialog).toHaveTextContent('signed out of Acme Logistics at once');
    expect(sent.filter((request) => request.method === 'PATCH')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Disable user' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'PATCH')).toEqual([{ method: 'PATCH', url: `/api/v1/users/${USER_ID}`, body: { enabled: false } }]));
    expect(await screen.findByRole('button', { name: 'Enable user' })).toBeInTheDocument();
    expect(detail('Enabled')).toHaveTextContent('No, disabled in Acme Logistics');
  });

  it('Cancel in the dialog disables nobody', async () => {
    const { sent } = renderPage(admin, agent());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Disable user' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(sent.filter((request) => request.method === 'PATCH')).toEqual([]);
  });

  it('enables a disabled user with one labelled button', async () => {
    const { sent } = renderPage(admin, agent({ enabled: false, status: 'DISABLED' }), () => Response.json(agent()));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Enable user' }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ method: 'PATCH', body: { enabled: true } }));
    expect(await screen.findByRole('button', { name: 'Disable user' })).toBeInTheDocument();
  });

  it('changes the role with the labelled select and button', async () => {
    const { sent } = renderPage(admin, agent(), (body) => Response.json(agent({ role: body.role as UserSummary['role'] })));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Viewer', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ method: 'PATCH', body: { role: 'Viewer' } }));
    await waitFor(() => expect(detail('Role')).toHaveTextContent('Viewer'));
  });

  it('shows the server\'s refusal of the last Company Admin in an alert, and changes nothing on the page', async () => {
    const me = agent({ id: '0190a000-0000-7000-8000-000000000001', email: 'ada@acme.test', role: 'Company Admin', firstName: 'Ada', lastName: 'Admin' });
    const signedIn = { ...admin, id: me.id };
    const detailText = 'You are the last enabled Company Admin of Acme Logistics, so you cannot be disabled. Make another user a Company Admin first.';
    renderPage(signedIn, me, () => Response.json(
      { type: 'about:blank', title: 'Conflict', status: 409, code: 'LastCompanyAdmin', detail: detailText, errors: [{ path: 'body.enabled', message: 'would leave the company without an enabled Company Admin' }] },
      { status: 409, headers: { 'content-type': 'application/problem+json' } },
    ));
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('You')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Disable user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable your own account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable user' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The change was not made');
    expect(alert).toHaveTextContent(detailText);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Disable user' })).toBeInTheDocument();
    expect(detail('Enabled')).toHaveTextContent('Yes');
  });
});
