// /login's steps a cloud user pool asks for (issue 14): CONFIRM_SIGN_UP (the mailed code, then the
// sign-in again with the password already typed) and CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE, against a
// stubbed identity API that records what the page sent.
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignInResult, Tokens } from '@clearlane/contract/auth';
import { ApiError } from '../../../src/lib/api-error.ts';
import { testPublicConfig } from '../../public-config.ts';
import { renderRouter } from '../../render.tsx';

vi.mock('../../../src/lib/identity.ts', () => ({
  identity: {
    discover: vi.fn(async () => ({ method: 'PASSWORD' })),
    signIn: vi.fn(),
    confirmSignIn: vi.fn(),
    confirmSignUp: vi.fn(),
    resendSignUpCode: vi.fn(),
  },
}));

const { identity } = await import('../../../src/lib/identity.ts');
const { LoginPage } = await import('../../../src/features/auth/components/login-page.tsx');
const { Route: loginRoute } = await import('../../../src/routes/_public/login.tsx');

const TOKENS: Tokens = { idToken: 'i', accessToken: 'a', refreshToken: 'r', expiresIn: 900 };
const DONE: SignInResult = { nextStep: 'DONE', tokens: TOKENS };
const poolError = (code: string, detail: string) => new ApiError(400, { code, title: code, detail, status: 400 });

function renderLogin() {
  const completeSignIn = vi.fn(async () => {});
  const root = createRootRoute();
  const layout = createRoute({ getParentRoute: () => root, id: '_public' });
  const login = createRoute({
    getParentRoute: () => layout,
    path: '/login',
    validateSearch: loginRoute.options.validateSearch,
    component: () => <LoginPage completeSignIn={completeSignIn} redeemHandoff={vi.fn()} />,
  });
  const forgot = createRoute({ getParentRoute: () => root, path: '/forgotPassword', component: () => null });
  const router = createRouter({ routeTree: root.addChildren([layout.addChildren([login]), forgot]), history: createMemoryHistory({ initialEntries: ['/login'] }) });
  renderRouter(router);
  return { completeSignIn };
}

async function signInWithPassword(email = 'new@acme.test', password = 'Clearlane-demo-1') {
  await userEvent.type(await screen.findByLabelText(/^Email/), email);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await userEvent.type(await screen.findByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Types a 6-digit code into the code boxes (the form submits on the sixth digit). */
async function typeCode(code: string) {
  const first = (await screen.findAllByRole('textbox'))[0]!;
  await userEvent.click(first);
  await userEvent.keyboard(code);
}

// Typing through userEvent is slow on a loaded 2-core machine: the default 5 s is not enough.
describe('the cloud user pool’s sign-in steps on /login', { timeout: 60_000 }, () => {
  beforeEach(() => {
    testPublicConfig();
    vi.mocked(identity.signIn).mockReset();
    vi.mocked(identity.confirmSignIn).mockReset();
    vi.mocked(identity.confirmSignUp).mockReset();
    vi.mocked(identity.resendSignUpCode).mockReset();
  });

  it('CONFIRM_SIGN_UP: a wrong code on the field, a new code on request, then confirms and signs in again with the typed password', async () => {
    vi.mocked(identity.signIn).mockResolvedValueOnce({ nextStep: 'CONFIRM_SIGN_UP' }).mockResolvedValueOnce(DONE);
    vi.mocked(identity.confirmSignUp)
      .mockRejectedValueOnce(poolError('CodeMismatchException', 'Invalid verification code provided, please try again.'))
      .mockResolvedValueOnce({ nextStep: 'DONE' });
    vi.mocked(identity.resendSignUpCode).mockResolvedValueOnce({ codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'n***@acme.test' } });
    const { completeSignIn } = renderLogin();
    await signInWithPassword();

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your account' })).toBeVisible();
    expect(screen.getByText(/to confirm your account/)).toHaveTextContent('We sent a code to new@acme.test to confirm your account.');
    expect(screen.queryByText(/not available in the portal/)).toBeNull();

    await typeCode('111111');
    expect(await screen.findByText('Invalid verification code provided, please try again.')).toBeVisible();
    expect(identity.confirmSignUp).toHaveBeenCalledWith('new@acme.test', '111111');
    expect(identity.signIn).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('We sent a new code to n***@acme.test.')).toBeVisible();
    expect(identity.resendSignUpCode).toHaveBeenCalledWith('new@acme.test');

    await typeCode('222222');
    await waitFor(() => expect(completeSignIn).toHaveBeenCalledWith(TOKENS, undefined));
    expect(identity.confirmSignUp).toHaveBeenLastCalledWith('new@acme.test', '222222');
    expect(identity.signIn).toHaveBeenLastCalledWith('new@acme.test', 'Clearlane-demo-1');
  });

  it('CONFIRM_SIGN_UP: an expired code is shown on the field', async () => {
    vi.mocked(identity.signIn).mockResolvedValueOnce({ nextStep: 'CONFIRM_SIGN_UP' });
    vi.mocked(identity.confirmSignUp).mockRejectedValueOnce(poolError('ExpiredCodeException', 'Invalid code provided, please request a code again.'));
    renderLogin();
    await signInWithPassword();
    await typeCode('333333');
    expect(await screen.findByText('Invalid code provided, please request a code again.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your account' })).toBeVisible();
  });

  it('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE: shows the challenge’s question and answers it', async () => {
    vi.mocked(identity.signIn).mockResolvedValueOnce({ nextStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', session: 's1', additionalInfo: { question: 'Which depot do you work at?' } });
    vi.mocked(identity.confirmSignIn).mockResolvedValueOnce(DONE);
    const { completeSignIn } = renderLogin();
    await signInWithPassword('sam@acme.test');
    expect(await screen.findByText('Which depot do you work at?')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your answer')).toBeVisible();
    expect(identity.confirmSignIn).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/^Your answer/), ' Leeds ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(completeSignIn).toHaveBeenCalledWith(TOKENS, undefined));
    expect(identity.confirmSignIn).toHaveBeenCalledWith('s1', 'Leeds');
  });

  it('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE without a question asks for the company’s challenge; a new challenge clears the answer', async () => {
    vi.mocked(identity.signIn).mockResolvedValueOnce({ nextStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', session: 's1' });
    vi.mocked(identity.confirmSignIn).mockResolvedValueOnce({ nextStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', session: 's2', additionalInfo: {} });
    renderLogin();
    await signInWithPassword('sam@acme.test');
    expect(await screen.findByText('Answer the challenge your company set up.')).toBeVisible();
    await userEvent.type(screen.getByLabelText(/^Your answer/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(identity.confirmSignIn).toHaveBeenCalledWith('s1', 'wrong'));
    await waitFor(() => expect(screen.getByLabelText(/^Your answer/)).toHaveValue(''));
  });
});
