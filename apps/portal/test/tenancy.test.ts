import { describe, expect, it } from 'vitest';
import { tenantPrefixRedirect } from '../src/app/tenancy/tenant-path.ts';

const settings = { rootDomain: 'localhost', customDomains: { 'portal.acme.example': 'acme' }, mainDomainSuffixes: ['clearlane.com', 'localhost'] };

describe('tenant path prefix', () => {
  it('strips a leading /{tenant} on the tenant host', () => {
    expect(tenantPrefixRedirect('/acme/orders/1', 'acme.localhost:3000', settings)).toBe('/orders/1');
    expect(tenantPrefixRedirect('/acme', 'acme.localhost:3000', settings)).toBe('/');
    expect(tenantPrefixRedirect('/acme/users', 'portal.acme.example', settings)).toBe('/users');
  });

  it('leaves paths alone when there is no prefix, or on the main domain', () => {
    expect(tenantPrefixRedirect('/orders', 'acme.localhost:3000', settings)).toBeNull();
    expect(tenantPrefixRedirect('/acmecorp/x', 'acme.localhost:3000', settings)).toBeNull();
    expect(tenantPrefixRedirect('/acme/orders', 'localhost:3000', settings)).toBeNull();
    expect(tenantPrefixRedirect('/acme/orders', '127.0.0.1:3000', settings)).toBeNull();
  });
});
