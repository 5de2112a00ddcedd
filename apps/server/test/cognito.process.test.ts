// The real server (`node --import tsx apps/server/src/main.ts`) started with AUTH_PROVIDER=cognito
// against the Cognito simulator holding the demo users as `npm run cognito-local` creates them: the portal is
// told the pool's settings, and the demo manager's pool id token is the bearer of the API.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { call, cleanUpAfterSuite, exited, START_TIMEOUT_MS, startServer, waitUntilHealthy } from './server-process.ts';
import { createDemoPool, freePort, startCognitoSimulator, type CognitoSimulator, type DemoPool } from '../../../e2e/support/cognito-simulator.ts';

describe('the server with AUTH_PROVIDER=cognito (a process)', () => {
  const left = cleanUpAfterSuite();
  const dataDir = mkdtempSync(join(tmpdir(), 'clearlane-cognito-'));
  let pool: CognitoSimulator;
  let setup: DemoPool;
  let port: number;

  beforeAll(async () => {
    pool = await startCognitoSimulator();
    // The pool `npm run cognito-local` makes, and the settings it prints.
    setup = await createDemoPool(pool);
    port = await freePort();
    left.server = startServer(port, { DATA_DIR: dataDir, ...setup.serverEnv });
    await waitUntilHealthy(port, left.server);
  }, START_TIMEOUT_MS + 60_000);
  afterAll(async () => {
    // Stopped before its data folder goes (cleanUpAfterSuite's own hook runs after this one).
    if (left.server) {
      left.server.child.kill('SIGTERM');
      await exited(left.server.child);
      left.server = undefined;
    }
    await pool?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('tells the portal the pool, and serves the demo manager on the pool\'s id token', async () => {
    const config = await call(port, 'GET', '/api/v1/public/config');
    expect(config.json.auth).toMatchObject({ provider: 'cognito', userPoolId: setup.userPoolId, userPoolClientId: setup.clientId, userPoolEndpoint: pool.url });
    const tokens = await pool.signIn(setup.clientId, 'manager@acme.test', DEMO_PASSWORD);
    const me = await call(port, 'GET', '/api/v1/users/me', { token: tokens.IdToken });
    expect(me.status, JSON.stringify(me.json)).toBe(200);
    expect(me.json).toMatchObject({ email: 'manager@acme.test', firstName: 'Max', tenantIdentifier: 'acme', roles: [{ name: 'Manager' }] });
    const passwordSignIn = await call(port, 'POST', '/api/v1/auth/sign-in', { json: { email: 'manager@acme.test', password: DEMO_PASSWORD } });
    expect(passwordSignIn.status).toBe(400);
    expect(passwordSignIn.json.code).toBe('InvalidParameterException');
  });
});
