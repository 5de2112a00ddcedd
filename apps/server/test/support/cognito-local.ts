// A Cognito-compatible user pool on loopback for tests (issue 14): `cognito-local` (npm, v5) in a
// child process, its state in a temporary directory, on a free port. Its JSON API is Amazon
// Cognito's (POST / with `X-Amz-Target: AWSCognitoIdentityProviderService.<Operation>` and
// `Content-Type: application/x-amz-json-1.1`); plain fetch speaks it, no AWS SDK.
//
// What its id tokens carry (lib/services/tokenGenerator.js, checked by test/cognito.test.ts): RS256
// with kid "CognitoLocal" (the key is the same in every installation: a test can sign with it), `iss`
// = its own URL + "/" + the pool id, `aud` = the app client id, `token_use` = "id", `sub`, `email`,
// `email_verified`, `cognito:groups` (when the user has groups), every `custom:` attribute, `jti` and
// `event_id`. It leaves out `origin_jti` (AWS's id of the sign-in, the same after a refresh) and the
// standard attributes besides email (given_name, family_name, phone_number).
//
// Reuse (the e2e can too): const pool = await startCognitoLocal(); const setup = await pool.createPool();
// await pool.createUser(setup, { email, password, groups: ['Manager'], company: 'acme' });
// const tokens = await pool.signIn(setup, email, password); … await pool.close();
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

export interface CognitoLocal {
  /** Its base URL (http://127.0.0.1:<port>): COGNITO_USER_POOL_ENDPOINT. */
  endpoint: string;
  /** One call of the user pool API; throws with the answer's `__type` on an error. */
  call<T = Record<string, any>>(operation: string, body: Record<string, unknown>): Promise<T>;
  createPool(options?: PoolOptions): Promise<PoolSetup>;
  createUser(pool: PoolSetup, user: PoolUser): Promise<void>;
  /** InitiateAuth USER_PASSWORD_AUTH: the pool's tokens. */
  signIn(pool: PoolSetup, email: string, password: string): Promise<PoolTokens>;
  close(): Promise<void>;
}

export interface PoolOptions {
  /** Custom attributes to declare (without the custom: prefix); `company` by default. */
  customAttributes?: string[];
  /** Groups to create; our role names without spaces by default. */
  groups?: string[];
}

export interface PoolSetup {
  userPoolId: string;
  clientId: string;
  /** The `iss` of its tokens. */
  issuer: string;
}

export interface PoolUser {
  email: string;
  password: string;
  groups?: string[];
  /** The custom:company attribute (a tenant identifier). */
  company?: string;
  /** More attributes, by their full names. */
  attributes?: Record<string, string>;
}

export interface PoolTokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
  ExpiresIn: number;
}

export class CognitoError extends Error {
  constructor(readonly type: string, message: string) {
    super(`${type}: ${message}`);
  }
}

const DEFAULT_GROUPS = ['CompanyAdmin', 'Manager', 'Agent', 'Viewer'];

/** Starts cognito-local on a free loopback port (or the one given) with a fresh state directory. */
export async function startCognitoLocal(options: { port?: number } = {}): Promise<CognitoLocal> {
  const directory = await mkdtemp(join(tmpdir(), 'cognito-local-'));
  const script = require.resolve('cognito-local/lib/bin/start.js');
  let child: ChildProcess | undefined;
  let endpoint = '';
  for (let attempt = 0; !child; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      child = await launch(script, directory, port);
      endpoint = `http://127.0.0.1:${port}`;
    } catch (error) {
      if (attempt >= 4 || options.port !== undefined) {
        await rm(directory, { recursive: true, force: true });
        throw error;
      }
    }
  }
  const running = child;

  const call = async <T = Record<string, any>>(operation: string, body: Record<string, unknown>): Promise<T> => {
    const response = await fetch(`${endpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, any>;
    if (!response.ok) throw new CognitoError(String(answer.__type ?? response.status), String(answer.message ?? ''));
    return answer as T;
  };

  return {
    endpoint,
    call,
    async createPool(options = {}) {
      const { UserPool } = await call('CreateUserPool', {
        PoolName: `clearlane-${Date.now()}`,
        UsernameAttributes: ['email'],
        Schema: (options.customAttributes ?? ['company']).map((name) => ({ Name: name, AttributeDataType: 'String', Mutable: true })),
      });
      const userPoolId = String(UserPool.Id);
      const { UserPoolClient } = await call('CreateUserPoolClient', {
        UserPoolId: userPoolId,
        ClientName: 'clearlane-portal',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        AllowedOAuthFlows: ['code'],
        AllowedOAuthScopes: ['email', 'openid', 'profile', 'phone'],
      });
      for (const group of options.groups ?? DEFAULT_GROUPS) await call('CreateGroup', { UserPoolId: userPoolId, GroupName: group });
      return { userPoolId, clientId: String(UserPoolClient.ClientId), issuer: `${endpoint}/${userPoolId}` };
    },
    async createUser(pool, user) {
      const attributes = { email: user.email, email_verified: 'true', ...(user.company ? { 'custom:company': user.company } : {}), ...user.attributes };
      await call('AdminCreateUser', {
        UserPoolId: pool.userPoolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
      });
      await call('AdminSetUserPassword', { UserPoolId: pool.userPoolId, Username: user.email, Password: user.password, Permanent: true });
      for (const group of user.groups ?? []) await call('AdminAddUserToGroup', { UserPoolId: pool.userPoolId, Username: user.email, GroupName: group });
    },
    async signIn(pool, email, password) {
      const answer = await call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } });
      if (!answer.AuthenticationResult) throw new Error(`InitiateAuth answered a challenge (${answer.ChallengeName}), not tokens`);
      return answer.AuthenticationResult as PoolTokens;
    },
    async close() {
      if (running.exitCode === null && running.signalCode === null) {
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGTERM');
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A port nobody listens on now (cognito-local must be told its port: its tokens' issuer names it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs cognito-local in `directory` (it keeps its state in ./.cognito) until it says it listens. */
function launch(script: string, directory: string, port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: directory,
      env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => fail(new Error(`cognito-local did not start within 30 s:\n${output}`)), 30_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(error);
    };
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Cognito Local running on')) {
        clearTimeout(timer);
        // Keep draining its log so the pipe never fills.
        child.stdout!.off('data', listen);
        child.stdout!.resume();
        child.stderr!.resume();
        resolve(child);
      }
    };
    child.stdout!.on('data', listen);
    child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`cognito-local exited (${code}) before it listened:\n${output}`)));
  });
}
