import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTokens, clearCookies } from './jwt.ts';
import { testPublicConfig } from './public-config.ts';
import { testUser } from './fixtures.ts';

vi.mock('../src/lib/identity.ts', () => ({
  identity: {
    createHandoff: vi.fn(async () => ({ code: 'code-1', tenantIdentifier: 'globex', origin: 'http://globex.localhost:3000' })),
    redeemHandoff: vi.fn(async () => fakeTokens()),
    signOut: vi.fn(async () => undefined),
    refresh: vi.fn(),
  },
}));
vi.mock('../src/lib/current-user.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/lib/current-user.ts')>()),
  fetchUserContext: vi.fn(),
}));

const { completeSignIn, redeemHandoff, pageLocation } = await import('../src/app/auth/complete-sign-in.ts');
const { signOut } = await import('../src/app/auth/sign-out.ts');
const { setAppRouter } = await import('../src/app/navigation/app-router.ts');
const { session } = await import('../src/lib/auth.ts');
const { fetchUserContext, userContextQueryKey, readPersistedUser, persistUser } = await import('../src/lib/current-user.ts');
const { identity } = await import('../src/lib/identity.ts');
const { queryClient } = await import('../src/app/query-client.ts');

function at(origin: string) {
  const url = new URL(origin);
  vi.spyOn(pageLocation, 'current').mockReturnValue({ protocol: url.protocol, host: url.host, origin: url.origin });
  return vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
}

describe('completeSignIn', () => {
  const navigate = vi.fn(async () => {});
  const invalidate = vi.fn(async () => {});
  beforeEach(() => {
    testPublicConfig({ portalUrl: 'http://localhost:3000' });
    setAppRouter({ navigate, invalidate });
    navigate.mockClear();
    vi.mocked(identity.createHandoff).mockClear();
  });
  afterEach(() => {
    clearCookies();
    queryClient.clear();
    localStorage.clear();
  });

  it('on the right host: stores tokens, caches the user, goes to the redirect path', async () => {
    at('http://acme.localhost:3000');
    vi.mocked(fetchUserContext).mockResolvedValue({ user: testUser({ tenantIdentifier: 'acme' }), plugins: [] });
    await completeSignIn(fakeTokens(), '/users?page=2');
    expect(session.load()).not.toBeNull();
    expect(queryClient.getQueryData(userContextQueryKey)).toMatchObject({ user: { tenantIdentifier: 'acme' } });
    expect(invalidate).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith({ href: '/users?page=2', replace: true });
  });

  it('ignores a redirect that leaves the origin', async () => {
    at('http://acme.localhost:3000');
    vi.mocked(fetchUserContext).mockResolvedValue({ user: testUser({ tenantIdentifier: 'acme' }), plugins: [] });
    await completeSignIn(fakeTokens(), 'https://evil.example/phish');
    expect(navigate).toHaveBeenCalledWith({ href: '/', replace: true });
  });

  it('a user of another tenant is handed over to their host, and this host forgets the session', async () => {
    const assign = at('http://acme.localhost:3000');
    vi.mocked(fetchUserContext).mockResolvedValue({ user: testUser({ tenantIdentifier: 'globex' }), plugins: [] });
    await completeSignIn(fakeTokens({ tenant: 'globex' }), '/users');
    expect(identity.createHandoff).toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith('http://globex.localhost:3000/login?handoff=code-1&redirect=%2Fusers');
    expect(session.load()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a user with a tenant on the portal host goes to the tenant host', async () => {
    const assign = at('http://localhost:3000');
    vi.mocked(fetchUserContext).mockResolvedValue({ user: testUser({ tenantIdentifier: 'globex' }), plugins: [] });
    await completeSignIn(fakeTokens());
    expect(assign).toHaveBeenCalledWith('http://globex.localhost:3000/login?handoff=code-1');
  });

  it('a user without a tenant on a tenant host goes to the portal URL', async () => {
    const assign = at('http://acme.localhost:3000');
    vi.mocked(identity.createHandoff).mockResolvedValueOnce({ code: 'code-2', tenantIdentifier: '', origin: 'http://.localhost:3000' });
    vi.mocked(fetchUserContext).mockResolvedValue({ user: testUser({ tenantIdentifier: '' }), plugins: [] });
    await completeSignIn(fakeTokens({ tenant: '' }));
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/login?handoff=code-2');
  });

  it('a user-setup failure leaves no half session behind', async () => {
    at('http://acme.localhost:3000');
    vi.mocked(fetchUserContext).mockRejectedValue(new Error('An error occurred while fetching user information.'));
    await expect(completeSignIn(fakeTokens())).rejects.toThrow('An error occurred while fetching user information.');
    expect(session.load()).toBeNull();
  });

  it('redeemHandoff exchanges the code, then continues like completeSignIn', async () => {
    at('http://acme.localhost:3000');
    vi.mocked(fetchUserContext).mockResolvedValue({ user: testUser({ tenantIdentifier: 'acme' }), plugins: [] });
    await redeemHandoff('code-9', '/users');
    expect(identity.redeemHandoff).toHaveBeenCalledWith('code-9');
    expect(navigate).toHaveBeenCalledWith({ href: '/users', replace: true });
  });
});

describe('signOut', () => {
  const navigate = vi.fn(async () => {});
  beforeEach(() => {
    setAppRouter({ navigate, invalidate: async () => {} });
    navigate.mockClear();
  });

  it('clears tokens, the persisted user and the query cache, then goes to the portal login', async () => {
    testPublicConfig({ portalUrl: 'http://localhost:3000' });
    const assign = at('http://acme.localhost:3000');
    session.store(fakeTokens());
    persistUser({ user: testUser(), plugins: [] });
    queryClient.setQueryData(['anything'], 1);
    await signOut();
    expect(identity.signOut).toHaveBeenCalled();
    expect(session.load()).toBeNull();
    expect(readPersistedUser()).toBeNull();
    expect(queryClient.getQueryData(['anything'])).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/login');
  });

  it('stays in the app when the portal URL is this origin', async () => {
    testPublicConfig({ portalUrl: 'http://localhost:3000/' });
    const assign = at('http://localhost:3000');
    await signOut();
    expect(assign).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith({ href: '/login', replace: true });
  });

  it('a session from the company\'s identity provider ends there too: the browser goes to its end-session URL', async () => {
    testPublicConfig({ portalUrl: 'http://localhost:3000/' });
    const assign = at('http://localhost:3000');
    session.store(fakeTokens());
    vi.mocked(identity.signOut).mockResolvedValueOnce({ endSessionUrl: 'https://login.acme.example/session/end?id_token_hint=x' });
    await signOut();
    expect(session.load()).toBeNull();
    expect(assign).toHaveBeenCalledWith('https://login.acme.example/session/end?id_token_hint=x');
    expect(navigate).not.toHaveBeenCalled();
  });
});
