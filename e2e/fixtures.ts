// The `test` of every spec: Playwright's, extended with
//   axe     — expectNoAxeViolations(page): no WCAG 2 A/AA violations on the page as it is now;
//   outbox  — latest(email) / waitForLatest(email): the newest message sent to an address, read
//             straight from the e2e database's outbox table (mail and SMS codes, invites);
//   api     — signIn(email, password): tokens for a user through POST /api/v1/auth/sign-in.
// and helpers: tenantUrl('acme', '/login'), DEMO_USERS, DEMO_PASSWORD, saveScreenshot(page, name).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { DEMO_PASSWORD } from './env.ts';

export { expect };
export { BASE_URL, DEMO_PASSWORD, DEMO_USERS, PORT, tenantUrl } from './env.ts';

export interface OutboxMessage {
  recipient: string;
  subject: string;
  body: string;
  createdAt: Date;
}

export interface Outbox {
  /** The newest message to this address, or undefined. */
  latest(recipient: string): Promise<OutboxMessage | undefined>;
  /** Polls until a message to this address newer than `after` (default: any) arrives. */
  waitForLatest(recipient: string, options?: { after?: Date; timeoutMs?: number }): Promise<OutboxMessage>;
}

export interface Axe {
  /** Fails with a readable list when axe finds WCAG 2 A/AA violations on the page. */
  expectNoAxeViolations(page: Page, options?: { include?: string; exclude?: string[] }): Promise<void>;
}

export interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface Api {
  /** Signs in through the API; fails unless the answer is nextStep DONE. */
  signIn(email: string, password?: string): Promise<Tokens>;
}

export async function expectNoAxeViolations(page: Page, options: { include?: string; exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const report = violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n').join(' ')}`),
  }));
  expect(report, `axe found WCAG 2 A/AA violations on ${page.url()}`).toEqual([]);
}

/** Where saveScreenshot writes: test-results/screenshots/<name>.png (kept after the run, to look at). */
export const SCREENSHOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

/** A full-page screenshot of the page as it is now; returns the file's path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

export async function signInApi(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<Tokens> {
  const response = await request.post('/api/v1/auth/sign-in', { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  const body = await response.json();
  expect(body.nextStep, `sign-in of ${email}`).toBe('DONE');
  return body.tokens as Tokens;
}

function outboxOn(client: pg.Client | undefined): Outbox {
  const latest = async (recipient: string) => {
    if (!client) throw new Error('The outbox fixture needs PostgreSQL: global-setup could not create the e2e database.');
    const { rows } = await client.query<{ recipient: string; subject: string; body: string; created_at: Date }>(
      'select recipient, subject, body, created_at from outbox where lower(recipient) = lower($1) order by created_at desc, id desc limit 1',
      [recipient],
    );
    const row = rows[0];
    return row && { recipient: row.recipient, subject: row.subject, body: row.body, createdAt: row.created_at };
  };
  return {
    latest,
    async waitForLatest(recipient, { after, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const message = await latest(recipient);
        if (message && (!after || message.createdAt > after)) return message;
        if (Date.now() > deadline) throw new Error(`No message to ${recipient}${after ? ` after ${after.toISOString()}` : ''} within ${timeoutMs} ms`);
        await new Promise((done) => setTimeout(done, 200));
      }
    },
  };
}

export const test = base.extend<{ axe: Axe; outbox: Outbox; api: Api }, { outboxClient: pg.Client | undefined }>({
  outboxClient: [
    async ({}, use) => {
      const url = process.env.E2E_DATABASE_URL;
      const client = url ? new pg.Client({ connectionString: url }) : undefined;
      await client?.connect();
      await use(client);
      await client?.end();
    },
    { scope: 'worker' },
  ],
  axe: async ({}, use) => {
    await use({ expectNoAxeViolations });
  },
  outbox: async ({ outboxClient }, use) => {
    await use(outboxOn(outboxClient));
  },
  api: async ({ request }, use) => {
    await use({ signIn: (email, password) => signInApi(request, email, password) });
  },
});
