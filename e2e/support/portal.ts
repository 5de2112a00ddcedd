// Helpers of the portal journeys: sign in through the UI, TOTP codes, invitations, screenshots.
import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import pg from 'pg';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, saveScreenshot, tenantUrl, type Outbox, type Tokens } from '../fixtures.ts';

/** A screenshot in test-results/screenshots/<name>.png, for people to look at (never compared). */
export async function snap(page: Page, name: string) {
  await saveScreenshot(page, name);
}

export const emailField = (page: Page) => page.getByLabel(/^Email/);
export const passwordField = (page: Page) => page.getByLabel(/^Password/);

/**
 * Fills the first sign-in step at a tenant's /login and submits it: the email first ("Continue"
 * asks how it signs in), then the password. Back from a later step the form already shows the
 * password (no "Continue"), and the same email keeps it there.
 */
export async function submitCredentials(page: Page, email: string, password = DEMO_PASSWORD, tenant = 'acme') {
  if (!page.url().includes('/login')) await page.goto(tenantUrl(tenant, '/login'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Clearlane' })).toBeVisible();
  await emailField(page).fill(email);
  const next = page.getByRole('button', { name: 'Continue', exact: true });
  if (await next.isVisible()) await next.click();
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in a user without MFA and waits for the home page. */
export async function signInUi(page: Page, email: string, password = DEMO_PASSWORD, tenant = 'acme') {
  await page.goto(tenantUrl(tenant, '/login'));
  await submitCredentials(page, email, password, tenant);
  await expect(page).toHaveURL(tenantUrl(tenant, '/'));
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome,/ })).toBeVisible();
}

export async function signOutUi(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Types a 6-digit code into the PinInput of the current step (focus moves box to box). */
export async function enterCode(page: Page, code: string, label = /digit 1 of 6/) {
  await page.getByLabel(label).first().click();
  await page.keyboard.type(code, { delay: 30 });
}

export const TOTP_PERIOD_S = 30;
export const totpStep = (atMs = Date.now()) => Math.floor(atMs / 1000 / TOTP_PERIOD_S);
export const totpCode = (secret: string, atMs = Date.now()) => generate({ secret, epoch: Math.floor(atMs / 1000) });

/** A TOTP code works once: waits for a time step after `usedStep`, plus a little margin into it. */
export async function waitForFreshTotpStep(usedStep: number) {
  for (;;) {
    const now = Date.now();
    const secondsIntoStep = (now / 1000) % TOTP_PERIOD_S;
    if (totpStep(now) > usedStep && secondsIntoStep > 1 && secondsIntoStep < TOTP_PERIOD_S - 3) return;
    await new Promise((done) => setTimeout(done, 250));
  }
}

let counter = 0;
/** An address no other test uses, so journeys that change a user never collide. */
export function uniqueEmail(prefix: string, domain = 'acme.test') {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@${domain}`;
}

export interface Invited {
  id: string;
  email: string;
  temporaryPassword: string;
}

/** Invites a user through the API as `admin` and reads the temporary password from the outbox. */
export async function inviteViaApi(
  request: APIRequestContext,
  outbox: Outbox,
  admin: Tokens,
  body: { email: string; firstName: string; lastName: string; role: string; requireMfa?: boolean; phoneNumber?: string },
): Promise<Invited> {
  const before = new Date(Date.now() - 1_000);
  const response = await request.post('/api/v1/users', { data: { requireMfa: false, ...body }, headers: { authorization: `Bearer ${admin.idToken}` } });
  expect(response.status(), await response.text()).toBe(201);
  const user = await response.json();
  return { id: user.id, email: body.email, temporaryPassword: await temporaryPasswordFor(outbox, body.email, before) };
}

export async function temporaryPasswordFor(outbox: Outbox, email: string, after: Date): Promise<string> {
  const message = await outbox.waitForLatest(email, { after });
  const match = /temporary password: (\S+)/.exec(message.body);
  expect(match, `an invitation with a temporary password in: ${message.body}`).not.toBeNull();
  return match![1]!;
}

export async function codeFromMail(outbox: Outbox, email: string, after: Date): Promise<string> {
  const message = await outbox.waitForLatest(email, { after });
  const match = /\b(\d{6})\b/.exec(message.body);
  expect(match, `a 6-digit code in: ${message.body}`).not.toBeNull();
  return match![1]!;
}

/** axe (WCAG 2 A/AA) on the page as it is now. */
export async function expectAccessible(page: Page) {
  await expectNoAxeViolations(page);
}

/**
 * Marks an account as "must reset its password" (an operator's decision the API does not expose),
 * straight in the e2e database, so the RESET_PASSWORD sign-in step can be walked through.
 */
export async function requirePasswordReset(email: string) {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('requirePasswordReset needs the e2e PostgreSQL database (E2E_DATABASE_URL).');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query("update users set status = 'RESET_REQUIRED' where lower(email) = lower($1)", [email]);
    expect(rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

/** Screenshots of the page at 1440 and 390 px wide (<name>-1440, <name>-390), then back to 1440 px. */
export async function snapAtWidths(page: Page, name: string) {
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await snap(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
