// "Your account" with a cloud user pool (issue 14): a session of the pool changes its password at the
// pool (ChangePassword through lib/cognito, stubbed here); its two-step verification stays the pool's.
// A session handed over from another host holds our server's tokens: the page only says where both are.
import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/lib/api-error.ts';
import { testUser } from '../../fixtures.ts';
import { TEST_COGNITO_AUTH, testPublicConfig } from '../../public-config.ts';
import { renderRouter } from '../../render.tsx';

vi.mock('../../../src/lib/cognito/index.ts', () => ({ isPoolSession: vi.fn(), changePoolPassword: vi.fn() }));

const cognito = await import('../../../src/lib/cognito/index.ts');
const { AccountPage } = await import('../../../src/features/account/components/account-page.tsx');

function renderPage() {
  const root = createRootRoute({ component: AccountPage });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderRouter(router, { signedIn: { user: testUser({ email: 'ada@acme.test' }), plugins: [] } });
}

describe('your account with a cloud user pool', { timeout: 60_000 }, () => {
  beforeEach(() => {
    // No hosted domain: the account page does not care.
    testPublicConfig({ auth: { ...TEST_COGNITO_AUTH, oauth: { ...TEST_COGNITO_AUTH.oauth, domain: '' } } });
    vi.mocked(cognito.isPoolSession).mockReset();
    vi.mocked(cognito.changePoolPassword).mockReset();
  });

  it('a pool session changes its password at the pool; a wrong current password lands on its field', async () => {
    vi.mocked(cognito.isPoolSession).mockReturnValue(true);
    vi.mocked(cognito.changePoolPassword)
      .mockRejectedValueOnce(new ApiError(400, { code: 'NotAuthorizedException', detail: 'Incorrect username or password.', status: 400, errors: [{ path: 'body.currentPassword', message: 'Incorrect username or password.' }] }))
      .mockResolvedValueOnce(undefined);
    renderPage();
    const current = await screen.findByLabelText(/^Current password/);
    expect(screen.getByText("Your two-step verification is managed by your company's sign-in service, not here.")).toBeVisible();
    expect(screen.queryByText(/Your password and two-step verification are managed/)).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.type(current, 'Not-my-password-1');
    await user.type(screen.getByLabelText(/^New password/), 'New-password-1');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'New-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('That is not your current password.')).toBeVisible();
    expect(cognito.changePoolPassword).toHaveBeenCalledWith('Not-my-password-1', 'New-password-1');

    await user.clear(screen.getByLabelText(/^Current password/));
    await user.type(screen.getByLabelText(/^Current password/), 'Old-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(cognito.changePoolPassword).toHaveBeenLastCalledWith('Old-password-1', 'New-password-1'));
    await waitFor(() => expect(screen.getByLabelText(/^Current password/)).toHaveValue(''));
  });

  it('a session handed over from another host (our server’s tokens) gets the note, not the form', async () => {
    vi.mocked(cognito.isPoolSession).mockReturnValue(false);
    renderPage();
    expect(await screen.findByText("Your password and two-step verification are managed by your company's sign-in service, not here.")).toBeVisible();
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    expect(cognito.changePoolPassword).not.toHaveBeenCalled();
  });
});
