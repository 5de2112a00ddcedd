// Sign-out with a cloud user pool ends both halves: our server revokes the pool sign-in (its id token
// is the bearer), then the pool revokes its refresh token (RevokeToken, in the adapter); the first
// failing does not stop the second. With the embedded provider, or our server's tokens in a session
// handed over from another host, only our server is asked.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@clearlane/contract/public-config';
import { configureHttp } from '../../../src/lib/http.ts';
import { identity } from '../../../src/lib/identity.ts';
import { setPublicConfig } from '../../../src/lib/public-config.ts';

const calls: string[] = [];
let serverAnswer = 204;
let poolSession = true;

vi.mock('../../../src/lib/cognito/index.ts', () => ({
  isPoolSession: () => poolSession,
  cognitoIdentity: () => ({
    signOut: async () => {
      calls.push('pool RevokeToken');
      return { endSessionUrl: null };
    },
  }),
  refreshCognitoTokens: async () => {
    throw new Error('not in this test');
  },
}));

beforeEach(() => {
  calls.length = 0;
  serverAnswer = 204;
  poolSession = true;
  const fetch = async (url: string, init: RequestInit) => {
    calls.push(`server ${init.method} ${url} ${new Headers(init.headers).get('authorization') ?? 'anonymous'}`);
    if (serverAnswer === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify({ status: serverAnswer, code: 'NotAuthorizedException', detail: 'Signed out already.' }), {
      status: serverAnswer,
      headers: { 'content-type': 'application/problem+json' },
    });
  };
  configureHttp({ idToken: async () => 'pool-id-token', onUnauthenticated: () => {}, fetch: fetch as unknown as typeof globalThis.fetch });
});

const withProvider = (provider: 'embedded' | 'cognito') => setPublicConfig({ auth: { provider } } as unknown as PublicConfig);

describe('sign-out', () => {
  it('with the user pool: our server revokes the sign-in (the pool id token as bearer), then the pool', async () => {
    withProvider('cognito');
    expect(await identity.signOut()).toEqual({ endSessionUrl: null });
    expect(calls).toEqual(['server POST /api/v1/auth/sign-out Bearer pool-id-token', 'pool RevokeToken']);
  });

  it('with the user pool: the pool still revokes when our server refuses', async () => {
    withProvider('cognito');
    serverAnswer = 401;
    await identity.signOut();
    expect(calls.at(-1)).toBe('pool RevokeToken');
    expect(calls.filter((call) => call.startsWith('server'))).not.toHaveLength(0);
  });

  it('with the user pool, a session of our server\'s tokens (handed over from another host): our server only', async () => {
    withProvider('cognito');
    poolSession = false;
    await identity.signOut();
    expect(calls).toEqual(['server POST /api/v1/auth/sign-out Bearer pool-id-token']);
  });

  it('with the embedded provider: our server only', async () => {
    withProvider('embedded');
    await identity.signOut();
    expect(calls).toEqual(['server POST /api/v1/auth/sign-out Bearer pool-id-token']);
  });
});
