// `npm run cli -- sso ...`: an operator configures a company's OpenID provider (checked against a
// real provider on loopback), reads it back, and removes it.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { CliError, runCommand, type CliContext } from '../src/cli/commands.ts';
import { describeEachDatabase, get, newCompany, newUser, post, signInAs, TEST_PASSWORD } from './helpers.ts';
import { startTestProvider, type TestProvider } from './support/oidc-test-provider.ts';

let idp: TestProvider;
beforeAll(async () => {
  idp = await startTestProvider([{ clientId: 'cli-client', clientSecret: 'cli-secret-value', redirectUris: ['http://acme.localhost:3000/api/v1/auth/sso/callback'] }]);
});
afterAll(async () => {
  await idp?.close();
});

describeEachDatabase('operator CLI: sso', (t) => {
  let lines: string[];
  let ctx: CliContext;
  const run = (...argv: string[]) => runCommand(ctx, argv);
  const failure = async (...argv: string[]) => {
    const error = await run(...argv).then(() => undefined, (caught: unknown) => caught);
    expect(error, `expected "${argv.join(' ')}" to fail`).toBeInstanceOf(CliError);
    return (error as CliError).message;
  };

  beforeAll(async () => {
    ctx = { db: t.db, config: t.config, messenger: t.messenger, out: (line) => lines.push(line) };
    await newCompany(t.db, 'acme', 'Acme Logistics');
    await newUser(t.db, { tenant: 'acme', role: 'Company Admin', email: 'root@acme.test' });
    await newUser(t.db, { tenant: 'acme', role: 'Agent', email: 'staff@acme.test' });
  });
  beforeEach(() => {
    lines = [];
  });

  it('set checks its flags and the provider, show prints it, remove forgets it', async () => {
    expect(await failure('sso', 'set', '--tenant', 'acme')).toContain('--issuer');
    expect(await failure('sso', 'set', '--tenant', 'acme', '--issuer', 'http://example.com', '--client-id', 'x', '--domain', 'acme.test')).toMatch(/--issuer: must use https/);
    expect(await failure('sso', 'set', '--tenant', 'acme', '--issuer', idp.issuer, '--client-id', 'x', '--domain', 'acme.test', '--map', 'nothing')).toMatch(/--map needs/);
    expect(await failure('sso', 'set', '--tenant', 'acme', '--issuer', 'http://127.0.0.1:9', '--client-id', 'x', '--domain', 'acme.test')).toMatch(/--issuer: has no usable OpenID discovery document/);
    expect(await failure('sso', 'set', '--tenant', 'nope', '--issuer', idp.issuer, '--client-id', 'x', '--domain', 'acme.test')).toContain('nope');

    await run('sso', 'set', '--tenant', 'acme', '--issuer', idp.issuer, '--client-id', 'cli-client', '--client-secret', 'cli-secret-value', '--domain', 'acme.test',
      '--role-claim', 'groups', '--map', 'admins=Company Admin', '--jit', '--default-role', 'Agent', '--require-sso', '--break-glass', 'root@acme.test');
    const printed = lines.join('\n');
    expect(printed).toContain(`issuer ${idp.issuer}; client cli-client (secret stored)`);
    expect(printed).toContain('admins → Company Admin');
    expect(printed).toContain('passwords: refused, except for root@acme.test');
    expect(printed).toContain('redirect URI http://acme.localhost:3000/api/v1/auth/sso/callback');
    expect(printed).not.toContain('cli-secret-value');

    // It is in force: the domain goes to the provider, and passwords are refused but to the break-glass admin.
    expect((await post(t.app, '/api/v1/auth/sign-in/discover', { email: 'staff@acme.test' })).json().method).toBe('SSO');
    expect((await post(t.app, '/api/v1/auth/sign-in', { email: 'staff@acme.test', password: TEST_PASSWORD })).statusCode).toBe(401);
    const root = await signInAs(t.app, 'root@acme.test');
    expect((await get(t.app, '/api/v1/company/me/sso', root.idToken)).json().config.requireSso).toBe(true);

    lines = [];
    await run('sso', 'show', '--tenant', 'acme');
    expect(lines.join('\n')).toContain('email domains: acme.test');
    lines = [];
    await run('sso', 'remove', '--tenant', 'acme');
    expect(lines.join('\n')).toContain('removed');
    expect((await post(t.app, '/api/v1/auth/sign-in/discover', { email: 'staff@acme.test' })).json().method).toBe('PASSWORD');
    expect((await post(t.app, '/api/v1/auth/sign-in', { email: 'staff@acme.test', password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});
