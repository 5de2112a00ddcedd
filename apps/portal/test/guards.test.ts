import { isRedirect } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, fakeTokens } from './jwt.ts';
import { testPublicConfig } from './public-config.ts';

vi.mock('../src/lib/identity.ts', () => ({
  identity: {
    refresh: vi.fn(async () => {
      throw Object.assign(new Error('Refresh Token has expired'), { name: 'ApiError', status: 400, code: 'NotAuthorizedException' });
    }),
    createHandoff: vi.fn(),
  },
}));

const { requireSession, redirectSignedInUser } = await import('../src/app/auth/guards.ts');
const { session } = await import('../src/lib/auth.ts');
const { toastStore } = await import('../src/lib/toasts/toast-store.ts');
const { pageLocation } = await import('../src/app/auth/complete-sign-in.ts');

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { options: { to?: string; search?: Record<string, unknown> } };
  }
  throw new Error('expected a redirect');
}

describe('access guard', () => {
  beforeEach(() => {
    testPublicConfig();
    vi.spyOn(pageLocation, 'current').mockReturnValue({ protocol: 'http:', host: 'acme.localhost:3000', origin: 'http://acme.localhost:3000' });
  });
  afterEach(() => {
    clearCookies();
    toastStore.clearAll();
  });

  it('no tokens → /login with ?redirect= and no toast', async () => {
    const redirect = await thrown(requireSession({ location: { href: '/users?page=2' } }));
    expect(isRedirect(redirect)).toBe(true);
    expect(redirect.options).toMatchObject({ to: '/login', search: { redirect: '/users?page=2' } });
    expect(toastStore.getSnapshot()).toHaveLength(0);
  });

  it('tokens that cannot become a session → /login with the SPEC toast', async () => {
    session.store(fakeTokens({ nowSeconds: Math.floor(Date.now() / 1000) - 3600, lifetimeSeconds: 900 }));
    // Issued an hour ago on a clock in step with ours (store() would read the age as clock drift).
    document.cookie = 'clearlane.clockDrift=0; path=/';
    const redirect = await thrown(requireSession({ location: { href: '/' } }));
    expect(redirect.options).toMatchObject({ to: '/login' });
    expect(toastStore.getSnapshot().map((toast) => [toast.type, toast.message])).toEqual([
      ['error', 'There was an error creating user session. Please try logging in again.'],
    ]);
    expect(session.load()).toBeNull();
  });

  it('a valid session passes and lands in the route context', async () => {
    session.store(fakeTokens({ tenant: 'acme' }));
    await expect(requireSession({ location: { href: '/' } })).resolves.toMatchObject({ session: { claims: { tenant_identifier: 'acme' } } });
  });

  it('with a cloud user pool, a token without a tenant is not handed over (the server placed the user at sign-in)', async () => {
    const { identity } = await import('../src/lib/identity.ts');
    testPublicConfig({
      auth: {
        provider: 'cognito',
        region: 'us-east-1',
        userPoolId: 'us-east-1_Pool',
        userPoolClientId: 'client-1',
        identityPoolId: null,
        userPoolEndpoint: 'http://127.0.0.1:1',
        identityPoolEndpoint: 'http://127.0.0.1:1',
        oauth: { domain: 'auth.example', scopes: ['openid'], responseType: 'code' },
      },
    });
    session.store(fakeTokens({ tenant: '' }));
    // Storing the session loads the user-pool module lazily (for its credentials): let it finish
    // loading inside the test, not after the environment is torn down.
    await import('../src/lib/cognito/index.ts');
    await expect(requireSession({ location: { href: '/' } })).resolves.toMatchObject({ session: { claims: { sub: 'user-1' } } });
    expect(identity.createHandoff).not.toHaveBeenCalled();
    // The embedded provider's token without a tenant goes to the portal URL, as before.
    testPublicConfig();
    vi.mocked(identity.createHandoff).mockRejectedValueOnce(new Error('handoff asked for'));
    await expect(requireSession({ location: { href: '/' } })).rejects.toThrow('handoff asked for');
  });

  it('a signed-in user on a public page is sent to /', async () => {
    session.store(fakeTokens());
    const redirect = await thrown(redirectSignedInUser());
    expect(redirect.options).toMatchObject({ to: '/' });
    clearCookies();
    await expect(redirectSignedInUser()).resolves.toBeUndefined();
  });
});
