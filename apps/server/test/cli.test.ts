// The operator commands, run as functions against a fresh database, and what they do to the app.
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { KNOWN_PLUGINS } from '@clearlane/contract';
import { CliError, runCommand, USAGE, type CliContext } from '../src/cli/commands.ts';
import { findCompanyByTenant } from '../src/modules/company/company.repository.ts';
import { readSystemMessage } from '../src/modules/system/system-message.ts';
import { findUserByEmail } from '../src/identity/identity.repository.ts';
import { describeEachDatabase, expectProblem, get, latestMessage, post, signInAs, temporaryPasswordIn, uniqueEmail } from './helpers.ts';

describeEachDatabase('operator CLI', (t) => {
  let lines: string[];
  let ctx: CliContext;
  const output = () => lines.join('\n');
  const run = (...argv: string[]) => runCommand(ctx, argv);
  const failure = async (...argv: string[]) => {
    const error = await run(...argv).then(() => undefined, (caught: unknown) => caught);
    expect(error, `expected "${argv.join(' ')}" to fail`).toBeInstanceOf(CliError);
    return error as CliError;
  };

  beforeAll(() => {
    ctx = { db: t.db, config: t.config, messenger: t.messenger, out: (line) => lines.push(line) };
  });
  beforeEach(() => {
    lines = [];
  });

  it('help prints the usage of every command', async () => {
    await run('help');
    expect(output()).toBe(USAGE);
    for (const command of ['company create', 'company update', 'company list', 'user create', 'user invite', 'system-message set', 'system-message clear', 'outbox', 'demo-data']) {
      expect(USAGE).toContain(command);
    }
    lines = [];
    await run();
    expect(output()).toBe(USAGE);
  });

  it('refuses unknown commands, sub-commands and options', async () => {
    expect((await failure('frobnicate')).showUsage).toBe(true);
    expect((await failure('company')).message).toContain('create, update, list');
    expect((await failure('company', 'delete')).message).toContain('not "delete"');
    expect((await failure('company', 'list', '--bogus')).message).toContain('--bogus');
  });

  it('company create: tenant, name, domains and plugins', async () => {
    await run('company', 'create', '--tenant', 'acme', '--name', 'Acme Logistics', '--domain', 'Portal.Acme.com', '--domain', 'risk.acme.com', '--plugin', 'orders', '--plugin', 'claims');
    const company = await findCompanyByTenant(t.db, 'acme');
    expect(company).toMatchObject({ name: 'Acme Logistics', customDomains: ['portal.acme.com', 'risk.acme.com'], plugins: ['orders', 'claims'] });
    expect(output()).toContain('http://acme.localhost:3000');
    // The app sees the custom domain.
    t.services.tenancy.invalidate();
    expect((await get(t.app, '/api/v1/public/config', undefined, 'portal.acme.com')).json().tenant).toEqual({ identifier: 'acme', name: 'Acme Logistics' });
  });

  it('company create: every feature is on unless plugins are named', async () => {
    await run('company', 'create', '--tenant', 'globex', '--name', 'Globex Insurance');
    expect((await findCompanyByTenant(t.db, 'globex'))!.plugins).toEqual([...KNOWN_PLUGINS]);
  });

  it('company create: clear errors for bad input', async () => {
    expect((await failure('company', 'create', '--tenant', 'initech')).message).toBe('Missing --name.');
    expect((await failure('company', 'create', '--tenant', 'Not A Label', '--name', 'X')).message).toMatch(/^--tenant must be a DNS label/);
    expect((await failure('company', 'create', '--tenant', 'acme', '--name', 'Again')).message).toContain('already exists');
    expect((await failure('company', 'create', '--tenant', 'initech', '--name', 'I', '--plugin', 'teleport')).message).toContain('Unknown plugin(s): teleport');
    expect((await failure('company', 'create', '--tenant', 'initech', '--name', 'I', '--domain', 'https://x.com')).message).toContain('Not a host name');
    expect((await failure('company', 'create', '--tenant', 'initech', '--name', 'I', '--domain', 'portal.acme.com')).message).toContain('already serves the company "acme"');
    expect(await findCompanyByTenant(t.db, 'initech')).toBeUndefined();
  });

  it('company update changes only what is given', async () => {
    await run('company', 'update', '--tenant', 'acme', '--name', 'Acme Freight');
    expect(await findCompanyByTenant(t.db, 'acme')).toMatchObject({ name: 'Acme Freight', customDomains: ['portal.acme.com', 'risk.acme.com'], plugins: ['orders', 'claims'] });
    await run('company', 'update', '--tenant', 'acme', '--plugin', 'orders', '--no-domains');
    expect(await findCompanyByTenant(t.db, 'acme')).toMatchObject({ name: 'Acme Freight', customDomains: [], plugins: ['orders'] });
    await run('company', 'update', '--tenant', 'acme', '--name', 'Acme Logistics', '--plugin', 'orders', '--plugin', 'claims', '--domain', 'portal.acme.com');
    expect((await failure('company', 'update', '--tenant', 'acme')).message).toContain('Nothing to change');
    expect((await failure('company', 'update', '--tenant', 'nosuch', '--name', 'X')).message).toContain('No company with tenant identifier "nosuch"');
  });

  it('company list prints every company', async () => {
    await run('company', 'list');
    expect(output()).toMatch(/acme {2}Acme Logistics[\s\S]*globex {2}Globex Insurance/);
  });

  it('user create: an active user who can sign in with the given password', async () => {
    const email = uniqueEmail('operator-made');
    await run('user', 'create', '--tenant', 'acme', '--email', email, '--first-name', 'Olga', '--last-name', 'Operator', '--role', 'Company Admin', '--password', 'Operator-pass-1');
    expect(output()).toContain(`Created ${email} (Company Admin) in Acme Logistics`);
    const tokens = await signInAs(t.app, email, 'Operator-pass-1');
    const me = (await get(t.app, '/api/v1/users/me', tokens.idToken)).json();
    expect(me).toMatchObject({ firstName: 'Olga', lastName: 'Operator', companyName: 'Acme Logistics', groups: ['Company Admin'] });
  });

  it('user create: with a phone and SMS MFA the user signs in with an SMS code', async () => {
    const email = uniqueEmail('sms');
    await run('user', 'create', '--tenant', 'acme', '--email', email, '--first-name', 'S', '--last-name', 'Ms', '--role', 'Agent', '--password', 'Operator-pass-1', '--phone', '+15125550199', '--sms-mfa');
    const response = await post(t.app, '/api/v1/auth/sign-in', { email, password: 'Operator-pass-1' });
    expect(response.json().nextStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
  });

  it('user create: --require-mfa makes the user set up TOTP at sign-in', async () => {
    const email = uniqueEmail('mfa');
    await run('user', 'create', '--tenant', 'acme', '--email', email, '--first-name', 'M', '--last-name', 'Fa', '--role', 'Viewer', '--password', 'Operator-pass-1', '--require-mfa');
    const response = await post(t.app, '/api/v1/auth/sign-in', { email, password: 'Operator-pass-1' });
    expect(response.json().nextStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
  });

  it('user create: clear errors for bad input, and nothing created', async () => {
    const email = uniqueEmail('bad');
    const base = ['user', 'create', '--tenant', 'acme', '--email', email, '--first-name', 'B', '--last-name', 'Ad', '--password', 'Operator-pass-1'];
    expect((await failure(...base)).message).toBe('Missing --role.');
    expect((await failure(...base, '--role', 'Boss')).message).toMatch(/^--role: /);
    expect((await failure(...base, '--role', 'Agent', '--phone', '555')).message).toMatch(/^--phone: must be in international format/);
    expect((await failure(...base, '--role', 'Agent', '--sms-mfa')).message).toBe('--sms-mfa needs --phone.');
    expect((await failure('user', 'create', '--tenant', 'acme', '--email', email, '--first-name', 'B', '--last-name', 'Ad', '--role', 'Agent', '--password', 'abc')).message).toContain('at least 6 characters');
    expect((await failure('user', 'create', '--tenant', 'nosuch', '--email', email, '--first-name', 'B', '--last-name', 'Ad', '--role', 'Agent', '--password', 'Operator-pass-1')).message).toContain('No company');
    expect(await findUserByEmail(t.db, email)).toBeUndefined();
  });

  it('user invite works like POST /users: the temporary password arrives in the outbox', async () => {
    const email = uniqueEmail('cli-invite');
    await run('user', 'invite', '--tenant', 'acme', '--email', email, '--first-name', 'Ian', '--last-name', 'Invited', '--role', 'Manager');
    expect(output()).toContain(`outbox --to ${email}`);
    const mail = await latestMessage(t.messenger, email);
    expect(mail.subject).toBe('You are invited to Acme Logistics on Clearlane');
    const temporary = temporaryPasswordIn(mail.body);
    const first = (await post(t.app, '/api/v1/auth/sign-in', { email, password: temporary })).json();
    expect(first.nextStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const chosen = (await post(t.app, '/api/v1/auth/sign-in/confirm', { session: first.session, challengeResponse: 'My-own-password-1' })).json();
    expect(chosen.nextStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
  });

  it('user invite: --no-require-mfa, and a second invite of the same user is refused', async () => {
    const email = uniqueEmail('cli-nomfa');
    await run('user', 'invite', '--tenant', 'acme', '--email', email, '--first-name', 'N', '--last-name', 'M', '--role', 'Viewer', '--no-require-mfa');
    const temporary = temporaryPasswordIn((await latestMessage(t.messenger, email)).body);
    const first = (await post(t.app, '/api/v1/auth/sign-in', { email, password: temporary })).json();
    expect((await post(t.app, '/api/v1/auth/sign-in/confirm', { session: first.session, challengeResponse: 'My-own-password-1' })).json().nextStep).toBe('DONE');
    expect((await failure('user', 'invite', '--tenant', 'acme', '--email', email, '--first-name', 'N', '--last-name', 'M', '--role', 'Viewer')).message).toContain('already a user of Acme Logistics');
    expect((await failure('user', 'invite', '--tenant', 'acme', '--email', uniqueEmail(), '--role', 'Viewer')).message).toBe('Missing --first-name, --last-name.');
  });

  it('user invite: an existing user of another company is added without a new password', async () => {
    const email = uniqueEmail('two-companies');
    await run('user', 'create', '--tenant', 'globex', '--email', email, '--first-name', 'T', '--last-name', 'C', '--role', 'Agent', '--password', 'Operator-pass-1');
    await run('user', 'invite', '--tenant', 'acme', '--email', email, '--role', 'Viewer');
    expect((await latestMessage(t.messenger, email)).subject).toContain('You now have access to Acme Logistics');
    const tokens = await signInAs(t.app, email, 'Operator-pass-1');
    expect((await get(t.app, '/api/v1/users/me', tokens.idToken)).json().companies).toHaveLength(2);
  });

  it('system-message set and clear reach /hub/system-message', async () => {
    await run('system-message', 'set', 'Maintenance tonight at 22:00 UTC', '--severity', 'critical');
    expect((await get(t.app, '/hub/system-message')).json()).toMatchObject({ message: 'Maintenance tonight at 22:00 UTC', severity: 'critical' });
    await run('system-message', 'set', 'Back to normal');
    expect(await readSystemMessage(t.db)).toMatchObject({ message: 'Back to normal', severity: 'info' });
    expect((await failure('system-message', 'set', 'x', '--severity', 'loud')).message).toContain('--severity must be info, warning or critical');
    expect((await failure('system-message', 'set')).message).toContain('Give the message text');
    expect((await failure('system-message', 'set', 'a', 'b')).message).toContain('Unexpected argument: b');
    await run('system-message', 'clear');
    expect((await get(t.app, '/hub/system-message')).json().message).toBeNull();
  });

  it('outbox prints the newest messages, filtered by recipient', async () => {
    const user = uniqueEmail('reader');
    await run('user', 'create', '--tenant', 'acme', '--email', user, '--first-name', 'R', '--last-name', 'Eader', '--role', 'Agent', '--password', 'Operator-pass-1');
    await post(t.app, '/api/v1/auth/forgot-password', { email: user });
    lines = [];
    await run('outbox', '--to', user);
    expect(output()).toContain(`EMAIL to ${user}`);
    expect(output()).toMatch(/Your password reset code is \d{6}/);
    lines = [];
    await run('outbox', '--limit', '1');
    expect(lines.filter((line) => line.startsWith('── '))).toHaveLength(1);
    lines = [];
    await run('outbox', '--to', 'nobody@nowhere.test');
    expect(output()).toBe('No messages to nobody@nowhere.test.');
    expect((await failure('outbox', '--limit', 'many')).message).toContain('--limit');
    expectProblem(await get(t.app, '/api/v1/users/me', 'x'), 401);
  });

  it('demo-data only seeds an empty database', async () => {
    await run('demo-data');
    expect(output()).toContain('only added to an empty database');
  });
});

describeEachDatabase('operator CLI on an empty database', (t) => {
  it('demo-data seeds the demo companies and users', async () => {
    const lines: string[] = [];
    await runCommand({ db: t.db, config: t.config, messenger: t.messenger, out: (line) => lines.push(line) }, ['demo-data']);
    expect(lines.join('\n')).toContain('Clearlane-demo-1');
    for (const email of ['admin@acme.test', 'manager@acme.test', 'agent@acme.test', 'viewer@acme.test', 'admin@globex.test']) {
      const host = email.endsWith('globex.test') ? 'globex.localhost:3000' : 'acme.localhost:3000';
      await signInAs(t.app, email, 'Clearlane-demo-1', host);
    }
  });
});
