// The API answers like production: health, sign-in, the OpenAPI document and its reference page.
import { DEMO_PASSWORD, DEMO_USERS, expect, test } from './fixtures.ts';

test('GET /api/v1/health is 200 with the database and the queue up', async ({ request }) => {
  const response = await request.get('/api/v1/health');
  expect(response.status()).toBe(200);
  const health = await response.json();
  expect(health.status).toBe('up');
  expect(health.components.api.status).toBe('up');
  expect(health.components.database.status).toBe('up');
  expect(health.components.queue.status).toBe('up');
});

test('POST /api/v1/auth/sign-in as a demo admin answers nextStep DONE with tokens', async ({ request }) => {
  const response = await request.post('/api/v1/auth/sign-in', { data: { email: DEMO_USERS.admin, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.nextStep).toBe('DONE');
  expect(body.tokens).toEqual(
    expect.objectContaining({ idToken: expect.any(String), accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: expect.any(Number) }),
  );
});

test('a wrong password is refused without saying whether the user exists', async ({ request }) => {
  const known = await request.post('/api/v1/auth/sign-in', { data: { email: DEMO_USERS.viewer, password: 'not-the-password' } });
  const unknown = await request.post('/api/v1/auth/sign-in', { data: { email: 'nobody@acme.test', password: 'not-the-password' } });
  expect(known.status()).toBeGreaterThanOrEqual(400);
  expect(known.status()).toBeLessThan(500);
  expect(unknown.status()).toBe(known.status());
  expect((await unknown.json()).detail).toBe((await known.json()).detail);
  // A good password clears the failure count again, so journeys signing in as this user are unaffected.
  const good = await request.post('/api/v1/auth/sign-in', { data: { email: DEMO_USERS.viewer, password: DEMO_PASSWORD } });
  expect((await good.json()).nextStep).toBe('DONE');
});

test('forgot password writes a reset code to the outbox', async ({ request, outbox }) => {
  const before = new Date(Date.now() - 1_000);
  const response = await request.post('/api/v1/auth/forgot-password', { data: { email: DEMO_USERS.globexAdmin } });
  expect(response.status()).toBe(200);
  expect((await response.json()).nextStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
  const message = await outbox.waitForLatest(DEMO_USERS.globexAdmin, { after: before });
  expect(message.recipient.toLowerCase()).toBe(DEMO_USERS.globexAdmin);
  expect(message.body).toMatch(/\b\d{6}\b/);
});

test('GET /api/v1/users/me answers the signed-in user', async ({ request, api }) => {
  const tokens = await api.signIn(DEMO_USERS.manager);
  const response = await request.get('/api/v1/users/me', { headers: { authorization: `Bearer ${tokens.idToken}` } });
  expect(response.status()).toBe(200);
  expect(JSON.stringify(await response.json())).toContain(DEMO_USERS.manager);
});

test('GET /api/openapi.json is an OpenAPI 3.1 document listing /api/v1/users', async ({ request }) => {
  const response = await request.get('/api/openapi.json');
  expect(response.status()).toBe(200);
  const document = await response.json();
  expect(document.openapi).toMatch(/^3\.1/);
  expect(Object.keys(document.paths)).toContain('/api/v1/users');
});

test('GET /api/docs serves the interactive reference as HTML', async ({ request }) => {
  const response = await request.get('/api/docs');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  expect(await response.text()).toMatch(/<html/i);
});
