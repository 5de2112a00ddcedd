// The user pool's keys (AUTH_PROVIDER=cognito): fetched from <endpoint>/<pool id>/.well-known/jwks.json
// once and kept, and fetched again when a token names a key id they do not have (the pool rotated
// its keys), as jose's remote key set does after its cool-down (set to 0 here; 30 s in the app).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { cognitoSettingsOf } from '../src/config/config.ts';
import { CognitoTokens } from '../src/identity/cognito/cognito-tokens.ts';
import { newCompany, openTestDatabase, testConfig, type TestDatabase } from './helpers.ts';

const POOL = 'us-east-1_Rotating1';
const CLIENT = 'rotating-client';
let served: JWK[] = [];
let fetches = 0;
let server: Server;
let endpoint: string;
let database: TestDatabase;

async function keyPair(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url !== `/${POOL}/.well-known/jwks.json`) return void response.writeHead(404).end();
    fetches++;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: served }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  database = await openTestDatabase('pglite');
  await newCompany(database.db, 'acme', 'Acme Logistics');
});
afterAll(async () => {
  await database?.close();
  await new Promise((resolve) => server?.close(resolve));
});

it('keeps the pool\'s keys, and fetches them again for a key id it does not know', async () => {
  const settings = cognitoSettingsOf(testConfig({
    AUTH_PROVIDER: 'cognito', COGNITO_USER_POOL_ID: POOL, COGNITO_USER_POOL_CLIENT_ID: CLIENT, COGNITO_DOMAIN: 'clearlane.auth.us-east-1.amazoncognito.com',
    COGNITO_USER_POOL_ENDPOINT: endpoint,
  }))!;
  const tokens = new CognitoTokens(database.db, settings, { tenantOfHost: async () => '', jwksCooldownMs: 0 });
  const first = await keyPair('key-1');
  const second = await keyPair('key-2');
  const sign = (key: Awaited<ReturnType<typeof keyPair>>, jti: string) => new SignJWT({ token_use: 'id', email: 'rotation@acme-pool.test', 'custom:company': 'acme', origin_jti: jti })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(settings.issuer).setAudience(CLIENT).setSubject('pool-user-1').setIssuedAt().setExpirationTime('10m')
    .sign(key.privateKey);

  served = [first.jwk];
  expect(await tokens.verifyIdToken(await sign(first, 'a'))).toMatchObject({ email: 'rotation@acme-pool.test', tenantIdentifier: 'acme' });
  expect(await tokens.verifyIdToken(await sign(first, 'b'))).not.toBeNull();
  expect(fetches).toBe(1);

  // The pool rotates: a token of the new key makes the keys be fetched again.
  served = [second.jwk];
  expect(await tokens.verifyIdToken(await sign(second, 'c'))).not.toBeNull();
  expect(fetches).toBe(2);
  // A key the pool does not publish stays refused, however often the keys are fetched.
  expect(await tokens.verifyIdToken(await sign(await keyPair('key-3'), 'd'))).toBeNull();
  expect(await tokens.verifyIdToken(await sign(first, 'e'))).toBeNull();
});
