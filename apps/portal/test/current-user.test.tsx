import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbilityProvider, abilityFor, Can } from '../src/lib/ability.tsx';
import { configureHttp } from '../src/lib/http.ts';
import { testUser } from './fixtures.ts';
import { fetchUserContext, persistedUserFor, persistUser, readPersistedUser, UserSetupError } from '../src/lib/current-user.ts';


describe('current user persistence', () => {
  afterEach(() => localStorage.clear());

  it('keeps the user and plugins across page loads (localStorage)', () => {
    persistUser({ user: testUser(), plugins: ['orders'] });
    expect(readPersistedUser()).toEqual({ user: testUser(), plugins: ['orders'] });
    persistUser(null);
    expect(readPersistedUser()).toBeNull();
  });

  it('only reuses the persisted user for the same user and company', () => {
    persistUser({ user: testUser(), plugins: [] });
    expect(persistedUserFor({ sub: 'user-1', company_id: 'company-1' })?.user.firstName).toBe('Ada');
    expect(persistedUserFor({ sub: 'user-2', company_id: 'company-1' })).toBeNull();
    expect(persistedUserFor({ sub: 'user-1', company_id: 'company-2' })).toBeNull();
    expect(persistedUserFor(null)).toBeNull();
  });

  it('ignores a corrupt stored value', () => {
    localStorage.setItem('clearlane.currentUser', '{not json');
    expect(readPersistedUser()).toBeNull();
  });

  it('fetches /users/me and the plugins together, and persists them', async () => {
    const fetch = vi.fn(async (url: RequestInfo | URL) =>
      String(url).endsWith('/users/me') ? Response.json(testUser()) : Response.json({ plugins: ['claims'] }),
    );
    configureHttp({ idToken: async () => 'token', onUnauthenticated: () => {}, fetch: fetch as typeof globalThis.fetch });
    await expect(fetchUserContext()).resolves.toEqual({ user: testUser(), plugins: ['claims'] });
    expect(readPersistedUser()?.plugins).toEqual(['claims']);
  });

  it('wraps a failure as the SPEC user-setup error', async () => {
    configureHttp({ idToken: async () => 'token', onUnauthenticated: () => {}, fetch: (async () => Response.json({}, { status: 500 })) as typeof fetch });
    await expect(fetchUserContext()).rejects.toThrow(new UserSetupError(null).message);
  });
});

describe('<Can>', () => {
  it('shows a guarded element only if allowed, and the check can be negated', () => {
    render(
      <AbilityProvider user={testUser()}>
        <Can I="view" a="Order">
          <p>orders</p>
        </Can>
        <Can I="view" a="User">
          <p>users</p>
        </Can>
        <Can not I="view" a="User">
          <p>no users</p>
        </Can>
      </AbilityProvider>,
    );
    expect(screen.getByText('orders')).toBeInTheDocument();
    expect(screen.queryByText('users')).not.toBeInTheDocument();
    expect(screen.getByText('no users')).toBeInTheDocument();
  });

  it('adds own on CompanyRestrictedResource restricted to the user company', () => {
    const ability = abilityFor(testUser());
    expect(ability.can('own', { __type: 'CompanyRestrictedResource', companyId: 'company-1' })).toBe(true);
    expect(ability.can('own', { __type: 'CompanyRestrictedResource', companyId: 'company-2' })).toBe(false);
    expect(abilityFor(null).can('view', 'Order')).toBe(false);
    const admin = abilityFor(testUser({ roles: [{ name: 'Company Admin', permissions: [{ action: 'ANY', subject: 'ANY' }] }] }));
    expect(admin.can('create', 'User')).toBe(true);
  });
});
