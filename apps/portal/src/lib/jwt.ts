// Reads (never verifies: the server does) the claims of our JWTs.
export interface IdTokenClaims {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  groups: string[];
  company_id: string;
  tenant_identifier: string;
  sid: string;
  iat: number;
  exp: number;
}

export function decodeJwt<T = Record<string, unknown>>(token: string): T {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('Invalid token');
  const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
  const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  return JSON.parse(json) as T;
}
