// Host → tenant and the redirects around sign-in (SPEC.md §2 "Tenant routing").
import { describe, expect, it } from 'vitest';
import {
  afterLoginDestination, hostnameOf, isMainDomain, resolveTenant, signOutDestination, stripTenantPrefix, tenantOrigin,
  type TenancySettings,
} from '../src/tenancy.ts';

const local: TenancySettings = {
  rootDomain: 'localhost',
  mainDomainSuffixes: ['clearlane.build', 'clearlane.com', 'localhost'],
  customDomains: { 'portal.acme.com': 'acme' },
  portalUrl: 'http://localhost:3000',
};
const prod: TenancySettings = {
  rootDomain: 'clearlane.com',
  mainDomainSuffixes: ['clearlane.build', 'clearlane.com', 'localhost'],
  customDomains: { 'risk.globex.com': 'globex' },
  portalUrl: 'https://app.clearlane.com',
};

describe('hostnameOf', () => {
  it('drops the port, the trailing dot and the case', () => {
    expect(hostnameOf('Acme.LocalHost:3000')).toBe('acme.localhost');
    expect(hostnameOf('acme.clearlane.com.')).toBe('acme.clearlane.com');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
    expect(hostnameOf('  example.com ')).toBe('example.com');
  });
});

describe('resolveTenant', () => {
  it('takes the subdomain under the root domain', () => {
    expect(resolveTenant('acme.localhost:3000', local)).toBe('acme');
    expect(resolveTenant('globex.clearlane.com', prod)).toBe('globex');
    expect(resolveTenant('GLOBEX.clearlane.com:443', prod)).toBe('globex');
  });

  it('lets the custom-domain map win', () => {
    expect(resolveTenant('portal.acme.com', local)).toBe('acme');
    expect(resolveTenant('risk.globex.com:8443', prod)).toBe('globex');
    // The map wins even over a subdomain of the root domain.
    expect(resolveTenant('acme.clearlane.com', { ...prod, customDomains: { 'acme.clearlane.com': 'initech' } })).toBe('initech');
  });

  it('is empty on the main domain, other domains, deeper or reserved subdomains and IP addresses', () => {
    expect(resolveTenant('localhost:3000', local)).toBe('');
    expect(resolveTenant('clearlane.com', prod)).toBe('');
    expect(resolveTenant('app.clearlane.com', prod)).toBe('');
    expect(resolveTenant('www.clearlane.com', prod)).toBe('');
    expect(resolveTenant('x.acme.clearlane.com', prod)).toBe('');
    expect(resolveTenant('acme.example.com', prod)).toBe('');
    expect(resolveTenant('evilclearlane.com', prod)).toBe('');
    expect(resolveTenant('127.0.0.1:3000', local)).toBe('');
    expect(resolveTenant('[::1]:3000', local)).toBe('');
  });
});

describe('isMainDomain', () => {
  it('matches the configured suffixes', () => {
    expect(isMainDomain('localhost:3000', local)).toBe(true);
    expect(isMainDomain('app.clearlane.com', prod)).toBe(true);
    expect(isMainDomain('preview-42.clearlane.build', prod)).toBe(true);
    expect(isMainDomain('clearlane.com', prod)).toBe(true);
  });

  it('is false for a tenant host and for other domains', () => {
    expect(isMainDomain('acme.localhost:3000', local)).toBe(false);
    expect(isMainDomain('acme.clearlane.com', prod)).toBe(false);
    expect(isMainDomain('portal.acme.com', local)).toBe(false);
    expect(isMainDomain('example.org', prod)).toBe(false);
  });

  it('matches a suffix only at a label boundary', () => {
    expect(isMainDomain('notclearlane.com', prod)).toBe(false);
    expect(isMainDomain('evil-localhost', local)).toBe(false);
  });

  it('accepts suffixes written with a leading dot', () => {
    expect(isMainDomain('app.clearlane.com', { ...prod, mainDomainSuffixes: ['.clearlane.com'] })).toBe(true);
  });
});

describe('stripTenantPrefix', () => {
  it('strips the tenant path prefix on a tenant host', () => {
    expect(stripTenantPrefix('/acme/orders', 'acme')).toBe('/orders');
    expect(stripTenantPrefix('/acme/orders/5', 'acme')).toBe('/orders/5');
    expect(stripTenantPrefix('/acme', 'acme')).toBe('/');
  });

  it('leaves other paths, and every path on the main domain, as they are', () => {
    expect(stripTenantPrefix('/orders', 'acme')).toBe('/orders');
    expect(stripTenantPrefix('/acmeco/orders', 'acme')).toBe('/acmeco/orders');
    expect(stripTenantPrefix('/acme/orders', '')).toBe('/acme/orders');
  });
});

describe('tenantOrigin', () => {
  it('keeps scheme and port on the root domain, and uses a custom domain when there is one', () => {
    expect(tenantOrigin('globex', { protocol: 'http:', host: 'localhost:3000' }, local)).toBe('http://globex.localhost:3000');
    expect(tenantOrigin('acme', { protocol: 'https:', host: 'localhost:3000' }, local)).toBe('https://portal.acme.com');
  });
});

describe('afterLoginDestination', () => {
  it('sends a user with a tenant on another tenant\'s host to their own', () => {
    expect(afterLoginDestination('globex', { protocol: 'http:', host: 'acme.localhost:3000' }, { ...local, customDomains: {} })).toBe('http://globex.localhost:3000');
  });

  it('sends a user with a tenant on the portal host to their tenant host', () => {
    expect(afterLoginDestination('globex', { protocol: 'https:', host: 'app.clearlane.com' }, { ...prod, customDomains: {} })).toBe('https://globex.clearlane.com');
    expect(afterLoginDestination('globex', { protocol: 'https:', host: 'app.clearlane.com' }, prod)).toBe('https://risk.globex.com');
  });

  it('sends a user without a tenant on a tenant host to the portal URL', () => {
    expect(afterLoginDestination('', { protocol: 'http:', host: 'acme.localhost:3000' }, local)).toBe('http://localhost:3000');
  });

  it('keeps a user where they are when the host is right', () => {
    expect(afterLoginDestination('acme', { protocol: 'http:', host: 'acme.localhost:3000' }, local)).toBeNull();
    expect(afterLoginDestination('acme', { protocol: 'https:', host: 'portal.acme.com' }, local)).toBeNull();
    expect(afterLoginDestination('', { protocol: 'http:', host: 'localhost:3000' }, local)).toBeNull();
  });
});

describe('signOutDestination', () => {
  it('is the portal URL followed by /login', () => {
    expect(signOutDestination(local)).toBe('http://localhost:3000/login');
    expect(signOutDestination({ portalUrl: 'https://app.clearlane.com/' })).toBe('https://app.clearlane.com/login');
  });
});
