// Unsigned JWTs for tests: the portal only reads claims, the server verifies.
const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function fakeJwt(claims: Record<string, unknown>): string {
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.signature`;
}

export function fakeTokens(options: { nowSeconds?: number; lifetimeSeconds?: number; sub?: string; companyId?: string; tenant?: string; refreshToken?: string } = {}) {
  const iat = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const claims = {
    sub: options.sub ?? 'user-1',
    email: 'ada@acme.test',
    given_name: 'Ada',
    family_name: 'Admin',
    groups: ['Company Admin'],
    company_id: options.companyId ?? 'company-1',
    tenant_identifier: options.tenant ?? 'acme',
    sid: 'session-1',
    iat,
    exp: iat + (options.lifetimeSeconds ?? 900),
  };
  return { idToken: fakeJwt(claims), accessToken: fakeJwt({ ...claims, token_use: 'access' }), refreshToken: options.refreshToken ?? 'refresh-1', expiresIn: options.lifetimeSeconds ?? 900 };
}

export function clearCookies() {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}
