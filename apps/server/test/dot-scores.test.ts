// DOT quality scores API (issue 12): the company's DOT numbers (list, add, remove), scoring (in the
// request, or queued as jobs) and the report. Each endpoint with its happy path, bad input (a 400
// naming the field and the bad number, nothing written), another company's admin (404, nothing
// changed), the roles, and the plugin switched off. Carriers come from the sandbox (README table).
import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { KNOWN_PLUGINS } from '@clearlane/contract';
import { carrierChanges, carrierScores, companyDots, outbox } from '../src/db/schema.ts';
import { runAsCompany } from '../src/db/tenant-scope.ts';
import { CliError, runCommand } from '../src/cli/commands.ts';
import { DOT_SCORE_JOB } from '../src/jobs/queue.ts';
import { CarrierScoring, type ScoringRun } from '../src/modules/scores/scoring.ts';
import { dailyRunId, queueDailyRescore } from '../src/modules/scores/scores.jobs.ts';
import { SCORE_BATCH_SIZE } from '../src/modules/scores/scores.service.ts';
import { sandboxCarrierDataProvider } from '../src/providers/carrier-data/sandbox-carrier-data-provider.ts';
import { ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, expectOk, expectProblem, expectRefused, newCompany, newUser, seedTwoCompanies, signInAs } from './helpers.ts';

type Role = 'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin' | 'unplugged';
const UNPLUGGED_HOST = 'nodots.localhost:3000';

/** A fresh DOT number whose last digit picks the sandbox carrier's story. */
let serial = 30_000;
const dot = (lastDigit: number) => `${serial++}${lastDigit}`;

describeEachDatabase('DOT quality scores API', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens = {} as Record<Role, string>;
  const hostOf = (role: Role) => (role === 'globexAdmin' ? GLOBEX_HOST : role === 'unplugged' ? UNPLUGGED_HOST : ACME_HOST);

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    await newCompany(t.db, 'nodots', 'No Dots Co', { plugins: KNOWN_PLUGINS.filter((plugin) => plugin !== 'dot-scores') });
    const unplugged = await newUser(t.db, { tenant: 'nodots', role: 'Company Admin' });
    const users = { ...seeded.users, unplugged };
    for (const key of Object.keys(users) as Role[]) tokens[key] = (await signInAs(t.app, users[key].email, undefined, hostOf(key))).idToken;
  });

  const send = (method: InjectOptions['method'], url: string, role: Role, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: { host: hostOf(role), ...bearer(tokens[role]) } });
  const ok = expectOk;
  const refused = expectRefused;
  const score = (numbers: unknown, role: Role = 'manager') => send('POST', '/api/v1/scores/dot/quality', role, numbers);
  const report = (query = '', role: Role = 'viewer') => send('GET', `/api/v1/scores/dot/quality/report${query}`, role);
  const dotRows = async (companyId: string) => Number((await t.db.select({ value: count() }).from(companyDots).where(eq(companyDots.companyId, companyId)))[0]!.value);
  const acme = () => seeded.acme.id;

  describe('POST /scores/dot/quality (in the request)', () => {
    it('scores the numbers, adds them to the list and answers their report with the source of every figure', async () => {
      const [clean, unsafe, unknown, failing] = [dot(0), dot(2), dot(6), dot(7)];
      const body = ok(await score([clean, unsafe, unknown, failing, clean]));
      expect(body.carriers.map((carrier: { dotNumber: string }) => carrier.dotNumber).sort()).toEqual([clean, unsafe, unknown, failing].sort());
      const byDot = Object.fromEntries(body.carriers.map((carrier: { dotNumber: string }) => [carrier.dotNumber, carrier]));

      // The carrier with an Unsafe Driving alert comes first: FMCSA's published percentile against the passenger threshold.
      expect(body.carriers[0].dotNumber).toBe(unsafe);
      const unsafeDriving = byDot[unsafe].basics.find((basic: { code: string }) => basic.code === 'UNSAFE_DRIVING');
      expect(unsafeDriving).toMatchObject({ name: 'Unsafe Driving', percentile: 78, threshold: 50, alert: true, status: 'ALERT', source: { percentile: { origin: 'FMCSA', provider: 'sandbox' } } });
      expect(byDot[unsafe]).toMatchObject({ status: 'SCORED', source: 'sandbox', relationship: 'WATCHED', carrier: { passengerCarrier: true, thresholdGroup: 'PASSENGER' } });
      expect(byDot[unsafe].asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(byDot[unsafe].basics).toHaveLength(7);

      // The clean property carrier: our measure, and no percentile while its peer group is small.
      const hos = byDot[clean].basics.find((basic: { code: string }) => basic.code === 'HOS_COMPLIANCE');
      expect(hos.source.measure).toMatchObject({ origin: 'CLEARLANE', provider: 'sandbox' });
      expect(hos).toMatchObject({ percentile: null, alert: false, status: 'INSUFFICIENT_DATA' });
      expect(byDot[clean].outOfService).toMatchObject({ nationalAverages: { driver: 6.67, vehicle: 22.26, hazmat: 4.44 }, orders: [], source: { origin: 'FMCSA' } });
      expect(byDot[clean]).toMatchObject({ safetyRating: { rating: 'SATISFACTORY' }, authority: { allowedToOperate: true, common: 'ACTIVE' }, insurance: { compliant: true }, changes: [] });
      expect(byDot[clean].history).toHaveLength(1);

      expect(byDot[unknown]).toMatchObject({ status: 'NOT_FOUND', basics: [], legalName: null, statusMessage: expect.stringContaining(unknown) });
      expect(byDot[failing]).toMatchObject({ status: 'FAILED', basics: [], statusMessage: expect.stringMatching(/did not answer/) });

      const dots = ok(await send('GET', '/api/v1/dots', 'agent')).dots;
      expect(dots.find((entry: { dotNumber: string }) => entry.dotNumber === unsafe)).toMatchObject({ legalName: byDot[unsafe].legalName, lastStatus: 'SCORED', lastScoredAt: expect.any(String) });
      expect(dots.find((entry: { dotNumber: string }) => entry.dotNumber === failing)).toMatchObject({ lastStatus: 'FAILED', lastScoredAt: expect.any(String), legalName: null });
    });

    it('records what changed on a rescore and mails the company\'s Managers and admins (not Agents or Viewers)', async () => {
      const revoked = dot(5);
      const [first] = ok(await score([revoked])).carriers;
      expect(first.changes).toEqual([]);
      const [second] = ok(await score([revoked], 'admin')).carriers;
      expect(second.changes.map((change: { kind: string }) => change.kind).sort()).toEqual(['AUTHORITY_REVOKED', 'INSURANCE_CANCELLED']);
      expect(second.authority).toMatchObject({ allowedToOperate: false, common: 'INACTIVE' });
      expect(second.history).toHaveLength(2);
      expect(await t.db.select().from(carrierScores).where(eq(carrierScores.dotNumber, revoked))).toHaveLength(2);

      const mailsTo = (email: string) => t.db.select().from(outbox).where(and(eq(outbox.recipient, email), sql`${outbox.body} like ${`%${revoked}%`}`)).orderBy(asc(outbox.createdAt));
      const [mail] = await mailsTo(seeded.users.manager.email);
      expect(mail!.subject).toMatch(/changed for the worse/);
      expect(mail!.body).toContain('Operating authority is no longer active');
      expect(mail!.body).toContain(`http://acme.localhost:3000/scores/dot-quality?dotNumber=${revoked}`);
      expect(await mailsTo(seeded.users.admin.email)).toHaveLength(1);
      expect(await mailsTo(seeded.users.agent.email)).toHaveLength(0);
      expect(await mailsTo(seeded.users.viewer.email)).toHaveLength(0);

      // A third scoring with nothing new records nothing and mails nobody.
      ok(await score([revoked]));
      expect(await t.db.select().from(carrierChanges).where(eq(carrierChanges.dotNumber, revoked))).toHaveLength(2);
      expect(await mailsTo(seeded.users.manager.email)).toHaveLength(1);
    });

    it('finds a change once when two rescores run at the same moment', async () => {
      const revoked = dot(5);
      ok(await score([revoked]));
      const answers = await Promise.all([score([revoked]), score([revoked], 'admin')]);
      for (const answer of answers) ok(answer);
      expect((await t.db.select().from(carrierChanges).where(eq(carrierChanges.dotNumber, revoked))).map((change) => change.kind).sort()).toEqual(['AUTHORITY_REVOKED', 'INSURANCE_CANCELLED']);
      expect(await t.db.select().from(outbox).where(and(eq(outbox.recipient, seeded.users.manager.email), sql`${outbox.body} like ${`%${revoked}%`}`))).toHaveLength(1);
    });

    it('refuses bad numbers naming each, and writes nothing', async () => {
      const before = await dotRows(acme());
      const problem = refused(await score(['123456789', '12a4', dot(0)]), 400, ['body.0', 'body.1'], 'ValidationError');
      expect(problem.errors!.map((error) => error.message).join(' ')).toContain('"123456789" is not a USDOT number');
      expect(problem.errors!.map((error) => error.message).join(' ')).toContain('"12a4"');
      refused(await score([]), 400, ['body']);
      refused(await score([1234567]), 400, ['body.0']);
      refused(await score({ dots: ['1234567'] }), 400, ['body']);
      refused(await score(Array.from({ length: 501 }, (_, index) => String(index + 1))), 400, ['body']);
      expect(await dotRows(acme())).toBe(before);
    });

    it('lets only those who manage Scores score', async () => {
      const before = await dotRows(acme());
      refused(await score([dot(0)], 'agent'), 403, [], 'Forbidden');
      refused(await score([dot(0)], 'viewer'), 403, [], 'Forbidden');
      expect(await dotRows(acme())).toBe(before);
    });
  });

  describe('POST /scores/dot/quality (queued)', () => {
    it('queues more than 25 numbers as durable jobs (202); a job scores them once however often it runs', async () => {
      const numbers = Array.from({ length: 30 }, (_, index) => dot(index % 10));
      const accepted = ok(await score(numbers), 202);
      expect(accepted.dotNumbers).toEqual(numbers);
      expect(accepted.jobIds).toHaveLength(1);
      const jobs = (await t.db.execute(sql`select id, data from pgboss.job where name = ${DOT_SCORE_JOB} and id = ${accepted.jobIds[0]}`) as unknown as { rows: { data: ScoringRun }[] }).rows;
      expect(jobs).toHaveLength(1);
      const listed = ok(await send('GET', '/api/v1/dots', 'viewer')).dots.filter((entry: { dotNumber: string }) => numbers.includes(entry.dotNumber));
      expect(listed.every((entry: { lastStatus: string }) => entry.lastStatus === 'NOT_SCORED')).toBe(true);

      const scoring = new CarrierScoring(t.db, sandboxCarrierDataProvider(t.db), t.messenger, t.config);
      const run = jobs[0]!.data;
      expect(run.runId).toBe(accepted.jobIds[0]); // the run id is the job id: one job however often it is sent
      await runAsCompany(run.companyId, () => scoring.score(run));
      await runAsCompany(run.companyId, () => scoring.score(run)); // a retry of the same job
      const rows = await t.db.select().from(carrierScores).where(eq(carrierScores.runId, run.runId));
      expect(rows).toHaveLength(30);
      const body = ok(await report(numbers.map((number) => `dotNumber=${number}`).join('&').replace(/^/, '?')));
      expect(body.carriers).toHaveLength(30);
      expect(body.carriers.filter((carrier: { status: string }) => carrier.status === 'SCORED')).toHaveLength(24);
    });
  });

  describe('the daily rescore', () => {
    it('queues a scoring of every listed number of the companies with the plugin, once a day however often it runs', async () => {
      const unplugged = (await t.db.execute(sql`select id from companies where tenant_identifier = 'nodots'`) as unknown as { rows: { id: string }[] }).rows[0]!.id;
      await t.db.insert(companyDots).values({ companyId: unplugged, dotNumber: '7777770', relationship: 'WATCHED' });
      const day = new Date('2030-01-02T05:00:00Z');
      const queued = await queueDailyRescore(t.db, t.queue!, day);
      const listed = await t.db.select({ companyId: companyDots.companyId, dotNumber: companyDots.dotNumber }).from(companyDots);
      const expectedJobs = [acme(), seeded.globex.id].reduce((sum, id) => sum + Math.ceil(listed.filter((row) => row.companyId === id).length / SCORE_BATCH_SIZE), 0);
      expect(queued).toBe(expectedJobs);
      expect(await queueDailyRescore(t.db, t.queue!, day)).toBe(0);
      const runs = (await t.db.execute(sql`select data from pgboss.job where name = ${DOT_SCORE_JOB} and id = ${dailyRunId(acme(), '2030-01-02', 0)}`) as unknown as { rows: { data: ScoringRun }[] }).rows;
      expect(runs[0]!.data.dotNumbers).toEqual(listed.filter((row) => row.companyId === acme()).map((row) => row.dotNumber).sort().slice(0, SCORE_BATCH_SIZE));
      const everyJob = (await t.db.execute(sql`select data from pgboss.job where name = ${DOT_SCORE_JOB}`) as unknown as { rows: { data: ScoringRun }[] }).rows;
      expect(everyJob.some((job) => job.data.companyId === unplugged)).toBe(false);
    });
  });

  describe('GET /scores/dot/quality/report', () => {
    it('answers the company\'s carriers, or only those asked for; a number not on the list is a 404', async () => {
      const mine = dot(0);
      ok(await score([mine]));
      const all = ok(await report()).carriers;
      expect(all.length).toBeGreaterThan(1);
      expect(ok(await report(`?dotNumber=${mine}`)).carriers.map((carrier: { dotNumber: string }) => carrier.dotNumber)).toEqual([mine]);
      const missing = refused(await report(`?dotNumber=${mine}&dotNumber=99999999`), 404, [], 'NotFound');
      expect(missing.detail).toContain('99999999');
      refused(await report('?dotNumber=12a'), 400, ['query.dotNumber']);
    });

    it('answers the report as CSV, one row per carrier with whose figures they are', async () => {
      const unsafe = dot(2);
      ok(await score([unsafe]));
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/scores/dot/quality/report?dotNumber=${unsafe}`, headers: { host: ACME_HOST, accept: 'text/csv', ...bearer(tokens.viewer) } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe('attachment; filename="dot-quality-report.csv"');
      const [header, line, end] = response.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(end).toBe('');
      const cells = Object.fromEntries(header!.split(',').map((name, index) => [name, line!.split(',')[index]]));
      expect(cells).toMatchObject({
        'DOT number': unsafe, Status: 'SCORED', Provider: 'sandbox', 'Unsafe Driving percentile': '78', 'Unsafe Driving threshold': '50',
        'Unsafe Driving status': 'ALERT', 'Unsafe Driving figures by': 'FMCSA', 'Driver OOS national %': '6.67', 'Allowed to operate': 'yes',
      });
      expectRefused(await t.app.inject({ method: 'GET', url: '/api/v1/scores/dot/quality/report', headers: { host: ACME_HOST, accept: 'application/xml', ...bearer(tokens.viewer) } }), 406, [], 'NotAcceptable');
    });

    it('shows another company nothing of mine', async () => {
      const mine = dot(2);
      ok(await score([mine]));
      refused(await report(`?dotNumber=${mine}`, 'globexAdmin'), 404, [], 'NotFound');
      expect(ok(await report('', 'globexAdmin')).carriers.map((carrier: { dotNumber: string }) => carrier.dotNumber)).not.toContain(mine);
      expect(ok(await send('GET', '/api/v1/dots', 'globexAdmin')).dots.map((entry: { dotNumber: string }) => entry.dotNumber)).not.toContain(mine);
    });
  });

  describe('/dots', () => {
    it('adds a DOT number (201), updates it when added again (200), lists it and removes it with its history (204)', async () => {
      const own = dot(1);
      expect(ok(await send('POST', '/api/v1/dots', 'manager', { dotNumber: own, relationship: 'OWN', label: 'Our fleet' }), 201)).toMatchObject({
        dotNumber: own, relationship: 'OWN', label: 'Our fleet', legalName: null, lastStatus: 'NOT_SCORED', lastScoredAt: null,
      });
      expect(ok(await send('POST', '/api/v1/dots', 'admin', { dotNumber: own, relationship: 'OWN', label: 'Our linehaul fleet' }))).toMatchObject({ label: 'Our linehaul fleet' });
      ok(await score([own]));
      const listed = ok(await send('GET', '/api/v1/dots', 'viewer')).dots;
      expect(listed[0]).toMatchObject({ dotNumber: own, relationship: 'OWN', lastStatus: 'SCORED' });
      expect(ok(await report()).carriers[0]).toMatchObject({ dotNumber: own, relationship: 'OWN' });

      expect((await send('DELETE', `/api/v1/dots/${own}`, 'manager')).statusCode).toBe(204);
      expect(await t.db.select().from(carrierScores).where(eq(carrierScores.dotNumber, own))).toHaveLength(0);
      refused(await send('DELETE', `/api/v1/dots/${own}`, 'manager'), 404, [], 'NotFound');
    });

    it('refuses bad input naming the field', async () => {
      refused(await send('POST', '/api/v1/dots', 'manager', { dotNumber: '123456789' }), 400, ['body.dotNumber']);
      refused(await send('POST', '/api/v1/dots', 'manager', { dotNumber: '123', relationship: 'FRIEND' }), 400, ['body.relationship']);
      refused(await send('POST', '/api/v1/dots', 'manager', { dotNumber: '123', label: 'x'.repeat(121) }), 400, ['body.label']);
      refused(await send('DELETE', '/api/v1/dots/12a', 'manager'), 400, ['params.dotNumber']);
    });

    it('lets another company neither see nor remove my numbers', async () => {
      const mine = dot(0);
      ok(await send('POST', '/api/v1/dots', 'manager', { dotNumber: mine }), 201);
      refused(await send('DELETE', `/api/v1/dots/${mine}`, 'globexAdmin'), 404, [], 'NotFound');
      expect(await t.db.select().from(companyDots).where(and(eq(companyDots.companyId, acme()), eq(companyDots.dotNumber, mine)))).toHaveLength(1);
    });

    it('lets Agents and Viewers read but not change the list', async () => {
      const mine = dot(0);
      ok(await send('POST', '/api/v1/dots', 'manager', { dotNumber: mine }), 201);
      refused(await send('POST', '/api/v1/dots', 'agent', { dotNumber: dot(0) }), 403, [], 'Forbidden');
      refused(await send('DELETE', `/api/v1/dots/${mine}`, 'agent'), 403, [], 'Forbidden');
      refused(await send('DELETE', `/api/v1/dots/${mine}`, 'viewer'), 403, [], 'Forbidden');
      ok(await send('GET', '/api/v1/dots', 'agent'));
      ok(await report('', 'agent'));
    });
  });

  it('scores from the operator\'s command line (dots score), naming each number\'s result', async () => {
    const lines: string[] = [];
    const ctx = { db: t.db, config: t.config, messenger: t.messenger, out: (line: string) => void lines.push(line) };
    const [clean, unknown] = [dot(0), dot(6)];
    await runCommand(ctx, ['dots', 'score', 'acme', clean, unknown]);
    expect(lines.at(-1)).toBe('2 DOT numbers of Acme Logistics scored.');
    expect(lines.find((line) => line.includes(unknown))).toMatch(/NOT_FOUND/);
    expect((await t.db.select().from(companyDots).where(and(eq(companyDots.companyId, acme()), eq(companyDots.dotNumber, clean))))[0]).toMatchObject({ lastStatus: 'SCORED', relationship: 'WATCHED' });
    await expect(runCommand(ctx, ['dots', 'score', 'acme', '12a'])).rejects.toThrow(/USDOT/);
    await expect(runCommand(ctx, ['dots', 'score', 'nobody'])).rejects.toBeInstanceOf(CliError);
  });

  it('refuses every route to a company without the dot-scores plugin, and to the unauthenticated', async () => {
    const calls: [InjectOptions['method'], string, unknown?][] = [
      ['GET', '/api/v1/dots'], ['POST', '/api/v1/dots', { dotNumber: '1234567' }], ['DELETE', '/api/v1/dots/1234567'],
      ['POST', '/api/v1/scores/dot/quality', ['1234567']], ['GET', '/api/v1/scores/dot/quality/report'],
    ];
    for (const [method, url, payload] of calls) {
      refused(await send(method, url, 'unplugged', payload), 403, [], 'PluginNotEnabled');
      expectProblem(await t.app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: { host: ACME_HOST } }), 401);
    }
  });
}, {}, { queue: true });
