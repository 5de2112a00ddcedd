// A certified OpenID provider (panva's oidc-provider) running in the test process on loopback, with
// one client for a company. Accounts are what the tests say they are; `signIn` drives the
// provider's own login interaction (its dev interactions) the way a browser would, and `fetch` is
// the HTTP client the app under test uses for the provider, through which a test can swap the id
// token for one it forged with the provider's own key (wrong audience, issuer, expiry...).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** The role claim these tests configure. */
  groups?: string[];
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  backchannelLogoutUri?: string;
}

export interface TestProvider {
  issuer: string;
  accounts: Map<string, TestAccount>;
  /** The HTTP client to hand the app (AppDeps.oidcFetch). */
  fetch: (url: string, options: RequestInit) => Promise<Response>;
  /** The next token answer carries an id token with these claims changed, signed with the provider's key. */
  tamperNextIdToken(change: (claims: JWTPayload) => JWTPayload): void;
  /** Signs a JWT with the provider's key (a logout token, say). */
  sign(payload: JWTPayload, typ?: string): Promise<string>;
  /** Follows an authorization URL through the provider's login as this account; answers the redirect back to the client. */
  signIn(authorizationUrl: string, accountId: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startTestProvider(clients: TestClient[], options: { host?: string; port?: number } = {}): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const signingKey = await importJWK(privateJwk, 'RS256');
  const accounts = new Map<string, TestAccount>();

  const configuration: Configuration = {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
      ...(client.backchannelLogoutUri ? { backchannel_logout_uri: client.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [privateJwk as never] },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'groups'],
      phone: ['phone_number'],
    },
    // The claims go into the id token (as many providers do); the app also reads userinfo when they do not.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      backchannelLogout: { enabled: true },
    },
    pkce: { required: () => true },
    // No consent screen: the company's own provider has already approved its client.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile phone');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['clearlane-test-provider-cookie-key'] },
  };
  const provider = new Provider(issuer, configuration);
  server.on('request', provider.callback());

  let tamper: ((claims: JWTPayload) => JWTPayload) | null = null;
  const sign = (payload: JWTPayload, typ = 'JWT') => new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ }).sign(signingKey);

  const providerFetch = async (url: string, init: RequestInit) => {
    const response = await fetch(url, init);
    if (!tamper || !url.startsWith(`${issuer}/token`) || !response.ok) return response;
    const change = tamper;
    tamper = null;
    const body = (await response.json()) as Record<string, unknown>;
    body.id_token = await sign(change(decodeJwt(String(body.id_token))));
    return new Response(JSON.stringify(body), { status: response.status, headers: { 'content-type': 'application/json' } });
  };

  return {
    issuer,
    accounts,
    fetch: providerFetch,
    tamperNextIdToken: (change) => {
      tamper = change;
    },
    sign,
    signIn: async (authorizationUrl, accountId) => {
      const cookies = new Map<string, string>();
      const send = async (url: string, init: RequestInit = {}) => {
        const response = await fetch(url, {
          ...init,
          redirect: 'manual',
          headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const index = pair!.indexOf('=');
          cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
        }
        return response;
      };
      let response = await send(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        const location = response.headers.get('location');
        if (!location) throw new Error(`The provider answered ${response.status} without a redirect: ${await response.text()}`);
        const next = new URL(location, issuer);
        if (next.origin !== issuer) return next;
        if (next.pathname.startsWith('/interaction/')) {
          await send(next.href); // the login page
          response = await send(next.href, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' }).toString(),
          });
        } else {
          response = await send(next.href);
        }
      }
      throw new Error('The provider redirected too often');
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
