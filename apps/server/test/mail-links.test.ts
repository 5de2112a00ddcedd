// Mail that reaches people (issue 13): every link a mail carries opens the company's own host
// (<tenant>.<ROOT_DOMAIN>, or its custom domain), where the reader signs in to the right company,
// never the portal's bare root host; and a message kept in the outbox is shown, once committed,
// to whatever the server hands it to (main.ts prints it to the log on the embedded database).
import { beforeAll, expect, it } from 'vitest';
import { outbox } from '../src/db/schema.ts';
import type { HeldMessage } from '../src/mail/messenger.ts';
import { ACME_HOST, bearer, describeEachDatabase, latestMessage, newCompany, newUser, post, seedTwoCompanies, signInAs, uniqueEmail } from './helpers.ts';

const CUSTOM_HOST = 'portal.initech.test';

describeEachDatabase('mail links', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  let acmeAdmin: string;
  let initechAdmin: string;
  const shown: HeldMessage[] = [];

  const invite = (token: string, host: string, body: Record<string, unknown>) => post(t.app, '/api/v1/users', body, { headers: { host, ...bearer(token) } });
  const invitee = () => ({ email: uniqueEmail('invitee'), firstName: 'Ina', lastName: 'Invitee', role: 'Agent' });

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    await newCompany(t.db, 'initech', 'Initech', { customDomains: [CUSTOM_HOST, 'second.initech.test'] });
    const admin = await newUser(t.db, { tenant: 'initech', role: 'Company Admin' });
    acmeAdmin = (await signInAs(t.app, seeded.users.admin.email)).idToken;
    initechAdmin = (await signInAs(t.app, admin.email, undefined, CUSTOM_HOST)).idToken;
    t.messenger.showHeldMessages((message) => shown.push(message));
  });

  it('an invitation, and a new one sent again, link to the company\'s own host', async () => {
    const body = invitee();
    const response = await invite(acmeAdmin, ACME_HOST, body);
    expect(response.statusCode, response.body).toBe(201);
    expect((await latestMessage(t.messenger, body.email)).body).toContain(`Sign in at http://${ACME_HOST}/login with`);

    const again = await post(t.app, `/api/v1/users/${response.json().id}/resendInvite`, undefined, { headers: { host: ACME_HOST, ...bearer(acmeAdmin) } });
    expect(again.statusCode, again.body).toBe(200);
    expect((await latestMessage(t.messenger, body.email)).body).toContain(`Sign in at http://${ACME_HOST}/login with`);
  });

  it('a company with a custom domain is reached at its first one, for a new user and for one added from another company', async () => {
    const body = invitee();
    expect((await invite(initechAdmin, CUSTOM_HOST, body)).statusCode).toBe(201);
    expect((await latestMessage(t.messenger, body.email)).body).toContain(`Sign in at http://${CUSTOM_HOST}/login with`);

    // Acme's agent already has a password: the mail says where to use it.
    expect((await invite(initechAdmin, CUSTOM_HOST, { ...invitee(), email: seeded.users.agent.email })).statusCode).toBe(201);
    const added = await latestMessage(t.messenger, seeded.users.agent.email);
    expect(added.subject).toBe('You now have access to Initech on Clearlane');
    expect(added.body).toContain(`Sign in at http://${CUSTOM_HOST}/login with your existing password.`);
  });

  it('no mail in the outbox links to the portal\'s root host, and each kept message was shown once committed', async () => {
    // A password reset code too (it carries a code, not a link).
    await post(t.app, '/api/v1/auth/forgot-password', { email: seeded.users.viewer.email }, { headers: { host: ACME_HOST } });
    const messages = await t.db.select().from(outbox);
    const links = messages.flatMap((message) => message.body.match(/https?:\/\/[^\s]+/g) ?? []);
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const link of links) expect(link).toMatch(new RegExp(`^http://(${ACME_HOST}|${CUSTOM_HOST})/`));
    expect(shown.map((message) => message.id).sort()).toEqual(messages.filter((message) => message.status === 'HELD').map((message) => message.id).sort());
    expect(shown.every((message) => message.status === 'HELD')).toBe(true);
  });
});
