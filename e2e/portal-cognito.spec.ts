// The portal signing in through a cloud user pool (issue 14, AUTH_PROVIDER=cognito), in the browser,
// end to end: the Cognito simulator (e2e/support/cognito-simulator.ts: cognito-local plus the calls it
// lacks, the demo pool `npm run cognito-local` makes) and a server of this spec's own started in
// cognito mode against it (built portal, a throwaway PostgreSQL database), both torn down at the end.
// The shared e2e server (global-setup.ts) keeps the embedded provider; nothing here touches it.
//
// Journeys: the Manager signs in with email and password through the pool (identity-pool credentials
// fetched), the browser's clock passes the tokens' expiry and the next page refreshes them with
// GetTokensFromRefreshToken, sign-out revokes (RevokeToken) and the old id token gets 401; someone
// invited with a temporary password chooses a new one; a Viewer sees no Manager-only navigation; a
// password reset goes to the pool; someone of Globex signing in on Acme's host is handed to theirs; the
// hosted sign-in page round trip ("Continue with single sign-on") and its sign-out. No CSP violation
// anywhere; axe on the login page; screenshots at 1440 and 390 px.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import pg from 'pg';
import { expect, test } from './fixtures.ts';
import { createDemoPool, DEMO_POOL_PASSWORD, freePort, startCognitoSimulator, type CognitoSimulator, type DemoPool } from './support/cognito-simulator.ts';
import { enterCode, expectAccessible, snap, submitCredentials } from './support/portal.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WIDTHS = [
  [1440, 900],
  [390, 844],
] as const;

let sim: CognitoSimulator;
let pool: DemoPool;
let port: number;
let server: ChildProcess | undefined;
let serverLog = '';
let databaseUrl: string | undefined;
let dataDir: string | undefined;

const acme = (path = '/') => `http://acme.localhost:${port}${path}`;
const calls = (name: string) => sim.calls.get(name) ?? 0;

function adminUrl(): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The server as `npm start` runs it, in cognito mode against the simulator's demo pool. */
async function startServer() {
  // clearlane_e2e_<epoch>_…: global-setup drops such databases if a run dies before its teardown.
  const name = `clearlane_e2e_${Math.floor(Date.now() / 1000)}_cognito${Math.random().toString(36).slice(2, 6)}`;
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dataDir = mkdtempSync(join(tmpdir(), 'clearlane-e2e-cognito-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...pool.serverEnv,
  };
  delete env.NODE_ENV;
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (chunk) => void (serverLog += String(chunk)));
  server.stderr!.on('data', (chunk) => void (serverLog += String(chunk)));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The cognito-mode server exited (${server.exitCode}):\n${serverLog}`);
    const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => null);
    if (health?.status === 200) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`The cognito-mode server did not become healthy:\n${serverLog}`);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sim = await startCognitoSimulator();
  port = await freePort();
  pool = await createDemoPool(sim, { callbackUrls: [`http://acme.localhost:${port}/login`] });
  await startServer();
});

test.afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((done) => server!.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  if (databaseUrl) await admin(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`).catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await sim?.close();
});

/** Every Content-Security-Policy violation the page reports (the event, and Chromium's console line). */
async function watchCsp(context: BrowserContext, page: Page): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeFunction('__reportCsp', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCsp: (text: string) => void }).__reportCsp(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (connect|load|execute|frame)/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function snapAtWidths(page: Page, name: string) {
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await snap(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: WIDTHS[0][0], height: WIDTHS[0][1] });
}

const idTokenOf = async (context: BrowserContext) => (await context.cookies(acme())).find((cookie) => cookie.name.endsWith('idToken'))?.value;
const usersLink = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' });

test('the Manager signs in through the pool, stays signed in across a token refresh, and signing out revokes', async ({ context, page, request }) => {
  const csp = await watchCsp(context, page);
  // The browser's clock runs normally until the refresh below moves it past the tokens' expiry.
  await page.clock.install();

  await page.goto(acme('/login'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Clearlane' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with single sign-on' })).toBeVisible();
  await expectAccessible(page);
  await snapAtWidths(page, 'cognito-login');

  const before = { initiate: calls('InitiateAuth'), getId: calls('GetId'), credentials: calls('GetCredentialsForIdentity') };
  await submitCredentials(page, 'manager@acme.test', DEMO_POOL_PASSWORD);
  await expect(page).toHaveURL(acme('/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Max' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Max Manager' })).toContainText('Manager');
  await expect(usersLink(page)).toBeVisible();
  await expect(page.getByText('Company sign-in', { exact: true })).toBeVisible();
  // The password went to the pool, and the session got identity-pool credentials.
  expect(calls('InitiateAuth')).toBeGreaterThan(before.initiate);
  await expect.poll(() => calls('GetId')).toBeGreaterThan(before.getId);
  await expect.poll(() => calls('GetCredentialsForIdentity')).toBeGreaterThan(before.credentials);
  await snapAtWidths(page, 'cognito-home');

  // A day later (the pool's tokens last 24 h): the next page refreshes them through the pool.
  const firstIdToken = await idTokenOf(context);
  expect(firstIdToken).toBeTruthy();
  const refreshes = calls('GetTokensFromRefreshToken');
  await page.clock.setSystemTime(Date.now() + 25 * 3600_000);
  await usersLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'viewer@acme.test' })).toBeVisible();
  expect(calls('GetTokensFromRefreshToken')).toBe(refreshes + 1);
  const refreshedIdToken = await idTokenOf(context);
  expect(refreshedIdToken).toBeTruthy();
  expect(refreshedIdToken).not.toBe(firstIdToken);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Max' })).toBeVisible();

  // Sign-out revokes the pool's refresh token, and the server refuses the old id token at once.
  const me = (token: string) => request.get(acme('/api/v1/users/me'), { headers: { authorization: `Bearer ${token}` } });
  expect((await me(refreshedIdToken!)).status()).toBe(200);
  const revokes = calls('RevokeToken');
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Clearlane' })).toBeVisible();
  expect(calls('RevokeToken')).toBe(revokes + 1);
  expect(await idTokenOf(context)).toBeFalsy();
  expect((await me(refreshedIdToken!)).status()).toBe(401);
  expect(csp).toEqual([]);
});

test('someone invited with a temporary password chooses a new one, and a Viewer sees no Manager-only navigation', async ({ browser }) => {
  const email = `newhire-${Date.now().toString(36)}@acme.test`;
  await sim.createUser(pool.userPoolId, { email, password: 'Temporary-pass-1', temporary: true, groups: ['Agent'], attributes: { 'custom:company': 'acme' } });
  const context = await browser.newContext();
  const page = await context.newPage();
  const csp = await watchCsp(context, page);
  await page.goto(acme('/login'));
  await submitCredentials(page, email, 'Temporary-pass-1');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill('Chosen-password-2');
  await page.getByLabel(/^Confirm new password/).fill('Chosen-password-2');
  await page.getByRole('button', { name: 'Set password and continue' }).click();
  // Created just in time in the company custom:company names, as an Agent.
  await expect(page).toHaveURL(acme('/'));
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toContainText('Agent');
  await context.close();

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  const viewerCsp = await watchCsp(viewerContext, viewer);
  await viewer.goto(acme('/login'));
  await submitCredentials(viewer, 'viewer@acme.test', DEMO_POOL_PASSWORD);
  await expect(viewer.getByRole('heading', { level: 1, name: 'Welcome, Vic' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Account menu for Vic Viewer' })).toContainText('Viewer');
  await expect(viewer.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(usersLink(viewer)).toHaveCount(0);
  // The account page changes the password at the pool; two-step verification stays the pool's, and it says so.
  await viewer.goto(acme('/account'));
  await expect(viewer.getByText(/two-step verification is managed by your company's sign-in service/)).toBeVisible();
  await expect(viewer.getByLabel(/^Current password/)).toBeVisible();
  await viewerContext.close();
  expect([...csp, ...viewerCsp]).toEqual([]);
});

test('someone of another company signing in on Acme\'s host is handed to theirs, and stays signed in there', async ({ context, page }) => {
  const csp = await watchCsp(context, page);
  await page.clock.install();
  await page.goto(acme('/login'));
  await submitCredentials(page, 'admin@globex.test', DEMO_POOL_PASSWORD);
  // The server's /users/me names Globex (custom:company): the session moves by a one-time code.
  await expect(page).toHaveURL(`http://globex.localhost:${port}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Gus' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Gus Globex' })).toContainText('Company Admin');
  // There the session holds our server's tokens (the handoff's): our server refreshes them, not the pool.
  const poolRefreshes = calls('GetTokensFromRefreshToken');
  const before = (await context.cookies(`http://globex.localhost:${port}/`)).find((cookie) => cookie.name.endsWith('idToken'))?.value;
  await page.clock.setSystemTime(Date.now() + 25 * 3600_000);
  await usersLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const after = (await context.cookies(`http://globex.localhost:${port}/`)).find((cookie) => cookie.name.endsWith('idToken'))?.value;
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
  expect(calls('GetTokensFromRefreshToken')).toBe(poolRefreshes);
  expect(csp).toEqual([]);
});

test('"Forgot password?" resets at the pool (ForgotPassword, the pool\'s code, ConfirmForgotPassword)', async ({ context, page }) => {
  const csp = await watchCsp(context, page);
  const email = `forgetful-${Date.now().toString(36)}@acme.test`;
  await sim.createUser(pool.userPoolId, { email, password: 'Forgotten-pass-1', groups: ['Viewer'], attributes: { 'custom:company': 'acme' } });
  const sent = { forgot: calls('ForgotPassword'), confirm: calls('ConfirmForgotPassword'), messages: sim.messages.length };
  await page.goto(acme('/login'));
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel(/^New password/)).toBeVisible();
  expect(calls('ForgotPassword')).toBe(sent.forgot + 1);
  const message = sim.messages.slice(sent.messages).find((entry) => entry.code);
  expect(message?.code).toMatch(/^\d{6}$/);
  await enterCode(page, message!.code!);
  await page.getByLabel(/^New password/).fill('Fresh-start-2026');
  await page.getByLabel(/^Confirm new password/).fill('Fresh-start-2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed. Sign in with your new password.')).toBeVisible();
  expect(calls('ConfirmForgotPassword')).toBe(sent.confirm + 1);
  await submitCredentials(page, email, 'Fresh-start-2026');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  expect(csp).toEqual([]);
});

test('the hosted sign-in page: "Continue with single sign-on" there and back, and sign-out through it', async ({ context, page }) => {
  const csp = await watchCsp(context, page);
  await page.goto(acme('/login'));
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  // cognito-local's own sign-in form, at the pool's domain.
  await expect(page).toHaveURL(new RegExp(`^${sim.url}/oauth2/authorize\\?`));
  const authorize = new URL(page.url()).searchParams;
  expect(Object.fromEntries(['response_type', 'scope', 'code_challenge_method', 'redirect_uri'].map((key) => [key, authorize.get(key)]))).toEqual({
    response_type: 'code', scope: 'email openid profile phone', code_challenge_method: 'S256', redirect_uri: acme('/login'),
  });
  await page.locator('input[name="username"]').fill('manager@acme.test');
  await page.locator('input[name="password"]').fill(DEMO_POOL_PASSWORD);
  await page.locator('input[name="password"]').press('Enter');
  await expect(page).toHaveURL(acme('/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Max' })).toBeVisible();

  const logouts = calls('logout');
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(acme('/login'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Clearlane' })).toBeVisible();
  expect(calls('logout')).toBe(logouts + 1);
  expect(csp).toEqual([]);
});
