// Operator commands: companies, users, the system message, the outbox and demo data. Each command
// is a function of (database, settings, arguments) that prints through `out`, so tests run them
// against an in-memory database; cli.ts only opens the database and maps errors to exit codes.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ZodError } from 'zod';
import {
  CreateUserBodySchema, KNOWN_PLUGINS, MAX_DOT_NUMBERS_PER_SCORING, ROLE_NAMES, ScoreDotsBodySchema, SsoConfigBodySchema, SystemMessageSchema, TenantIdentifierSchema,
  type PluginName,
} from '@clearlane/contract';
import type { Config } from '../config/config.ts';
import { passwordPolicyOf } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { findUserByEmail } from '../identity/identity.repository.ts';
import { assertPasswordPolicy } from '../identity/passwords.ts';
import { HandoffService } from '../identity/handoff.service.ts';
import { SignInService } from '../identity/sign-in.service.ts';
import { SsoService } from '../identity/sso/sso.service.ts';
import { TokenService } from '../identity/tokens.ts';
import { TenancyService } from '../modules/tenancy/tenancy.service.ts';
import type { Queue } from '../jobs/queue.ts';
import { outboxLines, type Messenger } from '../mail/messenger.ts';
import { describeSweep, MonitoringEngine } from '../modules/monitoring/monitoring-engine.jobs.ts';
import { sandboxMonitoringProvider } from '../providers/monitoring/sandbox-monitoring-provider.ts';
import { CarrierScoring, scoreNow } from '../modules/scores/scores.jobs.ts';
import { carrierDataProviderFrom } from '../providers/carrier-data/carrier-data-providers.ts';
import { findCompanyByTenant, listCompanies, updateCompany, type CompanyRow } from '../modules/company/company.repository.ts';
import { writeSystemMessage } from '../modules/system/system-message.ts';
import { UsersService } from '../modules/users/users.service.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from '../seed/demo.ts';
import { createActiveUser, upsertCompany, validatePlugins } from '../seed/operator.ts';

/** Bad input from the operator: printed as is, exit code 1. */
export class CliError extends Error {
  constructor(message: string, public readonly showUsage = false) {
    super(message);
    this.name = 'CliError';
  }
}

export interface CliContext {
  db: Database;
  config: Config;
  messenger: Messenger;
  out: (line: string) => void;
  /** Starts the job queue on first use (commands that write jobs); cli.ts stops it at the end. */
  openQueue?: () => Promise<Queue>;
}

export const USAGE = `Clearlane operator commands

Usage: npm run cli -- <command> [options]

Companies
  company create --tenant <id> --name <name> [--domain <host> ...] [--plugin <name> ...]
      Creates a company. Without --plugin every feature is on.
  company update --tenant <id> [--name <name>] [--domain <host> ... | --no-domains] [--plugin <name> ... | --no-plugins]
      Changes a company; --domain and --plugin replace the whole list.
  company list

Users
  user create --tenant <id> --email <email> --first-name <name> --last-name <name> --role <role> --password <password>
              [--phone <+15125550123>] [--sms-mfa] [--require-mfa]
      Creates an active user with a known password (or adds an existing user to the company).
  user invite --tenant <id> --email <email> --first-name <name> --last-name <name> --role <role>
              [--phone <+15125550123>] [--no-require-mfa]
      Invites a user exactly like POST /api/v1/users: a temporary password goes to the outbox.

System message (the banner of every portal)
  system-message set "<text>" [--severity info|warning|critical]
  system-message clear

Mail and SMS
  outbox [--to <email or phone>] [--limit 20]
      Prints the newest messages: invitations, sign-in and reset codes.

Driver monitoring
  monitoring sweep
      Runs one monitoring sweep now (as the scheduled job does) and prints what it did.

DOT quality scores
  dots score <tenant> [<dotNumber> ...]
      Scores the company's DOT numbers now with the configured provider (DOT_PROVIDER), or only
      those given (they join its list as watched), and prints each one's result.

Single sign-on (a company's own OpenID Connect provider)
  sso show --tenant <id>
      Prints the company's configuration and the addresses to register at the provider.
  sso set --tenant <id> --issuer <url> --client-id <id> [--client-secret <secret>] --domain <email domain> ...
          [--role-claim <claim>] [--map <claim value>=<role> ...] [--jit] [--default-role <role>]
          [--require-sso --break-glass <admin email>] [--disabled]
      Saves it (the issuer's discovery document is fetched and checked). Without --client-secret the
      stored secret is kept. Unknown users are created at first sign-in only with --jit.
  sso remove --tenant <id>
      Switches single sign-on off and forgets its configuration.

Other
  demo-data     Seeds the demo companies and users into an empty database.
  help          Prints this text.

Roles: ${ROLE_NAMES.map((role) => `"${role}"`).join(', ')}
Plugins: ${KNOWN_PLUGINS.join(', ')}
Settings come from the environment, as for the server (DATA_DIR, DATABASE_URL, ...).`;

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs with operator-friendly errors. */
function parse<T extends Options>(args: string[], options: T, positionals = 0) {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true, allowNegative: true });
    if (parsed.positionals.length > positionals) throw new CliError(`Unexpected argument: ${parsed.positionals[positionals]}`, true);
    return parsed;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError((error as Error).message.replace(/\. To specify a positional argument.*$/s, '.'), true);
  }
}

function required(values: Record<string, unknown>, ...names: string[]) {
  const missing = names.filter((name) => values[name] === undefined || values[name] === '');
  if (missing.length > 0) throw new CliError(`Missing ${missing.map((name) => `--${name}`).join(', ')}.`, true);
}

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

function checkDomains(domains: string[]): string[] {
  const cleaned = domains.map((domain) => domain.trim().toLowerCase().replace(/\.$/, ''));
  const bad = cleaned.filter((domain) => !HOSTNAME.test(domain));
  if (bad.length > 0) throw new CliError(`Not a host name: ${bad.join(', ')} (e.g. portal.acme.com, no scheme or port).`);
  return [...new Set(cleaned)];
}

/** A custom domain serves one company: the host → tenant map must stay unambiguous. */
async function assertDomainsFree(db: Database, domains: string[], tenantIdentifier: string) {
  for (const company of await listCompanies(db)) {
    if (company.tenantIdentifier === tenantIdentifier) continue;
    const taken = company.customDomains.filter((domain) => domains.includes(domain));
    if (taken.length > 0) throw new CliError(`${taken.join(', ')} already serves the company "${company.tenantIdentifier}".`);
  }
}

function checkPlugins(plugins: string[]): PluginName[] {
  try {
    return validatePlugins(plugins);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}

function checkTenant(value: string): string {
  const parsed = TenantIdentifierSchema.safeParse(value);
  if (!parsed.success) throw new CliError(`--tenant ${parsed.error.issues[0]?.message ?? 'is not valid'}.`);
  return parsed.data;
}

async function companyOf(db: Database, tenant: string): Promise<CompanyRow> {
  const company = await findCompanyByTenant(db, checkTenant(tenant));
  if (!company) throw new CliError(`No company with tenant identifier "${tenant}". See: company list`);
  return company;
}

const describeCompany = (company: Pick<CompanyRow, 'tenantIdentifier' | 'name' | 'customDomains' | 'plugins'>, config: Config) =>
  `${company.tenantIdentifier}  ${company.name}\n  portal:  http://${company.tenantIdentifier}.${config.ROOT_DOMAIN}${config.ROOT_DOMAIN === 'localhost' ? `:${config.PORT}` : ''}` +
  `${company.customDomains.length > 0 ? `\n  domains: ${company.customDomains.join(', ')}` : ''}` +
  `\n  plugins: ${company.plugins.length > 0 ? company.plugins.join(', ') : '(none)'}`;

/** Zod problems of an input, as "--flag: message" lines. */
function zodProblem(error: ZodError, flags: Record<string, string>): CliError {
  const lines = error.issues.map((issue) => `${flags[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`);
  return new CliError(lines.join('\n'));
}

const USER_FLAGS = { email: '--email', firstName: '--first-name', lastName: '--last-name', role: '--role', phoneNumber: '--phone' };

// --- companies ---

export async function companyCreate(ctx: CliContext, args: string[]) {
  const { values } = parse(args, {
    tenant: { type: 'string' }, name: { type: 'string' }, domain: { type: 'string', multiple: true }, plugin: { type: 'string', multiple: true },
  });
  required(values, 'tenant', 'name');
  const tenantIdentifier = checkTenant(values.tenant!);
  if (await findCompanyByTenant(ctx.db, tenantIdentifier)) {
    throw new CliError(`A company "${tenantIdentifier}" already exists. To change it: company update --tenant ${tenantIdentifier} ...`);
  }
  const customDomains = checkDomains(values.domain ?? []);
  await assertDomainsFree(ctx.db, customDomains, tenantIdentifier);
  const plugins = values.plugin ? checkPlugins(values.plugin) : undefined;
  const company = await upsertCompany(ctx.db, { tenantIdentifier, name: values.name!.trim(), customDomains, plugins });
  ctx.out(`Created company\n${describeCompany(company, ctx.config)}`);
  return company;
}

export async function companyUpdate(ctx: CliContext, args: string[]) {
  const { values } = parse(args, {
    tenant: { type: 'string' }, name: { type: 'string' }, domain: { type: 'string', multiple: true }, plugin: { type: 'string', multiple: true },
    domains: { type: 'boolean' }, plugins: { type: 'boolean' },
  });
  required(values, 'tenant');
  const company = await companyOf(ctx.db, values.tenant!);
  const changes: Partial<CompanyRow> = {};
  if (values.name !== undefined) {
    if (!values.name.trim()) throw new CliError('--name must not be empty.');
    changes.name = values.name.trim();
  }
  if (values.domain) changes.customDomains = checkDomains(values.domain);
  else if (values.domains === false) changes.customDomains = [];
  if (values.plugin) changes.plugins = checkPlugins(values.plugin);
  else if (values.plugins === false) changes.plugins = [];
  if (Object.keys(changes).length === 0) throw new CliError('Nothing to change: give --name, --domain, --no-domains, --plugin or --no-plugins.', true);
  if (changes.customDomains) await assertDomainsFree(ctx.db, changes.customDomains, company.tenantIdentifier);
  await updateCompany(ctx.db, company.id, changes);
  const updated = { ...company, ...changes };
  ctx.out(`Updated company\n${describeCompany(updated, ctx.config)}`);
  return updated;
}

export async function companyList(ctx: CliContext, args: string[]) {
  parse(args, {});
  const companies = await listCompanies(ctx.db);
  if (companies.length === 0) ctx.out('No companies yet. Create one with: company create --tenant <id> --name <name>');
  for (const company of companies) ctx.out(describeCompany(company, ctx.config));
  return companies;
}

// --- users ---

export async function userCreate(ctx: CliContext, args: string[]) {
  const { values } = parse(args, {
    tenant: { type: 'string' }, email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' },
    role: { type: 'string' }, password: { type: 'string' }, phone: { type: 'string' }, 'sms-mfa': { type: 'boolean' },
    'require-mfa': { type: 'boolean' },
  });
  required(values, 'tenant', 'email', 'first-name', 'last-name', 'role', 'password');
  const company = await companyOf(ctx.db, values.tenant!);
  const checked = CreateUserBodySchema.safeParse({
    email: values.email, firstName: values['first-name'], lastName: values['last-name'], role: values.role, phoneNumber: values.phone,
  });
  if (!checked.success) throw zodProblem(checked.error, USER_FLAGS);
  if (values['sms-mfa'] && !checked.data.phoneNumber) throw new CliError('--sms-mfa needs --phone.');
  try {
    assertPasswordPolicy(values.password!, passwordPolicyOf(ctx.config), '--password');
  } catch (error) {
    if (error instanceof AppError) throw new CliError(`--password: ${error.message}`);
    throw error;
  }
  const existing = await findUserByEmail(ctx.db, checked.data.email);
  const result = await createActiveUser(ctx.db, {
    tenantIdentifier: company.tenantIdentifier,
    email: checked.data.email,
    firstName: checked.data.firstName,
    lastName: checked.data.lastName,
    role: checked.data.role,
    password: values.password!,
    phoneNumber: checked.data.phoneNumber,
    smsMfa: values['sms-mfa'],
    mfaRequired: values['require-mfa'],
  });
  ctx.out(existing
    ? `${checked.data.email} already exists: added to ${company.name} as ${checked.data.role} (their password and MFA settings are unchanged).`
    : `Created ${checked.data.email} (${checked.data.role}) in ${company.name}. They can sign in now with the password given.`);
  return result;
}

export async function userInvite(ctx: CliContext, args: string[]) {
  const { values } = parse(args, {
    tenant: { type: 'string' }, email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' },
    role: { type: 'string' }, phone: { type: 'string' }, 'require-mfa': { type: 'boolean' },
  });
  required(values, 'tenant', 'email', 'role');
  const company = await companyOf(ctx.db, values.tenant!);
  const existing = values.email ? await findUserByEmail(ctx.db, values.email.trim()) : undefined;
  // Names are needed only for a new user; an existing one keeps theirs.
  if (!existing) required(values, 'first-name', 'last-name');
  const checked = CreateUserBodySchema.safeParse({
    email: values.email,
    firstName: values['first-name'] ?? existing?.firstName,
    lastName: values['last-name'] ?? existing?.lastName,
    role: values.role,
    phoneNumber: values.phone,
    requireMfa: values['require-mfa'] ?? true,
  });
  if (!checked.success) throw zodProblem(checked.error, USER_FLAGS);
  const users = new UsersService(ctx.db, ctx.config, ctx.messenger);
  try {
    const summary = await users.inviteInto({ companyId: company.id, companyName: company.name, userId: null, name: null }, checked.data);
    ctx.out(existing
      ? `${summary.email} already has a password: added to ${company.name} as ${summary.role} and told so by mail.`
      : `Invited ${summary.email} (${summary.role}) to ${company.name}. The temporary password is in the outbox: outbox --to ${summary.email}`);
    return summary;
  } catch (error) {
    if (error instanceof AppError) throw new CliError(error.message);
    throw error;
  }
}

// --- system message ---

export async function systemMessageSet(ctx: CliContext, args: string[]) {
  const { values, positionals } = parse(args, { severity: { type: 'string', default: 'info' } }, 1);
  const text = positionals[0]?.trim();
  if (!text) throw new CliError('Give the message text: system-message set "Maintenance tonight at 22:00 UTC"', true);
  if (text.length > 500) throw new CliError(`The message is ${text.length} characters long; keep it under 500.`);
  const severity = SystemMessageSchema.shape.severity.safeParse(values.severity);
  if (!severity.success) throw new CliError(`--severity must be info, warning or critical (not "${values.severity}").`);
  await writeSystemMessage(ctx.db, text, severity.data);
  ctx.out(`System message set (${severity.data}): ${text}`);
}

export async function systemMessageClear(ctx: CliContext, args: string[]) {
  parse(args, {});
  await writeSystemMessage(ctx.db, null);
  ctx.out('System message cleared.');
}

// --- outbox ---

export async function outbox(ctx: CliContext, args: string[]) {
  const { values } = parse(args, { to: { type: 'string' }, limit: { type: 'string', default: '20' } });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new CliError('--limit must be a whole number from 1 to 500.');
  const messages = await ctx.messenger.latest(limit, values.to?.trim());
  if (messages.length === 0) {
    ctx.out(values.to ? `No messages to ${values.to}.` : 'The outbox is empty.');
    return messages;
  }
  for (const line of messages.flatMap(outboxLines)) ctx.out(line);
  return messages;
}

// --- demo data ---

export async function demoData(ctx: CliContext, args: string[]) {
  parse(args, {});
  const seeded = await seedDemoData(ctx.db);
  if (!seeded) {
    ctx.out('The database already has companies: demo data is only added to an empty database.');
    return false;
  }
  ctx.out(`Demo data added. Every user's password is ${DEMO_PASSWORD}:`);
  for (const user of DEMO_USERS) ctx.out(`  ${user.email.padEnd(20)} ${user.role.padEnd(14)} ${user.tenant}`);
  return true;
}

// --- driver monitoring ---

export async function monitoringSweep(ctx: CliContext, args: string[]) {
  parse(args, {});
  if (!ctx.openQueue) throw new CliError('The job queue is not available to this command.');
  const queue = await ctx.openQueue();
  const engine = new MonitoringEngine(ctx.db, ctx.config.DATABASE_URL ? 'postgres' : 'pglite', sandboxMonitoringProvider(ctx.db), () => queue, {
    info: ctx.out, error: (message, error) => ctx.out(`${message}: ${error instanceof Error ? error.message : String(error)}`),
  });
  // Progress after each batch: a sweep of many drivers takes a while, and an operator sees it move.
  const counts = await engine.sweep(new Date(), (sofar) => ctx.out(`  ${sofar.enrolments} enrolments swept, ${sofar.alertsRaised} alerts raised so far`));
  ctx.out(`Monitoring sweep: ${describeSweep(counts)}`);
  return counts;
}

// --- DOT quality scores ---

export async function dotsScore(ctx: CliContext, args: string[]) {
  const [tenant, ...numbers] = parse(args, {}, MAX_DOT_NUMBERS_PER_SCORING + 1).positionals;
  if (!tenant) throw new CliError('dots score needs the company\'s tenant identifier.', true);
  const company = await findCompanyByTenant(ctx.db, tenant);
  if (!company) throw new CliError(`No company has the tenant identifier "${tenant}".`);
  const dotNumbers = numbers.length > 0 ? [...new Set(ScoreDotsBodySchema.parse(numbers))] : null;
  const scoring = new CarrierScoring(ctx.db, carrierDataProviderFrom(ctx.config, ctx.db), ctx.messenger, ctx.config);
  const scored = await scoreNow(scoring, company.id, dotNumbers, (done, total) => ctx.out(`  ${done} of ${total} scored`));
  for (const dot of scored) ctx.out(`  ${dot.dotNumber.padEnd(9)} ${dot.lastStatus.padEnd(10)} ${dot.legalName ?? dot.lastError ?? ''}`);
  ctx.out(`${scored.length} DOT number${scored.length === 1 ? '' : 's'} of ${company.name} scored.`);
  return scored;
}

// --- single sign-on ---

const SSO_FLAGS: Record<string, string> = {
  issuer: '--issuer', clientId: '--client-id', clientSecret: '--client-secret', emailDomains: '--domain', roleClaim: '--role-claim',
  roleMapping: '--map', defaultRole: '--default-role', breakGlassEmail: '--break-glass', requireSso: '--require-sso',
};

function ssoServiceFor(ctx: CliContext) {
  const tokens = new TokenService(ctx.db, ctx.config);
  const signIn = new SignInService(ctx.db, ctx.config, tokens, ctx.messenger);
  return new SsoService(ctx.db, ctx.config, new TenancyService(ctx.db, ctx.config), new HandoffService(ctx.db, signIn));
}

async function describeSso(ctx: CliContext, company: CompanyRow) {
  const portal = new URL(ctx.config.PORTAL_URL);
  const answer = await ssoServiceFor(ctx).answerFor(company.id, company.tenantIdentifier, { protocol: portal.protocol.replace(':', ''), host: portal.host });
  const lines = [`Single sign-on of ${company.name} (${company.tenantIdentifier})`];
  const config = answer.config;
  if (!config) lines.push('  not configured');
  else {
    lines.push(
      `  ${config.enabled ? 'on' : 'off'}; issuer ${config.issuer}; client ${config.clientId}${config.hasClientSecret ? ' (secret stored)' : ' (no secret: public client)'}`,
      `  email domains: ${config.emailDomains.join(', ')}`,
      `  role claim: ${config.roleClaim ?? '(none)'}${config.roleMapping.map((entry) => `; ${entry.value} → ${entry.role}`).join('')}`,
      `  just-in-time users: ${config.jitEnabled ? `yes, as ${config.defaultRole} unless the role claim maps` : 'no'}`,
      `  passwords: ${config.requireSso ? `refused, except for ${config.breakGlassEmail}` : 'allowed'}`,
      `  sign-out at the provider: ${config.endSessionSupported ? 'yes (end_session_endpoint)' : 'no'}`,
    );
  }
  lines.push(`  register at the provider: redirect URI ${answer.redirectUri}`, `    post-logout redirect URI ${answer.postLogoutRedirectUri}`, `    back-channel logout URI ${answer.backchannelLogoutUri}`);
  for (const line of lines) ctx.out(line);
  return answer;
}

export async function ssoShow(ctx: CliContext, args: string[]) {
  const { values } = parse(args, { tenant: { type: 'string' } });
  required(values, 'tenant');
  return describeSso(ctx, await companyOf(ctx.db, values.tenant!));
}

export async function ssoSet(ctx: CliContext, args: string[]) {
  const { values } = parse(args, {
    tenant: { type: 'string' }, issuer: { type: 'string' }, 'client-id': { type: 'string' }, 'client-secret': { type: 'string' },
    domain: { type: 'string', multiple: true }, 'role-claim': { type: 'string' }, map: { type: 'string', multiple: true },
    jit: { type: 'boolean' }, 'default-role': { type: 'string' }, 'require-sso': { type: 'boolean' }, 'break-glass': { type: 'string' },
    disabled: { type: 'boolean' },
  });
  required(values, 'tenant', 'issuer', 'client-id', 'domain');
  const company = await companyOf(ctx.db, values.tenant!);
  const mapping = (values.map ?? []).map((entry) => {
    const at = entry.lastIndexOf('=');
    if (at <= 0) throw new CliError(`--map needs <claim value>=<role>, e.g. --map "clearlane-admins=Company Admin" (not "${entry}").`);
    return { value: entry.slice(0, at), role: entry.slice(at + 1) };
  });
  const checked = SsoConfigBodySchema.safeParse({
    enabled: !values.disabled,
    issuer: values.issuer,
    clientId: values['client-id'],
    clientSecret: values['client-secret'],
    emailDomains: values.domain,
    roleClaim: values['role-claim'] ?? null,
    roleMapping: mapping,
    jitEnabled: values.jit ?? false,
    defaultRole: values['default-role'] ?? 'Viewer',
    requireSso: values['require-sso'] ?? false,
    breakGlassEmail: values['break-glass'] ?? null,
  });
  if (!checked.success) throw zodProblem(checked.error, SSO_FLAGS);
  try {
    await ssoServiceFor(ctx).save(company.id, checked.data, null);
  } catch (error) {
    if (error instanceof AppError) {
      const problems = error.options.errors ?? [];
      throw new CliError(problems.length > 0 ? problems.map((problem) => `${SSO_FLAGS[problem.path.split('.')[1] ?? ''] ?? problem.path}: ${problem.message}`).join('\n') : error.message);
    }
    throw error;
  }
  ctx.out('Saved.');
  return describeSso(ctx, company);
}

export async function ssoRemove(ctx: CliContext, args: string[]) {
  const { values } = parse(args, { tenant: { type: 'string' } });
  required(values, 'tenant');
  const company = await companyOf(ctx.db, values.tenant!);
  const removed = await ssoServiceFor(ctx).removeConfig(company.id);
  ctx.out(removed ? `Single sign-on of ${company.name} removed: its users sign in with passwords again.` : `${company.name} had no single sign-on.`);
  return removed;
}

// --- dispatch ---

type Command = (ctx: CliContext, args: string[]) => Promise<unknown>;

const COMMANDS: Record<string, Command | Record<string, Command>> = {
  company: { create: companyCreate, update: companyUpdate, list: companyList },
  user: { create: userCreate, invite: userInvite },
  'system-message': { set: systemMessageSet, clear: systemMessageClear },
  outbox,
  monitoring: { sweep: monitoringSweep },
  dots: { score: dotsScore },
  sso: { show: ssoShow, set: ssoSet, remove: ssoRemove },
  'demo-data': demoData,
};

/** Whether argv names a command that needs the database (help does not). */
export function needsDatabase(argv: string[]): boolean {
  const [name] = argv;
  return name !== undefined && name !== 'help' && name !== '--help' && name !== '-h';
}

/** Finds and runs the command named by argv. */
export async function runCommand(ctx: CliContext, argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    ctx.out(USAGE);
    return;
  }
  const entry = COMMANDS[name];
  if (!entry) throw new CliError(`Unknown command "${name}".`, true);
  if (typeof entry === 'function') return void (await entry(ctx, rest));
  const [sub, ...subArgs] = rest;
  const command = sub ? entry[sub] : undefined;
  if (!command) {
    throw new CliError(`${name} needs one of: ${Object.keys(entry).join(', ')}${sub ? ` (not "${sub}")` : ''}.`, true);
  }
  try {
    await command(ctx, subArgs);
  } catch (error) {
    if (error instanceof ZodError) throw new CliError(error.issues.map((issue) => `${issue.path.join('.') || 'value'}: ${issue.message}`).join('\n'));
    throw error;
  }
}
