// /login's first step, email first (issue 14): the email decides between the company's identity
// provider and the password; against a stubbed identity API that records what the page sent.
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignInResult } from '@clearlane/contract/auth';
import { CredentialsStep } from '../../../src/features/auth/components/login-steps/credentials-step.tsx';
import { configureHttp } from '../../../src/lib/http.ts';
import { renderRouter } from '../../render.tsx';

type Handler = (body: any) => { status: number; body?: unknown };
let handlers: Record<string, Handler>;
let sent: { route: string; body: any }[];

function stubApi(routes: Record<string, Handler>) {
  handlers = routes;
  sent = [];
  const fetch = async (url: string, init: RequestInit) => {
    const route = `${init.method ?? 'GET'} ${url}`;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ route, body });
    const answer = handlers[route]?.(body) ?? { status: 404, body: { status: 404, code: 'NotFound', detail: `No stub for ${route}` } };
    const type = answer.status >= 400 ? 'application/problem+json' : 'application/json';
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': type } });
  };
  configureHttp({ idToken: async () => null, onUnauthenticated: () => {}, fetch: fetch as unknown as typeof globalThis.fetch });
}

const DONE: SignInResult = { nextStep: 'DONE', tokens: { idToken: 'i', accessToken: 'a', refreshToken: 'r', expiresIn: 900 } };
const discover = (answer: unknown): Handler => () => ({ status: 200, body: answer });

function renderStep(props: Partial<Parameters<typeof CredentialsStep>[0]> = {}) {
  const onResult = vi.fn();
  const goToProvider = vi.fn();
  const root = createRootRoute({ component: () => <CredentialsStep initialEmail="" notice={null} onResult={onResult} goToProvider={goToProvider} {...props} /> });
  const forgot = createRoute({ getParentRoute: () => root, path: '/forgotPassword', component: () => null });
  const router = createRouter({ routeTree: root.addChildren([forgot]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderRouter(router);
  return { onResult, goToProvider };
}

const emailField = () => screen.getByLabelText(/^Email/);
const passwordField = () => screen.queryByLabelText(/^Password/);

// Typing through userEvent is slow on a loaded 2-core machine: the default 5 s is not enough.
describe('the email-first sign-in step', { timeout: 60_000 }, () => {
  beforeEach(() => {
    stubApi({});
  });

  it('asks for the email only, then the password for an email without single sign-on', async () => {
    stubApi({ 'POST /api/v1/auth/sign-in/discover': discover({ method: 'PASSWORD' }), 'POST /api/v1/auth/sign-in': () => ({ status: 200, body: DONE }) });
    const { onResult, goToProvider } = renderStep({ redirect: '/orders' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Clearlane' })).toBeVisible();
    expect(passwordField()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    await userEvent.type(emailField(), ' Max@Acme.test ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(passwordField()).toHaveFocus());
    expect(sent).toEqual([{ route: 'POST /api/v1/auth/sign-in/discover', body: { email: 'Max@Acme.test', redirect: '/orders' } }]);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeVisible();

    await userEvent.type(passwordField()!, 'Clearlane-demo-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(DONE, 'Max@Acme.test', 'Clearlane-demo-1'));
    expect(sent[1]).toEqual({ route: 'POST /api/v1/auth/sign-in', body: { email: 'Max@Acme.test', password: 'Clearlane-demo-1' } });
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('sends an email of a single sign-on domain to its company\'s identity provider, without a password', async () => {
    stubApi({ 'POST /api/v1/auth/sign-in/discover': discover({ method: 'SSO', authorizationUrl: 'https://login.acme.example/authorize?x=1', companyName: 'Acme Logistics' }) });
    const { goToProvider, onResult } = renderStep();
    await userEvent.type(await screen.findByLabelText(/^Email/), 'sam@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith('https://login.acme.example/authorize?x=1'));
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to the sign-in page of Acme Logistics');
    expect(passwordField()).toBeNull();
    expect(onResult).not.toHaveBeenCalled();
    expect(sent.map((request) => request.route)).toEqual(['POST /api/v1/auth/sign-in/discover']);
  });

  it('asks again when the email changes after the password step, and checks the email first', async () => {
    stubApi({ 'POST /api/v1/auth/sign-in/discover': discover({ method: 'PASSWORD' }) });
    renderStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your email address, e.g. name@company.com')).toBeVisible();
    expect(sent).toEqual([]);
    await userEvent.type(emailField(), 'max@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(passwordField()).not.toBeNull());
    await userEvent.type(emailField(), 'x');
    expect(passwordField()).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeVisible();
  });

  it('starts at the password when the email is known to use one, and shows a carried-over notice', async () => {
    renderStep({ initialEmail: 'max@acme.test', passwordStep: true, notice: 'Too many wrong codes. Please sign in again.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes. Please sign in again.');
    expect(emailField()).toHaveValue('max@acme.test');
    expect(passwordField()).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your password')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('says so when the email cannot be checked', async () => {
    stubApi({ 'POST /api/v1/auth/sign-in/discover': () => ({ status: 429, body: { status: 429, code: 'TooManyRequests', title: 'Too Many Requests', detail: 'Rate limit exceeded, retry in 1 minute' } }) });
    renderStep();
    await userEvent.type(await screen.findByLabelText(/^Email/), 'max@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Rate limit exceeded');
    expect(passwordField()).toBeNull();
  });

  it('offers the cloud user pool’s hosted sign-in page only when it has one, and says when it cannot open', async () => {
    const hostedSignIn = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    renderStep({ hostedSignIn });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with single sign-on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in page could not be opened. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    expect(hostedSignIn).toHaveBeenCalledTimes(2);
    expect(sent).toEqual([]);
  });

  it('has no hosted sign-in button with the embedded provider', async () => {
    renderStep();
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Continue with single sign-on' })).toBeNull();
  });
});
