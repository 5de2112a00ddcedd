// /api/v1/users: the current user, the list (page, sort, size, filter), invitations and resending
// them; each with bad input, another company's admin, and the roles that may not.
import { beforeAll, expect, it } from 'vitest';
import { ROLE_NAMES } from '@clearlane/contract';
import {
  GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, get, latestMessage, newUser, post, seedTwoCompanies,
  signInAs, temporaryPasswordIn, uniqueEmail,
} from './helpers.ts';

describeEachDatabase('users', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens: Record<'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin', string> = {} as never;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    for (const key of Object.keys(seeded.users) as (keyof typeof seeded.users)[]) {
      tokens[key] = (await signInAs(t.app, seeded.users[key].email, undefined, key === 'globexAdmin' ? GLOBEX_HOST : undefined)).idToken;
    }
  });

  const invite = (token: string, body: Record<string, unknown>) => post(t.app, '/api/v1/users', body, { headers: bearer(token) });
  const resend = (token: string, id: string) => post(t.app, `/api/v1/users/${id}/resendInvite`, undefined, { headers: bearer(token) });
  const invitee = () => ({ email: uniqueEmail('invitee'), firstName: 'Ina', lastName: 'Invitee', role: 'Agent' });

  // --- GET /users/me ---

  it('GET /users/me returns every field of the current user (SPEC.md §3)', async () => {
    const response = await get(t.app, '/api/v1/users/me', tokens.manager);
    expect(response.statusCode, response.body).toBe(200);
    const me = response.json();
    expect(me).toEqual({
      id: seeded.users.manager.userId,
      email: seeded.users.manager.email,
      firstName: 'Max',
      lastName: 'Manager',
      companyId: seeded.acme.id,
      companyName: 'Acme Logistics',
      companies: [{ companyId: seeded.acme.id, companyName: 'Acme Logistics', tenantIdentifier: 'acme', role: 'Manager' }],
      roles: [{ name: 'Manager', permissions: expect.any(Array) }],
      tenantIdentifier: 'acme',
      groups: ['Manager'],
      phoneNumber: null,
      mfa: { totpEnabled: false, smsEnabled: false },
    });
    expect(me.roles[0].permissions).toEqual(expect.arrayContaining([{ action: 'view', subject: 'User' }, { action: 'manage', subject: 'Order' }]));
    for (const permission of me.roles[0].permissions) expect(Object.keys(permission).sort()).toEqual(['action', 'subject']);
  });

  it('GET /users/me of every role carries that role and its permissions', async () => {
    const admin = (await get(t.app, '/api/v1/users/me', tokens.admin)).json();
    expect(admin.roles).toEqual([{ name: 'Company Admin', permissions: [{ action: 'manage', subject: 'ANY' }] }]);
    const viewer = (await get(t.app, '/api/v1/users/me', tokens.viewer)).json();
    expect(viewer.groups).toEqual(['Viewer']);
    expect(viewer.roles[0].permissions).not.toContainEqual({ action: 'view', subject: 'User' });
    const globex = (await get(t.app, '/api/v1/users/me', tokens.globexAdmin, GLOBEX_HOST)).json();
    expect(globex).toMatchObject({ companyId: seeded.globex.id, companyName: 'Globex Insurance', tenantIdentifier: 'globex' });
  });

  it('GET /users/me without a token is 401', async () => {
    expectProblem(await get(t.app, '/api/v1/users/me'), 401, 'UserUnAuthenticatedException');
  });

  // --- GET /users ---

  it('GET /users lists the users of my company only, with page metadata', async () => {
    const response = await get(t.app, '/api/v1/users?sort=email,asc', tokens.admin);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const emails = body.content.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([seeded.users.admin.email, seeded.users.manager.email, seeded.users.agent.email, seeded.users.viewer.email]));
    expect(emails).not.toContain(seeded.users.globexAdmin.email);
    expect(emails).toEqual([...emails].sort());
    expect(body.page).toEqual({ number: 0, size: 20, totalElements: body.content.length, totalPages: 1 });
    const row = body.content.find((u: { email: string }) => u.email === seeded.users.viewer.email);
    expect(row).toEqual({
      id: seeded.users.viewer.userId, email: seeded.users.viewer.email, firstName: 'Vic', lastName: 'Viewer', role: 'Viewer',
      status: 'ACTIVE', enabled: true, mfaEnabled: false, mfaFactors: [], invitedAt: null, lastSignInAt: expect.any(String), createdAt: expect.any(String),
    });
    // Nothing undeclared leaks.
    expect(JSON.stringify(body)).not.toMatch(/password|totp|hash/i);
  });

  it('GET /users pages with page and size', async () => {
    const all = (await get(t.app, '/api/v1/users?sort=email&size=100', tokens.admin)).json();
    const total = all.page.totalElements as number;
    const page1 = (await get(t.app, '/api/v1/users?sort=email&size=2&page=1', tokens.admin)).json();
    expect(page1.page).toEqual({ number: 1, size: 2, totalElements: total, totalPages: Math.ceil(total / 2) });
    expect(page1.content.map((u: { id: string }) => u.id)).toEqual(all.content.slice(2, 4).map((u: { id: string }) => u.id));
    const beyond = (await get(t.app, '/api/v1/users?size=2&page=50', tokens.admin)).json();
    expect(beyond.content).toEqual([]);
    expect(beyond.page.totalElements).toBe(total);
  });

  it('GET /users sorts by one or more fields', async () => {
    const byFirstNameDesc = (await get(t.app, '/api/v1/users?sort=firstName,desc&size=100', tokens.admin)).json();
    const names = byFirstNameDesc.content.map((u: { firstName: string }) => u.firstName.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    const byRoleThenEmail = (await get(t.app, '/api/v1/users?sort=role,asc&sort=email,desc&size=100', tokens.admin));
    expect(byRoleThenEmail.statusCode, byRoleThenEmail.body).toBe(200);
    const rows = byRoleThenEmail.json().content as { role: string; email: string }[];
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(a.role <= b.role).toBe(true);
      if (a.role === b.role) expect(a.email >= b.email).toBe(true);
    }
  });

  it('GET /users filters by text, role and status', async () => {
    const ada = (await get(t.app, '/api/v1/users?filter=ADA%20adm', tokens.admin)).json();
    expect(ada.content.map((u: { email: string }) => u.email)).toEqual([seeded.users.admin.email]);
    const viewers = (await get(t.app, '/api/v1/users?role=Viewer', tokens.admin)).json();
    expect(viewers.content.every((u: { role: string }) => u.role === 'Viewer')).toBe(true);
    expect(viewers.content.map((u: { email: string }) => u.email)).toContain(seeded.users.viewer.email);
    const wildcard = (await get(t.app, '/api/v1/users?filter=%25', tokens.admin)).json();
    expect(wildcard.content).toEqual([]); // a literal %, not "everything"
    const { email } = invitee();
    expect((await invite(tokens.admin, { ...invitee(), email })).statusCode).toBe(201);
    const invited = (await get(t.app, '/api/v1/users?status=INVITED&size=100', tokens.admin)).json();
    expect(invited.content.map((u: { email: string }) => u.email)).toContain(email);
    expect(invited.content.every((u: { status: string }) => u.status === 'INVITED')).toBe(true);
  });

  it('GET /users answers bad input with a 400 naming the query field', async () => {
    const badSort = expectProblem(await get(t.app, '/api/v1/users?sort=passwordHash,asc', tokens.admin), 400, 'ValidationError');
    expect(errorPaths(badSort)).toEqual(['query.sort']);
    expect(badSort.errors![0]!.message).toContain('passwordHash');
    const malformedSort = expectProblem(await get(t.app, '/api/v1/users?sort=email;drop', tokens.admin), 400, 'ValidationError');
    expect(errorPaths(malformedSort)[0]).toMatch(/^query\.sort/);
    const tooBig = expectProblem(await get(t.app, '/api/v1/users?size=1000', tokens.admin), 400, 'ValidationError');
    expect(errorPaths(tooBig)).toEqual(['query.size']);
    const negative = expectProblem(await get(t.app, '/api/v1/users?page=-1', tokens.admin), 400, 'ValidationError');
    expect(errorPaths(negative)).toEqual(['query.page']);
    const role = expectProblem(await get(t.app, '/api/v1/users?role=Boss', tokens.admin), 400, 'ValidationError');
    expect(errorPaths(role)).toEqual(['query.role']);
  });

  it('GET /users: a Manager may, an Agent and a Viewer may not', async () => {
    expect((await get(t.app, '/api/v1/users', tokens.manager)).statusCode).toBe(200);
    expectProblem(await get(t.app, '/api/v1/users', tokens.agent), 403, 'Forbidden');
    const viewer = expectProblem(await get(t.app, '/api/v1/users', tokens.viewer), 403, 'Forbidden');
    expect(viewer.detail).toContain('Viewer');
    expectProblem(await get(t.app, '/api/v1/users'), 401, 'UserUnAuthenticatedException');
  });

  // --- GET /users/:id ---

  it('GET /users/:id: mine 200, another company\'s 404, a bad id 400', async () => {
    const mine = await get(t.app, `/api/v1/users/${seeded.users.agent.userId}`, tokens.admin);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().email).toBe(seeded.users.agent.email);
    expectProblem(await get(t.app, `/api/v1/users/${seeded.users.agent.userId}`, tokens.globexAdmin, GLOBEX_HOST), 404, 'NotFound');
    expectProblem(await get(t.app, `/api/v1/users/${seeded.users.agent.userId}`, tokens.viewer), 403);
    const bad = expectProblem(await get(t.app, '/api/v1/users/not-a-uuid', tokens.admin), 400, 'ValidationError');
    expect(errorPaths(bad)).toEqual(['params.id']);
  });

  // --- POST /users ---

  it('POST /users invites a user: 201, INVITED, and a mail with a temporary password', async () => {
    const body = { ...invitee(), role: 'Viewer' };
    const response = await invite(tokens.admin, { ...body, email: body.email.toUpperCase(), firstName: '  Ina ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ email: body.email, firstName: 'Ina', role: 'Viewer', status: 'INVITED', invitedAt: expect.any(String), lastSignInAt: null });
    const mail = await latestMessage(t.messenger, body.email);
    expect(mail.subject).toBe('You are invited to Acme Logistics on Clearlane');
    expect(mail.body).toContain('Ada Admin invited you');
    const temporary = temporaryPasswordIn(mail.body);
    expect(temporary.length).toBeGreaterThanOrEqual(14);
    const signIn = await post(t.app, '/api/v1/auth/sign-in', { email: body.email, password: temporary });
    expect(signIn.json().nextStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
  });

  it('POST /users answers bad input with a 400 naming every field', async () => {
    const before = (await get(t.app, '/api/v1/users?size=100', tokens.admin)).json().page.totalElements;
    const problem = expectProblem(await invite(tokens.admin, { email: 'nope', firstName: '', role: 'Boss', phoneNumber: '555' }), 400, 'ValidationError');
    expect(errorPaths(problem)).toEqual(expect.arrayContaining(['body.email', 'body.firstName', 'body.lastName', 'body.role', 'body.phoneNumber']));
    expect((await get(t.app, '/api/v1/users?size=100', tokens.admin)).json().page.totalElements).toBe(before);
    const tooLong = expectProblem(await invite(tokens.admin, { ...invitee(), firstName: 'x'.repeat(81) }), 400, 'ValidationError');
    expect(errorPaths(tooLong)).toEqual(['body.firstName']);
  });

  it('POST /users refuses a user who already belongs to my company (409)', async () => {
    const problem = expectProblem(await invite(tokens.admin, { ...invitee(), email: seeded.users.agent.email }), 409, 'UserAlreadyExists');
    expect(errorPaths(problem)).toEqual(['body.email']);
  });

  it('POST /users twice at once: one invitation, the other a 409, never a 5xx', async () => {
    const body = invitee();
    const responses = await Promise.all([invite(tokens.admin, body), invite(tokens.admin, body), invite(tokens.admin, body)]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses, responses.map((response) => response.body).join('\n')).toEqual([201, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) expectProblem(response, 409, 'UserAlreadyExists');
    expect(await t.messenger.latest(10, body.email)).toHaveLength(1);
  });

  it('POST /users adds a user of another company to mine without touching their password', async () => {
    const outsider = await newUser(t.db, { tenant: 'globex', role: 'Agent' });
    const response = await invite(tokens.admin, { ...invitee(), email: outsider.email, firstName: 'Renamed' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ email: outsider.email, status: 'ACTIVE', role: 'Agent' });
    const mail = await latestMessage(t.messenger, outsider.email);
    expect(mail.subject).toContain('You now have access to Acme Logistics');
    expect(mail.body).not.toMatch(/temporary password/);
    const tokensAtAcme = await signInAs(t.app, outsider.email, outsider.password);
    const me = (await get(t.app, '/api/v1/users/me', tokensAtAcme.idToken)).json();
    expect(me.firstName).toBe('Test');
    expect(me.companies).toHaveLength(2);
  });

  it('POST /users: an Agent, a Viewer and a Manager may not invite (403), and nothing is created', async () => {
    for (const role of ['agent', 'viewer', 'manager'] as const) {
      const body = invitee();
      expectProblem(await invite(tokens[role], body), 403, 'Forbidden');
      expect(await t.messenger.latest(1, body.email)).toEqual([]);
    }
    expectProblem(await invite('', invitee()), 401);
  });

  it('POST /users only invites into my own company, whatever the body says', async () => {
    const body = { ...invitee(), companyId: seeded.acme.id };
    const response = await invite(tokens.globexAdmin, body);
    expect(response.statusCode, response.body).toBe(201);
    const acmeList = (await get(t.app, `/api/v1/users?filter=${encodeURIComponent(body.email)}`, tokens.admin)).json();
    expect(acmeList.content).toEqual([]);
    const globexList = (await get(t.app, `/api/v1/users?filter=${encodeURIComponent(body.email)}`, tokens.globexAdmin, GLOBEX_HOST)).json();
    expect(globexList.content).toHaveLength(1);
  });

  // --- POST /users/:id/resendInvite ---

  it('resendInvite sends a new temporary password; the old one stops working', async () => {
    const body = invitee();
    const { id } = (await invite(tokens.admin, body)).json();
    const oldPassword = temporaryPasswordIn((await latestMessage(t.messenger, body.email)).body);
    const response = await resend(tokens.admin, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, status: 'INVITED' });
    const newPassword = temporaryPasswordIn((await latestMessage(t.messenger, body.email)).body);
    expect(newPassword).not.toBe(oldPassword);
    expectProblem(await post(t.app, '/api/v1/auth/sign-in', { email: body.email, password: oldPassword }), 401, 'NotAuthorizedException');
    expect((await post(t.app, '/api/v1/auth/sign-in', { email: body.email, password: newPassword })).json().nextStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
  });

  it('resendInvite: 409 for an active user, 404 for an unknown id, 400 for a bad id', async () => {
    const active = expectProblem(await resend(tokens.admin, seeded.users.agent.userId), 409, 'UserAlreadyActive');
    expect(active.detail).toContain(seeded.users.agent.email);
    expectProblem(await resend(tokens.admin, '01890000-0000-7000-8000-000000000000'), 404, 'NotFound');
    const bad = expectProblem(await resend(tokens.admin, 'nope'), 400, 'ValidationError');
    expect(errorPaths(bad)).toEqual(['params.id']);
  });

  it('resendInvite: another company\'s admin gets 404 and the invitation is unchanged', async () => {
    const body = invitee();
    const { id } = (await invite(tokens.admin, body)).json();
    const password = temporaryPasswordIn((await latestMessage(t.messenger, body.email)).body);
    const messagesBefore = (await t.messenger.latest(10, body.email)).length;
    expectProblem(await resend(tokens.globexAdmin, id), 404, 'NotFound');
    expect((await t.messenger.latest(10, body.email)).length).toBe(messagesBefore);
    expect((await post(t.app, '/api/v1/auth/sign-in', { email: body.email, password })).json().nextStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
  });

  it('resendInvite: only roles that may invite', async () => {
    const body = invitee();
    const { id } = (await invite(tokens.admin, body)).json();
    for (const role of ['manager', 'agent', 'viewer'] as const) expectProblem(await resend(tokens[role], id), 403, 'Forbidden');
  });

  it('every role name of the contract can be invited', async () => {
    for (const role of ROLE_NAMES) {
      const response = await invite(tokens.admin, { ...invitee(), role });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().role).toBe(role);
    }
  });
});
