// A Cognito-compatible service on loopback for tests (issue 14): `cognito-local` (npm) answers the
// user-pool calls (InitiateAuth, RespondToAuthChallenge, ForgotPassword, AssociateSoftwareToken,
// /oauth2/*, the pool's JWKS, …); this module answers, in front of it, the three calls it lacks,
// following AWS's documented request and answer shapes and error `__type`s:
//  - cognito-idp GetTokensFromRefreshToken {RefreshToken, ClientId, ClientSecret?, DeviceKey?}
//    → {AuthenticationResult: {AccessToken, IdToken, RefreshToken?, ExpiresIn, TokenType}}: done by
//    cognito-local's own REFRESH_TOKEN_AUTH flow, so the tokens are minted (and signed) by
//    cognito-local and its JWKS verifies them; it rotates no refresh token, so none is answered;
//  - cognito-identity GetId {IdentityPoolId, AccountId?, Logins?} → {IdentityId};
//  - the hosted domain's GET /logout?client_id&logout_uri → 302 to logout_uri when it is one of the
//    client's sign-out URLs (createUserPool registers its callback URLs as both);
//  - cognito-identity GetCredentialsForIdentity {IdentityId, Logins?} → {IdentityId, Credentials:
//    {AccessKeyId, SecretKey, SessionToken, Expiration (epoch seconds)}}.
// Logins are keyed `cognito-idp.<region>.amazonaws.com/<userPoolId>` → the pool's id token, checked
// against cognito-local's signing key (signature, issuer, audience, token_use, expiry).
//
// One address serves both endpoints (userPoolEndpoint and identityPoolEndpoint): X-Amz-Target tells
// the services apart. Tokens are issued by `<url>/<userPoolId>` (cognito-local's IssuerDomain is set
// to this address), and `<url>/<userPoolId>/.well-known/jwks.json` answers the key set.
//
// The one Cognito harness of the repository: the server's tests (apps/server/test/cognito*.test.ts),
// the portal's (apps/portal/test/lib/cognito) and the e2e journey (e2e/portal-cognito.spec.ts):
//   const sim = await startCognitoSimulator();
//   const pool = await sim.createUserPool({ callbackUrls });   // pool id, client id; custom:company declared
//   await sim.createUser(pool.userPoolId, { email, password, groups: ['Manager'], attributes: { 'custom:company': 'acme' } });
//   const tokens = await sim.signIn(pool.clientId, email, password);
//   const identityPoolId = sim.createIdentityPool({ userPoolId: pool.userPoolId, clientId: pool.clientId });
//   …  await sim.close();
// or createDemoPool(sim) for the demo users and the server's settings (`serverEnv`).
// `npm run cognito-local` runs this file: the simulator with the demo pool, printing how to start
// the server against it (README, "Cloud user pool").
import { createPublicKey, randomBytes, randomUUID, verify as verifySignature, type JsonWebKey } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const IDP_TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
export const IDENTITY_TARGET_PREFIX = 'AWSCognitoIdentityService.';
const AMZ_JSON = 'application/x-amz-json-1.1';
const IDENTITY_POOL_ID = /^[\w-]+:[0-9a-f-]+$/;

export interface IdentityPoolDefinition {
  /** Defaults to `<region>:<uuid>`. */
  identityPoolId?: string;
  /** The user pool and app clients whose id tokens are accepted as logins. */
  userPoolId: string;
  clientId: string;
  /** Guest (unauthenticated) identities; AWS's AllowUnauthenticatedIdentities. */
  allowUnauthenticated?: boolean;
}

export interface UserPoolOptions {
  name?: string;
  mfa?: 'OFF' | 'ON' | 'OPTIONAL';
  /** Registered for the hosted page's /oauth2/authorize (and its /logout). */
  callbackUrls?: string[];
  /** Custom attributes the pool declares (without `custom:`): `company` (COGNITO_COMPANY_ATTRIBUTE's default) unless told. */
  customAttributes?: string[];
  /** AutoVerifiedAttributes ['email']: SignUp mails a confirmation code (recorded in `messages`). */
  verifyEmail?: boolean;
}

export interface PoolTokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
  ExpiresIn: number;
}

export interface SimulatorFault {
  status?: number;
  type?: string;
  message?: string;
  /** Destroys the connection without an answer (a network error to the caller). */
  drop?: boolean;
}

export interface DeliveredMessage {
  destination: string;
  code: string | undefined;
  kind: 'email' | 'sms';
}

export interface CognitoSimulator {
  /** userPoolEndpoint and identityPoolEndpoint. */
  url: string;
  region: string;
  /** cognito-local itself (the simulator proxies everything it does not answer to it). */
  cognitoLocalUrl: string;
  /** Calls a target (`AWSCognitoIdentityProviderService.AdminCreateUser`, …) as an administrator would. */
  call<T = Record<string, unknown>>(target: string, body: Record<string, unknown>): Promise<T>;
  /** A pool (email login) and a public app client; `callbackUrls` for the hosted page's /oauth2/authorize. */
  createUserPool(options?: UserPoolOptions): Promise<{ userPoolId: string; clientId: string }>;
  /** An enabled user with a permanent password (email login), optionally in groups. */
  createUser(userPoolId: string, user: { email: string; password: string; groups?: string[]; attributes?: Record<string, string>; temporary?: boolean }): Promise<void>;
  createIdentityPool(definition: IdentityPoolDefinition): string;
  /** InitiateAuth USER_PASSWORD_AUTH for a user with a permanent password: the pool's tokens. */
  signIn(clientId: string, email: string, password: string): Promise<PoolTokens>;
  /** The `iss` of the pool's tokens (`<url>/<userPoolId>`). */
  issuer(userPoolId: string): string;
  /** Codes cognito-local sent (SMS MFA, forgot password), newest last. */
  messages: DeliveredMessage[];
  /** How many times each target was called (GetId, GetCredentialsForIdentity, …). */
  calls: Map<string, number>;
  /** The next call(s) of the target (short name, e.g. 'GetId') fail this way. */
  failNext(target: string, fault: SimulatorFault, times?: number): void;
  close(): Promise<void>;
}

class AwsError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

interface IdentityRecord {
  identityId: string;
  identityPoolId: string;
  /** `<provider>|<sub>`, or null for a guest identity. */
  login: string | null;
}

const providerName = (region: string, userPoolId: string) => `cognito-idp.${region}.amazonaws.com/${userPoolId}`;

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': AMZ_JSON, 'access-control-allow-origin': '*', ...headers });
  response.end(JSON.stringify(body));
}

function sendError(response: ServerResponse, error: AwsError) {
  sendJson(response, error.status, { __type: error.type, message: error.message }, { 'x-amzn-errortype': error.type });
}

const base64url = (text: string) => Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

/** Starts cognito-local (data in a temporary folder) and the simulator in front of it, on 127.0.0.1. */
export async function startCognitoSimulator(options: { port?: number; region?: string } = {}): Promise<CognitoSimulator> {
  const region = options.region ?? 'us-east-1';
  const front = createServer();
  await new Promise<void>((resolve) => front.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;

  const dataDirectory = mkdtempSync(join(tmpdir(), 'cognito-local-'));
  const messages: DeliveredMessage[] = [];
  const { backend, backendUrl } = await startCognitoLocal(dataDirectory, url, messages);
  const publicJwk = (require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JsonWebKey }).jwk;
  const signingKey = createPublicKey({ key: publicJwk, format: 'jwk' });

  const identityPools = new Map<string, Required<IdentityPoolDefinition>>();
  const identities = new Map<string, IdentityRecord>();
  const calls = new Map<string, number>();
  const faults = new Map<string, SimulatorFault[]>();
  /** The sign-out URLs of each app client made by createUserPool (cognito-local has no /logout). */
  const logoutUrls = new Map<string, string[]>();

  const forward = async (target: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
    const answer = await fetch(`${backendUrl}/`, { method: 'POST', headers: { 'content-type': AMZ_JSON, 'x-amz-target': target }, body: JSON.stringify(body) });
    const text = await answer.text();
    return { status: answer.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };

  /** The login subject of a pool id token, or NotAuthorizedException. */
  const verifyLogin = (pool: Required<IdentityPoolDefinition>, provider: string, token: unknown): string => {
    if (provider !== providerName(region, pool.userPoolId)) throw new AwsError('NotAuthorizedException', `Invalid login token. Issuer doesn't match providerName`);
    const parts = typeof token === 'string' ? token.split('.') : [];
    const [header, payload, signature] = parts;
    if (parts.length !== 3 || !header || !payload || !signature) throw new AwsError('NotAuthorizedException', 'Invalid login token. Not a valid OpenId Connect identity token.');
    const valid = verifySignature('RSA-SHA256', Buffer.from(`${header}.${payload}`), signingKey, base64url(signature));
    if (!valid) throw new AwsError('NotAuthorizedException', 'Invalid login token. Token signature invalid.');
    const claims = JSON.parse(base64url(payload).toString('utf8')) as { iss?: string; aud?: string; token_use?: string; exp?: number; sub?: string };
    if (claims.iss !== `${url}/${pool.userPoolId}`) throw new AwsError('NotAuthorizedException', `Invalid login token. Issuer doesn't match providerName`);
    if (claims.aud !== pool.clientId) throw new AwsError('NotAuthorizedException', 'Invalid login token. Incorrect audience.');
    if (claims.token_use !== 'id') throw new AwsError('NotAuthorizedException', 'Invalid login token. Not a valid OpenId Connect identity token.');
    if (!claims.exp || claims.exp * 1000 <= Date.now()) throw new AwsError('NotAuthorizedException', 'Invalid login token. Token expired: ' + String(claims.exp));
    return `${provider}|${claims.sub ?? ''}`;
  };

  /** The one verified login of a Logins map, or null without logins. */
  const loginOf = (pool: Required<IdentityPoolDefinition>, logins: unknown): string | null => {
    if (logins === undefined || logins === null) return null;
    if (typeof logins !== 'object') throw new AwsError('InvalidParameterException', 'Logins must be a map of provider name to token.');
    const entries = Object.entries(logins as Record<string, unknown>);
    if (entries.length === 0) return null;
    if (entries.length > 1) throw new AwsError('InvalidParameterException', 'Only one login is supported by this simulator.');
    const [provider, token] = entries[0]!;
    return verifyLogin(pool, provider, token);
  };

  const handlers: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    async [`${IDP_TARGET_PREFIX}GetTokensFromRefreshToken`](body) {
      if (typeof body.RefreshToken !== 'string' || !body.RefreshToken) throw new AwsError('InvalidParameterException', "1 validation error detected: Value null at 'refreshToken' failed to satisfy constraint: Member must not be null");
      if (typeof body.ClientId !== 'string' || !body.ClientId) throw new AwsError('InvalidParameterException', "1 validation error detected: Value null at 'clientId' failed to satisfy constraint: Member must not be null");
      const authParameters: Record<string, string> = { REFRESH_TOKEN: body.RefreshToken };
      if (typeof body.DeviceKey === 'string') authParameters.DEVICE_KEY = body.DeviceKey;
      const answer = await forward(`${IDP_TARGET_PREFIX}InitiateAuth`, { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: body.ClientId, AuthParameters: authParameters });
      if (answer.status !== 200) throw new AwsError(String(answer.json.__type ?? 'InternalErrorException'), String(answer.json.message ?? 'Refresh failed'), answer.status);
      const result = (answer.json.AuthenticationResult ?? {}) as { AccessToken?: string; IdToken?: string; RefreshToken?: string };
      return {
        AuthenticationResult: {
          AccessToken: result.AccessToken,
          IdToken: result.IdToken,
          ...(result.RefreshToken ? { RefreshToken: result.RefreshToken } : {}),
          ExpiresIn: 3600,
          TokenType: 'Bearer',
        },
      };
    },
    async [`${IDENTITY_TARGET_PREFIX}GetId`](body) {
      const poolId = body.IdentityPoolId;
      if (typeof poolId !== 'string' || !IDENTITY_POOL_ID.test(poolId)) {
        throw new AwsError('ValidationException', `1 validation error detected: Value '${String(poolId)}' at 'identityPoolId' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\w-]+:[0-9a-f-]+`);
      }
      const pool = identityPools.get(poolId);
      if (!pool) throw new AwsError('ResourceNotFoundException', `IdentityPool '${poolId}' not found.`);
      const login = loginOf(pool, body.Logins);
      if (!login && !pool.allowUnauthenticated) throw new AwsError('NotAuthorizedException', 'Unauthenticated access is not supported for this identity pool.');
      if (login) {
        const known = [...identities.values()].find((record) => record.identityPoolId === poolId && record.login === login);
        if (known) return { IdentityId: known.identityId };
      }
      const identityId = `${region}:${randomUUID()}`;
      identities.set(identityId, { identityId, identityPoolId: poolId, login });
      return { IdentityId: identityId };
    },
    async [`${IDENTITY_TARGET_PREFIX}GetCredentialsForIdentity`](body) {
      const identityId = body.IdentityId;
      if (typeof identityId !== 'string' || !/^[\w-]+:[0-9a-f-]+$/.test(identityId)) {
        throw new AwsError('ValidationException', `1 validation error detected: Value '${String(identityId)}' at 'identityId' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\w-]+:[0-9a-f-]+`);
      }
      const record = identities.get(identityId);
      if (!record) throw new AwsError('ResourceNotFoundException', `Identity '${identityId}' not found.`);
      const pool = identityPools.get(record.identityPoolId)!;
      const login = loginOf(pool, body.Logins);
      if (record.login !== null && login !== record.login) {
        throw new AwsError('NotAuthorizedException', login ? "Logins don't match. Please include at least one valid login for this identity or identity pool." : `Access to Identity '${identityId}' is forbidden.`);
      }
      if (record.login === null && login !== null) throw new AwsError('NotAuthorizedException', "Logins don't match. Please include at least one valid login for this identity or identity pool.");
      return {
        IdentityId: identityId,
        Credentials: {
          AccessKeyId: `ASIA${randomBytes(8).toString('hex').toUpperCase()}`,
          SecretKey: randomBytes(30).toString('base64'),
          SessionToken: randomBytes(96).toString('base64'),
          Expiration: Math.floor(Date.now() / 1000) + 3600,
        },
      };
    },
  };

  front.on('request', (request, response) => {
    void (async () => {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET,POST,OPTIONS',
          'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
          'access-control-max-age': '600',
        });
        response.end();
        return;
      }
      // The hosted domain's sign-out (AWS: GET /logout?client_id&logout_uri): back to a registered sign-out URL.
      const path = new URL(request.url ?? '/', url);
      if (request.method === 'GET' && path.pathname === '/logout') {
        calls.set('logout', (calls.get('logout') ?? 0) + 1);
        const to = path.searchParams.get('logout_uri') ?? '';
        if (!logoutUrls.get(path.searchParams.get('client_id') ?? '')?.includes(to)) {
          response.writeHead(400, { 'content-type': 'text/plain' });
          response.end('Invalid request: logout_uri is not a sign-out URL of this client');
          return;
        }
        response.writeHead(302, { location: to });
        response.end();
        return;
      }
      const target = String(request.headers['x-amz-target'] ?? '');
      const body = await readBody(request);
      if (request.method === 'POST' && request.url === '/' && target) {
        const short = target.slice(target.indexOf('.') + 1);
        calls.set(short, (calls.get(short) ?? 0) + 1);
        const fault = faults.get(short)?.shift();
        if (fault?.drop) {
          request.socket.destroy();
          return;
        }
        if (fault) {
          sendError(response, new AwsError(fault.type ?? 'InternalErrorException', fault.message ?? 'Injected fault', fault.status ?? 500));
          return;
        }
        const handler = handlers[target];
        if (handler) {
          try {
            const parsed = body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {};
            sendJson(response, 200, await handler(parsed));
          } catch (error) {
            sendError(response, error instanceof AwsError ? error : new AwsError('InternalErrorException', error instanceof Error ? error.message : String(error), 500));
          }
          return;
        }
      }
      // Everything else is cognito-local's (user-pool calls, /oauth2/*, the JWKS).
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value;
      const answer = await fetch(`${backendUrl}${request.url ?? '/'}`, {
        method: request.method ?? 'GET',
        headers,
        redirect: 'manual',
        ...(body.length && request.method !== 'GET' && request.method !== 'HEAD' ? { body: new Uint8Array(body) } : {}),
      });
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (name !== 'content-encoding' && name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection') out[name] = value;
      });
      response.writeHead(answer.status, out);
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((error: unknown) => {
      if (!response.headersSent) sendError(response, new AwsError('InternalErrorException', error instanceof Error ? error.message : String(error), 500));
      else response.destroy();
    });
  });

  const call = async <T,>(target: string, body: Record<string, unknown>): Promise<T> => {
    const answer = await fetch(`${url}/`, { method: 'POST', headers: { 'content-type': AMZ_JSON, 'x-amz-target': target }, body: JSON.stringify(body) });
    const json = (await answer.json()) as Record<string, unknown>;
    if (!answer.ok) throw new Error(`${target}: ${String(json.__type)}: ${String(json.message)}`);
    return json as T;
  };

  return {
    url,
    region,
    cognitoLocalUrl: backendUrl,
    messages,
    calls,
    call,
    async createUserPool({ name = 'clearlane', mfa = 'OFF', callbackUrls = [], customAttributes = ['company'], verifyEmail = false } = {}) {
      const pool = await call<{ UserPool: { Id: string } }>(`${IDP_TARGET_PREFIX}CreateUserPool`, {
        PoolName: name,
        UsernameAttributes: ['email'],
        MfaConfiguration: mfa,
        ...(verifyEmail ? { AutoVerifiedAttributes: ['email'] } : {}),
        Schema: customAttributes.map((attribute) => ({ Name: attribute, AttributeDataType: 'String', Mutable: true })),
      });
      const client = await call<{ UserPoolClient: { ClientId: string } }>(`${IDP_TARGET_PREFIX}CreateUserPoolClient`, {
        UserPoolId: pool.UserPool.Id,
        ClientName: `${name}-portal`,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        ...(callbackUrls.length ? { CallbackURLs: callbackUrls, LogoutURLs: callbackUrls, AllowedOAuthFlows: ['code'], AllowedOAuthScopes: ['email', 'openid', 'profile', 'phone'] } : {}),
      });
      logoutUrls.set(client.UserPoolClient.ClientId, callbackUrls);
      return { userPoolId: pool.UserPool.Id, clientId: client.UserPoolClient.ClientId };
    },
    async createUser(userPoolId, { email, password, groups = [], attributes = {}, temporary = false }) {
      const userAttributes = Object.entries({ email, email_verified: 'true', ...attributes }).map(([Name, Value]) => ({ Name, Value }));
      await call(`${IDP_TARGET_PREFIX}AdminCreateUser`, { UserPoolId: userPoolId, Username: email, TemporaryPassword: password, UserAttributes: userAttributes, MessageAction: 'SUPPRESS' });
      if (!temporary) await call(`${IDP_TARGET_PREFIX}AdminSetUserPassword`, { UserPoolId: userPoolId, Username: email, Password: password, Permanent: true });
      for (const group of groups) {
        await call(`${IDP_TARGET_PREFIX}CreateGroup`, { UserPoolId: userPoolId, GroupName: group }).catch(() => undefined);
        await call(`${IDP_TARGET_PREFIX}AdminAddUserToGroup`, { UserPoolId: userPoolId, Username: email, GroupName: group });
      }
    },
    createIdentityPool(definition) {
      const identityPoolId = definition.identityPoolId ?? `${region}:${randomUUID()}`;
      identityPools.set(identityPoolId, { identityPoolId, allowUnauthenticated: false, ...definition });
      return identityPoolId;
    },
    async signIn(clientId, email, password) {
      const answer = await call<{ AuthenticationResult?: PoolTokens; ChallengeName?: string }>(`${IDP_TARGET_PREFIX}InitiateAuth`, {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      });
      if (!answer.AuthenticationResult) throw new Error(`InitiateAuth answered a challenge (${answer.ChallengeName}), not tokens`);
      return answer.AuthenticationResult;
    },
    issuer: (userPoolId) => `${url}/${userPoolId}`,
    failNext(target, fault, times = 1) {
      faults.set(target, [...(faults.get(target) ?? []), ...Array.from({ length: times }, () => fault)]);
    },
    async close() {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      backend.closeAllConnections();
      await new Promise<void>((resolve) => backend.close(() => resolve()));
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}

/** cognito-local's default server, but with its data in `dataDirectory`, its tokens issued by `issuerDomain`, and its messages recorded. */
async function startCognitoLocal(dataDirectory: string, issuerDomain: string, messages: DeliveredMessage[]): Promise<{ backend: Server; backendUrl: string }> {
  // cognito-local uses the AWS SDK v2 (for Lambda triggers, which tests do not use): no end-of-support notice.
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
  // cognito-local is CommonJS, reached by its files.
  const { createServer: createCognitoServer } = require('cognito-local/lib/server/server') as typeof import('cognito-local/lib/server/server');
  const { Router } = require('cognito-local/lib/server/Router') as typeof import('cognito-local/lib/server/Router');
  const { DefaultConfig } = require('cognito-local/lib/server/config') as typeof import('cognito-local/lib/server/config');
  const services = require('cognito-local/lib/services') as typeof import('cognito-local/lib/services');
  const { CognitoServiceFactoryImpl } = require('cognito-local/lib/services/cognitoService') as typeof import('cognito-local/lib/services/cognitoService');
  const { StormDBDataStoreFactory } = require('cognito-local/lib/services/dataStore/stormDb') as typeof import('cognito-local/lib/services/dataStore/stormDb');
  const { MessageDeliveryService } = require('cognito-local/lib/services/messageDelivery/messageDelivery') as typeof import('cognito-local/lib/services/messageDelivery/messageDelivery');
  const { otp } = require('cognito-local/lib/services/otp') as typeof import('cognito-local/lib/services/otp');
  const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator') as typeof import('cognito-local/lib/services/tokenGenerator');
  const { UserPoolServiceFactoryImpl } = require('cognito-local/lib/services/userPoolService') as typeof import('cognito-local/lib/services/userPoolService');
  const { CryptoService } = require('cognito-local/lib/services/crypto') as typeof import('cognito-local/lib/services/crypto');
  const pino = require('cognito-local/node_modules/pino') as typeof import('pino').default;

  // cognito-local's own pino (v7): its types differ from the root's.
  const logger = pino({ level: 'silent' }) as unknown as Parameters<typeof createCognitoServer>[1];
  const ctx = { logger };
  const config = { ...DefaultConfig, TokenConfig: { IssuerDomain: issuerDomain }, ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false as const } };
  const clock = new services.DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognito = await new CognitoServiceFactoryImpl(dataDirectory, dataStoreFactory, new UserPoolServiceFactoryImpl(clock, dataStoreFactory)).create(ctx, config.UserPoolDefaults);
  const lambda = { enabled: () => false, invoke: () => Promise.reject(new Error('no lambda triggers in tests')) } as unknown as ConstructorParameters<typeof services.TriggersService>[2];
  const triggers = new services.TriggersService(clock, cognito, lambda, new CryptoService(config.KMSConfig));
  const record = (kind: 'email' | 'sms') => async (_ctx: unknown, _user: unknown, destination: string, message: { __code?: string }) => {
    messages.push({ destination, code: message.__code, kind });
  };
  const all = {
    clock,
    cognito,
    config,
    messages: new services.MessagesService(triggers, new MessageDeliveryService({ sendEmail: record('email'), sendSms: record('sms') })),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const backend = (await createCognitoServer(Router(all), logger, config.ServerConfig, all).start()) as Server;
  return { backend, backendUrl: `http://127.0.0.1:${(backend.address() as AddressInfo).port}` };
}

/**
 * The demo users (README, "Demo data") as a pool holds them: in the group named like their role and
 * with the company attribute (`custom:company`, the server's COGNITO_COMPANY_ATTRIBUTE default) set to
 * their tenant. Password Clearlane-demo-1.
 */
export const DEMO_POOL_PASSWORD = 'Clearlane-demo-1';
export const DEMO_POOL_USERS: { email: string; group: string; company: string }[] = [
  { email: 'admin@acme.test', group: 'CompanyAdmin', company: 'acme' },
  { email: 'manager@acme.test', group: 'Manager', company: 'acme' },
  { email: 'agent@acme.test', group: 'Agent', company: 'acme' },
  { email: 'viewer@acme.test', group: 'Viewer', company: 'acme' },
  { email: 'admin@globex.test', group: 'CompanyAdmin', company: 'globex' },
];

export interface DemoPool {
  userPoolId: string;
  clientId: string;
  identityPoolId: string;
  /** The server's settings for this pool (AUTH_PROVIDER=cognito and the COGNITO_* variables). */
  serverEnv: Record<string, string>;
}

/** A pool with the demo users, an app client (the hosted page's callback URLs), an identity pool (guests allowed). */
export async function createDemoPool(sim: CognitoSimulator, options: { callbackUrls?: string[]; users?: typeof DEMO_POOL_USERS } = {}): Promise<DemoPool> {
  const { userPoolId, clientId } = await sim.createUserPool({ callbackUrls: options.callbackUrls ?? [] });
  for (const user of options.users ?? DEMO_POOL_USERS) {
    await sim.createUser(userPoolId, { email: user.email, password: DEMO_POOL_PASSWORD, groups: [user.group], attributes: { 'custom:company': user.company } });
  }
  const identityPoolId = sim.createIdentityPool({ userPoolId, clientId, allowUnauthenticated: true });
  return {
    userPoolId,
    clientId,
    identityPoolId,
    serverEnv: {
      AUTH_PROVIDER: 'cognito',
      COGNITO_USER_POOL_ID: userPoolId,
      COGNITO_USER_POOL_CLIENT_ID: clientId,
      COGNITO_IDENTITY_POOL_ID: identityPoolId,
      COGNITO_REGION: sim.region,
      COGNITO_DOMAIN: sim.url,
      COGNITO_USER_POOL_ENDPOINT: sim.url,
      COGNITO_IDENTITY_POOL_ENDPOINT: sim.url,
    },
  };
}

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

// `npm run cognito-local` (= `node --import tsx e2e/support/cognito-simulator.ts`): the simulator on
// 127.0.0.1:9229 (COGNITO_LOCAL_PORT) with the demo pool, the hosted page's callback URLs for the
// portal on PORT (3000), and the settings to start the server with; runs until stopped.
if (import.meta.url === `file://${process.argv[1]}`) {
  const sim = await startCognitoSimulator({ port: Number(process.env.COGNITO_LOCAL_PORT ?? 9229) });
  const portalPort = Number(process.env.PORT ?? 3000);
  const callbackUrls = ['localhost', 'acme.localhost', 'globex.localhost'].map((host) => `http://${host}:${portalPort}/login`);
  const demo = await createDemoPool(sim, { callbackUrls });
  const env = Object.entries(demo.serverEnv).map(([name, value]) => `  ${name}=${value} \\`).join('\n');
  console.log(`The Cognito simulator listens on ${sim.url} (user pool, identity pool, hosted page and JWKS on one address).
The demo users are in the pool (password ${DEMO_POOL_PASSWORD}), each in their role's group with custom:company set.
Start the server with:

${env}
  PORT=${portalPort} npm start

then open http://acme.localhost:${portalPort}/login. Ctrl-C stops the simulator (its state is thrown away).
`);
  const stop = () => void sim.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
