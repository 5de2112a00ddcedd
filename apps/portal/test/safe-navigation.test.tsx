import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classifyNavigation, EXTERNAL_NAVIGATION_ERROR, safeRedirectPath } from '../src/lib/safe-navigation.ts';
import { fullPageLoad, safeHref, safeNavigate } from '../src/app/navigation/safe-navigate.ts';
import { SafeLink } from '../src/app/navigation/safe-link.tsx';
import { setAppRouter } from '../src/app/navigation/app-router.ts';
import { testPublicConfig } from './public-config.ts';
import { renderWithTheme } from './render.tsx';

const origin = 'http://acme.localhost:3000';

describe('classifyNavigation', () => {
  it('keeps paths on this origin internal', () => {
    expect(classifyNavigation('/users?page=2#top', { origin })).toEqual({ external: false, href: '/users?page=2#top' });
    expect(classifyNavigation(`${origin}/orders`, { origin })).toEqual({ external: false, href: '/orders' });
  });

  it('refuses external URLs by default, with the SPEC message', () => {
    expect(() => classifyNavigation('https://evil.example/x', { origin })).toThrow(EXTERNAL_NAVIGATION_ERROR);
    expect(() => classifyNavigation('//evil.example/x', { origin })).toThrow('Navigating to an external URL is not allowed by default');
  });

  it('allows an external URL when explicitly allowed or when its host is configured', () => {
    expect(classifyNavigation('https://help.example/a', { origin, external: true })).toEqual({ external: true, href: 'https://help.example/a' });
    expect(classifyNavigation('https://help.example/a', { origin, allowedExternalHosts: ['help.example'] }).external).toBe(true);
  });

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>', 'blob:http://x/1', 'vbscript:msgbox'])(
    'refuses %s even when external links are allowed',
    (url) => {
      expect(() => classifyNavigation(url, { origin, external: true })).toThrow(/scheme are not allowed/);
    },
  );
});

describe('safeRedirectPath (?redirect=)', () => {
  it('keeps a same-origin path and turns anything else into /', () => {
    expect(safeRedirectPath('/users?page=1', origin)).toBe('/users?page=1');
    for (const value of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'users', '', undefined, 42]) {
      expect(safeRedirectPath(value, origin)).toBe('/');
    }
  });
});

describe('safeNavigate', () => {
  const navigate = vi.fn(async () => {});
  beforeEach(() => {
    testPublicConfig({ allowedExternalHosts: ['status.example'] });
    setAppRouter({ navigate, invalidate: async () => {} });
    navigate.mockClear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('routes internal paths through the router', async () => {
    await safeNavigate('/users?page=2');
    expect(navigate).toHaveBeenCalledWith({ href: '/users?page=2', replace: undefined });
  });

  it('does a full page load for an allowed external URL', async () => {
    const assign = vi.spyOn(fullPageLoad, 'assign').mockImplementation(() => {});
    await safeNavigate('https://status.example/now');
    await safeNavigate('https://partner.example/x', { external: true });
    expect(assign.mock.calls).toEqual([['https://status.example/now'], ['https://partner.example/x']]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refuses a disallowed external URL', async () => {
    await expect(safeNavigate('https://evil.example')).rejects.toThrow(EXTERNAL_NAVIGATION_ERROR);
  });

  it('safeHref and SafeLink render refused URLs as text', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    renderWithTheme(
      <>
        <SafeLink href="javascript:alert(1)">bad</SafeLink>
        <SafeLink href="https://status.example/">status</SafeLink>
      </>,
    );
    expect(screen.getByText('bad').closest('a')).toBeNull();
    const link = screen.getByRole('link', { name: /status/ });
    expect(link).toHaveAttribute('href', 'https://status.example/');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
