// PATCH /api/v1/users/{id}: a Company Admin changes a user's role and switches them off or on in
// their company. Switching off is per membership: the user's sessions there end at once, sign-in
// there refuses them, their other companies are untouched. A company keeps one enabled admin.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, get, latestMessage, newCompany, newUser, post,
  seedTwoCompanies, signInAs, temporaryPasswordIn, uniqueEmail, type TestApp,
} from './helpers.ts';
import { DELIVER_MESSAGE_JOB } from '../src/mail/messenger.ts';

const patch = (app: FastifyInstance, id: string, token: string, payload: unknown, host = ACME_HOST) =>
  app.inject({ method: 'PATCH', url: `/api/v1/users/${id}`, payload: payload as string, headers: { host, 'content-type': 'application/json', ...bearer(token) } });

const signInAttempt = (t: TestApp, email: string, password: string, host = ACME_HOST) =>
  post(t.app, '/api/v1/auth/sign-in', { email, password }, { headers: { host } });

let tenantCounter = 0;
/** A company of its own with one admin signed in: last-admin tests must not share admins. */
async function companyWithAdmin(t: TestApp) {
  const tenant = `upd${++tenantCounter}${t.kind === 'postgres' ? 'pg' : 'pl'}`;
  await newCompany(t.db, tenant, `Company ${tenant}`);
  const host = `${tenant}.localhost:3000`;
  const admin = await newUser(t.db, { tenant, role: 'Company Admin', firstName: 'Solo', lastName: 'Admin' });
  const token = (await signInAs(t.app, admin.email, undefined, host)).idToken;
  return { tenant, host, admin, token };
}

describeEachDatabase('PATCH /users/{id}', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens: Record<'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin', string> = {} as never;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    for (const key of Object.keys(seeded.users) as (keyof typeof seeded.users)[]) {
      tokens[key] = (await signInAs(t.app, seeded.users[key].email, undefined, key === 'globexAdmin' ? GLOBEX_HOST : undefined)).idToken;
    }
  });

  const userAsAdmin = async (id: string) => (await get(t.app, `/api/v1/users/${id}`, tokens.admin)).json();

  it('changes the role: the answer, the user page and the user\'s live token all say the new role at once', async () => {
    const user = await newUser(t.db, { tenant: 'acme', role: 'Agent' });
    const userToken = (await signInAs(t.app, user.email)).idToken;
    const response = await patch(t.app, user.userId, tokens.admin, { role: 'Viewer' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: user.userId, role: 'Viewer', enabled: true, status: 'ACTIVE' });
    expect((await userAsAdmin(user.userId)).role).toBe('Viewer');
    // No new sign-in needed: the next request of the same token carries the Viewer's permissions.
    const me = (await get(t.app, '/api/v1/users/me', userToken)).json();
    expect(me.roles.map((role: { name: string }) => role.name)).toEqual(['Viewer']);
    expect(me.companies[0].role).toBe('Viewer');
    expect(me.groups, 'the groups of the answer come from the role as it is now, not the token').toEqual(['Viewer']);
  });

  it('disabling ends the user\'s live sessions at once and sign-in refuses them; enabling restores sign-in', async () => {
    const user = await newUser(t.db, { tenant: 'acme', role: 'Agent' });
    const session = await signInAs(t.app, user.email);
    expect((await get(t.app, '/api/v1/users/me', session.idToken)).statusCode).toBe(200);

    const disabled = await patch(t.app, user.userId, tokens.admin, { enabled: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ enabled: false, status: 'DISABLED', role: 'Agent' });
    // The very next request with the same id token is refused, and its refresh token is dead.
    expectProblem(await get(t.app, '/api/v1/users/me', session.idToken), 401, 'UserUnAuthenticatedException');
    expectProblem(await post(t.app, '/api/v1/auth/token', { refreshToken: session.refreshToken }), 401, 'NotAuthorizedException');
    const refused = expectProblem(await signInAttempt(t, user.email, user.password), 401, 'NotAuthorizedException');
    expect(refused.detail).toBe('User is disabled.');

    const enabled = await patch(t.app, user.userId, tokens.admin, { enabled: true });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({ enabled: true, status: 'ACTIVE' });
    const fresh = await signInAs(t.app, user.email);
    expect((await get(t.app, '/api/v1/users/me', fresh.idToken)).statusCode).toBe(200);
    // Enabling starts nothing old again: the sessions ended by disabling stay ended.
    expectProblem(await get(t.app, '/api/v1/users/me', session.idToken), 401);
  });

  it('is per company: disabled at Acme, the user still signs in at Globex and their Globex session lives on', async () => {
    const user = await newUser(t.db, { tenant: 'globex', role: 'Agent' });
    expect((await post(t.app, '/api/v1/users', { email: user.email, firstName: 'Two', lastName: 'Homes', role: 'Agent' }, { headers: bearer(tokens.admin) })).statusCode).toBe(201);
    const globexSession = await signInAs(t.app, user.email, undefined, GLOBEX_HOST);

    expect((await patch(t.app, user.userId, tokens.admin, { enabled: false })).statusCode).toBe(200);
    expect((await get(t.app, '/api/v1/users/me', globexSession.idToken, GLOBEX_HOST)).statusCode).toBe(200);
    const atAcme = expectProblem(await signInAttempt(t, user.email, user.password, ACME_HOST), 401, 'NotAuthorizedException');
    expect(atAcme.detail).toBe('User is disabled.');
    // At Globex, and at a host of no company, sign-in opens Globex; Acme is no longer offered.
    const atGlobex = await signInAs(t.app, user.email, undefined, GLOBEX_HOST);
    const me = (await get(t.app, '/api/v1/users/me', atGlobex.idToken, GLOBEX_HOST)).json();
    expect(me.companies.map((c: { tenantIdentifier: string }) => c.tenantIdentifier)).toEqual(['globex']);
    const atPortal = await signInAs(t.app, user.email, undefined, 'localhost:3000');
    expect((await get(t.app, '/api/v1/users/me', atPortal.idToken, 'localhost:3000')).json().companyId).toBe(seeded.globex.id);
    // Globex's admin sees them enabled.
    const seenByGlobex = (await get(t.app, `/api/v1/users/${user.userId}`, tokens.globexAdmin, GLOBEX_HOST)).json();
    expect(seenByGlobex).toMatchObject({ enabled: true, status: 'ACTIVE' });
  });

  it('a user switched off in every company is refused everywhere', async () => {
    const user = await newUser(t.db, { tenant: 'acme', role: 'Viewer' });
    expect((await patch(t.app, user.userId, tokens.admin, { enabled: false })).statusCode).toBe(200);
    for (const host of [ACME_HOST, GLOBEX_HOST, 'localhost:3000']) {
      expect(expectProblem(await signInAttempt(t, user.email, user.password, host), 401, 'NotAuthorizedException').detail).toBe('User is disabled.');
    }
  });

  it('changes role and enabled together, and the list shows enabled, status and the status filter finds them', async () => {
    const user = await newUser(t.db, { tenant: 'acme', role: 'Agent' });
    const response = await patch(t.app, user.userId, tokens.admin, { role: 'Manager', enabled: false });
    expect(response.json()).toMatchObject({ role: 'Manager', enabled: false, status: 'DISABLED' });
    const list = (await get(t.app, `/api/v1/users?status=DISABLED&size=100`, tokens.admin)).json();
    expect(list.content.map((row: { id: string }) => row.id)).toContain(user.userId);
    const active = (await get(t.app, `/api/v1/users?status=ACTIVE&size=100`, tokens.admin)).json();
    expect(active.content.map((row: { id: string }) => row.id)).not.toContain(user.userId);
  });

  it('the user answer names the two-step factors and records the last sign-in', async () => {
    const user = await newUser(t.db, { tenant: 'acme', role: 'Agent', totpSecret: 'JBSWY3DPEHPK3PXP', phoneNumber: '+15125550123', smsMfa: true });
    const plain = await newUser(t.db, { tenant: 'acme', role: 'Agent' });
    expect(await userAsAdmin(user.userId)).toMatchObject({ mfaEnabled: true, mfaFactors: ['TOTP', 'SMS'], lastSignInAt: null });
    const before = Date.now();
    await signInAs(t.app, plain.email);
    const seen = await userAsAdmin(plain.userId);
    expect(seen).toMatchObject({ mfaEnabled: false, mfaFactors: [] });
    expect(Date.parse(seen.lastSignInAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answers bad input with a 400 naming the field, and changes nothing', async () => {
    const user = await newUser(t.db, { tenant: 'acme', role: 'Agent' });
    const cases: [unknown, string][] = [
      [{}, 'body.role'],
      [{ role: 'Boss' }, 'body.role'],
      [{ enabled: 'no' }, 'body.enabled'],
      [{ enabled: null }, 'body.enabled'],
      [{ role: 'Viewer', email: 'new@example.test' }, 'body'],
    ];
    for (const [body, path] of cases) {
      const problem = expectProblem(await patch(t.app, user.userId, tokens.admin, body), 400, 'ValidationError');
      expect(errorPaths(problem), JSON.stringify(body)).toEqual([path]);
    }
    expectProblem(await patch(t.app, user.userId, tokens.admin, 'null'), 400);
    expectProblem(await patch(t.app, user.userId, tokens.admin, '{"role":'), 400);
    expect(errorPaths(expectProblem(await patch(t.app, 'not-a-uuid', tokens.admin, { role: 'Viewer' }), 400, 'ValidationError'))).toEqual(['params.id']);
    expectProblem(await patch(t.app, '01890000-0000-7000-8000-000000000000', tokens.admin, { role: 'Viewer' }), 404, 'NotFound');
    expect(await userAsAdmin(user.userId)).toMatchObject({ role: 'Agent', enabled: true });
  });

  it('another company\'s admin gets 404 and the user is unchanged', async () => {
    const user = await newUser(t.db, { tenant: 'acme', role: 'Agent' });
    const session = await signInAs(t.app, user.email);
    expectProblem(await patch(t.app, user.userId, tokens.globexAdmin, { enabled: false, role: 'Viewer' }, GLOBEX_HOST), 404, 'NotFound');
    expect(await userAsAdmin(user.userId)).toMatchObject({ role: 'Agent', enabled: true });
    expect((await get(t.app, '/api/v1/users/me', session.idToken)).statusCode).toBe(200);
  });

  it('only Company Admins: a Manager, an Agent and a Viewer get 403, no token 401, and nothing changes', async () => {
    const user = await newUser(t.db, { tenant: 'acme', role: 'Agent' });
    for (const role of ['manager', 'agent', 'viewer'] as const) {
      const problem = expectProblem(await patch(t.app, user.userId, tokens[role], { enabled: false }), 403, 'Forbidden');
      expect(problem.detail).toMatch(/may not manage User/);
    }
    expectProblem(await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${user.userId}`, payload: { enabled: false }, headers: { host: ACME_HOST } }), 401);
    expect(await userAsAdmin(user.userId)).toMatchObject({ role: 'Agent', enabled: true });
  });

  it('the last enabled Company Admin cannot demote or disable themselves (409 LastCompanyAdmin), and stays admin', async () => {
    const { admin, token, host } = await companyWithAdmin(t);
    const demote = expectProblem(await patch(t.app, admin.userId, token, { role: 'Manager' }, host), 409, 'LastCompanyAdmin');
    expect(demote.detail).toMatch(/^You are the last enabled Company Admin of Company upd\d+\w+, so you cannot be given another role\. Make another user a Company Admin first\.$/);
    expect(errorPaths(demote)).toEqual(['body.role']);
    const disable = expectProblem(await patch(t.app, admin.userId, token, { enabled: false }, host), 409, 'LastCompanyAdmin');
    expect(errorPaths(disable)).toEqual(['body.enabled']);
    const me = (await get(t.app, `/api/v1/users/${admin.userId}`, token, host)).json();
    expect(me).toMatchObject({ role: 'Company Admin', enabled: true });
    // Saying what is already true (still an admin, still enabled) is no change and is allowed.
    expect((await patch(t.app, admin.userId, token, { role: 'Company Admin', enabled: true }, host)).statusCode).toBe(200);
  });

  it('with a second admin, one may step down; then the other is the last and cannot', async () => {
    const { tenant, host, admin, token } = await companyWithAdmin(t);
    const second = await newUser(t.db, { tenant, role: 'Company Admin', firstName: 'Sec', lastName: 'Ond' });
    const demoted = await patch(t.app, admin.userId, token, { role: 'Manager' }, host);
    expect(demoted.statusCode, demoted.body).toBe(200);
    // The demoted admin's own token lost the right at once.
    expectProblem(await patch(t.app, second.userId, token, { enabled: false }, host), 403, 'Forbidden');
    const secondToken = (await signInAs(t.app, second.email, undefined, host)).idToken;
    const refused = expectProblem(await patch(t.app, second.userId, secondToken, { enabled: false }, host), 409, 'LastCompanyAdmin');
    expect(refused.detail).toMatch(/^You are the last enabled Company Admin/);
    // An admin switched off by an operator does not count: the guard looks at admins who can act.
    const third = await newUser(t.db, { tenant, role: 'Company Admin', status: 'DISABLED' });
    expect(third.userId).toBeTruthy();
    expectProblem(await patch(t.app, second.userId, secondToken, { role: 'Agent' }, host), 409, 'LastCompanyAdmin');
  });

  it('two admins switching each other off at the same moment: one wins, the company keeps an admin', async () => {
    const { tenant, host, admin, token } = await companyWithAdmin(t);
    const other = await newUser(t.db, { tenant, role: 'Company Admin' });
    const otherToken = (await signInAs(t.app, other.email, undefined, host)).idToken;
    const [a, b] = await Promise.all([
      patch(t.app, other.userId, token, { enabled: false }, host),
      patch(t.app, admin.userId, otherToken, { enabled: false }, host),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    // The loser is refused either as the last admin or, when its own disabling landed first, as
    // a caller whose session just ended; never both applied.
    expect(statuses[0], `${a.body}\n${b.body}`).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const rows = await t.db.execute(sql`select count(*)::int as n from memberships m join companies c on c.id = m.company_id
      where c.tenant_identifier = ${tenant} and m.role = 'Company Admin' and m.disabled_at is null`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('an admin may disable another admin while one enabled admin is left, and that admin\'s token stops at once', async () => {
    const { tenant, host, token } = await companyWithAdmin(t);
    const other = await newUser(t.db, { tenant, role: 'Company Admin' });
    const otherToken = (await signInAs(t.app, other.email, undefined, host)).idToken;
    expect((await patch(t.app, other.userId, token, { enabled: false }, host)).statusCode).toBe(200);
    expectProblem(await get(t.app, '/api/v1/users', otherToken, host), 401);
  });

  it('resendInvite to a disabled invitee is refused (409 UserDisabled) and sends nothing; after enabling it works', async () => {
    const email = uniqueEmail('invitee');
    const { id } = (await post(t.app, '/api/v1/users', { email, firstName: 'Ina', lastName: 'Invitee', role: 'Agent' }, { headers: bearer(tokens.admin) })).json();
    const firstPassword = temporaryPasswordIn((await latestMessage(t.messenger, email)).body);
    expect((await patch(t.app, id, tokens.admin, { enabled: false })).json()).toMatchObject({ status: 'DISABLED', enabled: false });
    // The invitation does not let a disabled invitee in either.
    expect(expectProblem(await signInAttempt(t, email, firstPassword), 401, 'NotAuthorizedException').detail).toBe('User is disabled.');
    const before = (await t.messenger.latest(10, email)).length;
    const refused = expectProblem(await post(t.app, `/api/v1/users/${id}/resendInvite`, undefined, { headers: bearer(tokens.admin) }), 409, 'UserDisabled');
    expect(refused.detail).toContain('enable them');
    expect((await t.messenger.latest(10, email)).length).toBe(before);
    expect((await patch(t.app, id, tokens.admin, { enabled: true })).json()).toMatchObject({ status: 'INVITED', enabled: true });
    expect((await post(t.app, `/api/v1/users/${id}/resendInvite`, undefined, { headers: bearer(tokens.admin) })).statusCode).toBe(200);
  });
});

// With SMTP configured and a queue, an invitation's mail and its delivery job are written in the
// invitation's transaction (like an order and its fulfilment job).
describeEachDatabase('invitation mail and its job in one transaction', (t) => {
  let adminToken: string;

  beforeAll(async () => {
    await t.messenger.attachQueue(t.queue!);
    const seeded = await seedTwoCompanies(t.db);
    adminToken = (await signInAs(t.app, seeded.users.admin.email)).idToken;
  });

  const jobsOfMessage = async (messageId: string) => {
    const result = await t.db.execute(sql`select id from pgboss.job where name = ${DELIVER_MESSAGE_JOB} and data->>'id' = ${messageId}`);
    return (result as unknown as { rows: unknown[] }).rows.length;
  };
  const invite = (email: string) => post(t.app, '/api/v1/users', { email, firstName: 'Ina', lastName: 'Invitee', role: 'Agent' }, { headers: bearer(adminToken) });

  it('a crash right after the commit loses no invitation: the mail and its job are both there', async () => {
    const email = uniqueEmail('crash');
    const crash = vi.spyOn(t.messenger, 'dispatch').mockRejectedValueOnce(new Error('the process died here'));
    try {
      expect((await invite(email)).statusCode).toBe(500);
    } finally {
      crash.mockRestore();
    }
    const [mail] = await t.messenger.latest(1, email);
    expect(mail).toMatchObject({ status: 'PENDING', subject: expect.stringContaining('You are invited') });
    expect(await jobsOfMessage(mail!.id)).toBe(1);
  });

  it('a refused invitation (a race lost to a twin) leaves neither a mail nor a job', async () => {
    const email = uniqueEmail('twin');
    const responses = await Promise.all([invite(email), invite(email), invite(email)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    const mails = await t.messenger.latest(10, email);
    expect(mails).toHaveLength(1);
    expect(await jobsOfMessage(mails[0]!.id)).toBe(1);
  });

  it('resendInvite writes the new mail with its job', async () => {
    const email = uniqueEmail('again');
    const { id } = (await invite(email)).json();
    expect((await post(t.app, `/api/v1/users/${id}/resendInvite`, undefined, { headers: bearer(adminToken) })).statusCode).toBe(200);
    const [latest] = await t.messenger.latest(1, email);
    expect(await jobsOfMessage(latest!.id)).toBe(1);
  });
}, { SMTP_URL: 'smtp://127.0.0.1:9' }, { queue: true });
