// The FMCSA QCMobile adapter against its simulator on loopback (qcmobile-simulator.ts): the
// mapping of QCMobile's shapes, unknown numbers, the token bucket that keeps us under the rate
// limit, 429 and 5xx retried, maintenance pages and a refused webKey mapped to provider errors;
// then the whole way through the app: DOT_PROVIDER=qcmobile scores in jobs (202) and the report
// says which figures are FMCSA's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { runAsCompany } from '../src/db/tenant-scope.ts';
import { DOT_SCORE_JOB } from '../src/jobs/queue.ts';
import { CarrierScoring, type ScoringRun } from '../src/modules/scores/scoring.ts';
import { ProviderError } from '../src/providers/provider-error.ts';
import { percentileOf, QcMobileCarrierDataProvider, TokenBucket, type QcMobileOptions } from '../src/providers/carrier-data/qcmobile-carrier-data-provider.ts';
import { carrierDataProviderFrom } from '../src/providers/carrier-data/carrier-data-providers.ts';
import { qcBasic, qcCarrier, startQcMobileSimulator, type QcMobileSimulator } from './qcmobile-simulator.ts';
import { ACME_HOST, bearer, createTestApp, seedTwoCompanies, signInAs, TEST_ENV, type TestApp } from './helpers.ts';

const PROPERTY = 158121;
const PASSENGER = 44110;
const noSleep = async () => {};

function propertyCarrier(simulator: QcMobileSimulator, dotNumber = PROPERTY, overrides: Record<string, unknown> = {}) {
  simulator.carriers.set(String(dotNumber), {
    carrier: qcCarrier(dotNumber, overrides),
    basics: [qcBasic(dotNumber, 11, 'Unsafe Driving', '1.02', 'Not Public'), qcBasic(dotNumber, 15, 'Vehicle Maint.', '4.37', 'Not Public')],
    oos: [{ oos: { dotNumber, id: 2992, oosDate: '2004-06-04', oosReason: 'NOP', oosReasonDescription: '90 day failure to pay fine' } }],
    authority: [{ carrierAuthority: { applicantID: 8960, authority: 'N', authorizedForBroker: 'N', authorizedForHouseholdGoods: 'N', authorizedForPassenger: 'N', authorizedForProperty: 'Y', brokerAuthorityStatus: 'N', commonAuthorityStatus: 'A', contractAuthorityStatus: 'I', docketNumber: 138328, dotNumber, prefix: 'MC' } }],
  });
}

function passengerCarrier(simulator: QcMobileSimulator) {
  simulator.carriers.set(String(PASSENGER), {
    carrier: qcCarrier(PASSENGER, { legalName: 'GREYHOUND LINES INC', isPassengerCarrier: 'Y', bipdRequiredAmount: '5000', bipdInsuranceOnFile: '5000' }),
    basics: [qcBasic(PASSENGER, 11, 'Unsafe Driving', '1.02', '18%'), qcBasic(PASSENGER, 12, 'HOS Compliance', '0.18', '57%', 'Y')],
    oos: [],
    authority: [],
  });
}

describe('QCMobile adapter', () => {
  let simulator: QcMobileSimulator;
  const adapter = (options: Partial<QcMobileOptions> = {}) =>
    new QcMobileCarrierDataProvider({ baseUrl: simulator.url, webKey: simulator.webKey, ratePerSecond: 1000, timeoutMs: 2000, sleep: noSleep, ...options });

  beforeAll(async () => {
    simulator = await startQcMobileSimulator({ ratePerSecond: 1000 });
    propertyCarrier(simulator);
    passengerCarrier(simulator);
  });
  afterAll(async () => simulator.close());

  it('maps a carrier from its four endpoints, each called with the webKey', async () => {
    const before = simulator.calls.length;
    const lookup = await adapter().lookup(String(PROPERTY));
    expect(simulator.calls.slice(before).map((call) => call.path).sort()).toEqual(
      ['', '/authority', '/basics', '/oos'].map((part) => `/qc/services/carriers/${PROPERTY}${part}`).sort());
    expect(lookup.kind).toBe('FOUND');
    if (lookup.kind !== 'FOUND') return;
    expect(lookup.record).toMatchObject({
      dotNumber: String(PROPERTY), legalName: 'VERIHA TRUCKING INC', passengerCarrier: false, hazmatCarrier: false, powerUnits: 213, drivers: 213,
      asOf: '2026-11-20', inspections: null, crashes: null,
      outOfService: {
        driver: { inspections: 259, outOfService: 3 }, vehicle: { inspections: 124, outOfService: 17 },
        nationalAverages: { driver: 5.51, vehicle: 20.72, hazmat: 4.5, period: '2009-2010' },
        orders: [], // the 2004 order is history: the carrier has no current OOS date
      },
      safetyRating: { rating: 'SATISFACTORY', ratedOn: '1996-04-25' },
      authority: { allowedToOperate: true, common: 'ACTIVE', contract: 'INACTIVE', broker: 'NONE' },
      insurance: { bodilyInjuryAndPropertyDamage: { required: true, requiredAmount: 750, onFileAmount: 1000 }, cargo: { required: false } },
    });
    expect(lookup.record.fmcsaBasics).toEqual([
      { code: 'UNSAFE_DRIVING', measure: 1.02, percentile: null, runDate: '2026-10-31', inspectionsWithViolations: 12, violations: 15 },
      { code: 'VEHICLE_MAINTENANCE', measure: 4.37, percentile: null, runDate: '2026-10-31', inspectionsWithViolations: 12, violations: 15 },
    ]);
  });

  it('reads published percentiles and knows "Not Public" is none', async () => {
    expect([percentileOf('18%'), percentileOf('57'), percentileOf('Not Public'), percentileOf(null), percentileOf('')]).toEqual([18, 57, null, null, null]);
    const lookup = await adapter().lookup(String(PASSENGER));
    expect(lookup.kind === 'FOUND' && lookup.record.fmcsaBasics.map((basic) => [basic.code, basic.percentile])).toEqual([['UNSAFE_DRIVING', 18], ['HOS_COMPLIANCE', 57]]);
    expect(lookup.kind === 'FOUND' && lookup.record.passengerCarrier).toBe(true);
  });

  it('answers an unknown number (content null) as not found, after one call', async () => {
    const before = simulator.calls.length;
    expect(await adapter().lookup('99999')).toEqual({ kind: 'NOT_FOUND', message: 'FMCSA has no carrier with USDOT number 99999.' });
    expect(simulator.calls.length - before).toBe(1);
  });

  it('shows an out-of-service order in force from the carrier\'s OOS date', async () => {
    propertyCarrier(simulator, 7001, { oosDate: '2004-06-04', allowedToOperate: 'N' });
    const lookup = await adapter().lookup('7001');
    expect(lookup.kind === 'FOUND' && lookup.record.outOfService.orders).toEqual([{ date: '2004-06-04', reason: '90 day failure to pay fine' }]);
    expect(lookup.kind === 'FOUND' && lookup.record.authority.allowedToOperate).toBe(false);
  });

  it('retries an outage and answers once QCMobile is back', async () => {
    simulator.failNext(2, 503);
    expect((await adapter().lookup(String(PROPERTY))).kind).toBe('FOUND');
  });

  it('maps what keeps failing to provider errors: outage and maintenance (transient), a refused webKey (not)', async () => {
    simulator.failNext(3, 500);
    await expect(adapter().lookup(String(PROPERTY))).rejects.toMatchObject({ transient: true, providerCode: 'UPSTREAM_ERROR' });
    simulator.maintenanceNext(3);
    await expect(adapter().lookup(String(PROPERTY))).rejects.toMatchObject({ transient: true, providerCode: 'MAINTENANCE' });
    const refused = adapter({ webKey: 'not-the-key' }).lookup(String(PROPERTY));
    await expect(refused).rejects.toBeInstanceOf(ProviderError);
    await expect(refused).rejects.toMatchObject({ transient: false, providerCode: 'WEBKEY_REFUSED' });
    await expect(adapter({ baseUrl: 'http://127.0.0.1:9/qc/services/', attempts: 1 }).lookup('1')).rejects.toMatchObject({ transient: true, providerCode: 'UNAVAILABLE' });
  });
});

describe('QCMobile rate limit', () => {
  let simulator: QcMobileSimulator;
  beforeAll(async () => {
    simulator = await startQcMobileSimulator({ ratePerSecond: 9 });
    for (const dotNumber of [501, 502, 503]) propertyCarrier(simulator, dotNumber);
  });
  afterAll(async () => simulator.close());
  const lookUpAll = (provider: QcMobileCarrierDataProvider) => Promise.all(['501', '502', '503'].map((dotNumber) => provider.lookup(dotNumber)));

  it('spaces calls with its token bucket so that QCMobile never throttles them', async () => {
    simulator.calls.length = 0;
    // 5 a second against a limit of 9: the margin absorbs calls that a busy machine delivers bunched.
    const spaced = new QcMobileCarrierDataProvider({ baseUrl: simulator.url, webKey: simulator.webKey, ratePerSecond: 5, timeoutMs: 2000 });
    const lookups = await lookUpAll(spaced);
    expect(lookups.map((lookup) => lookup.kind)).toEqual(['FOUND', 'FOUND', 'FOUND']);
    expect(simulator.calls).toHaveLength(12);
    expect(simulator.calls.filter((call) => call.status === 429)).toHaveLength(0);
    const span = simulator.calls.at(-1)!.at - simulator.calls[0]!.at;
    expect(span).toBeGreaterThanOrEqual(11 * 200 - 50); // 12 calls, 5 a second
  });

  it('waits as Retry-After says when throttled, then carries on', async () => {
    simulator.calls.length = 0;
    const hasty = new QcMobileCarrierDataProvider({ baseUrl: simulator.url, webKey: simulator.webKey, ratePerSecond: 1000, timeoutMs: 2000, maxRetryDelayMs: 1000 });
    const lookups = await lookUpAll(hasty);
    expect(lookups.map((lookup) => lookup.kind)).toEqual(['FOUND', 'FOUND', 'FOUND']);
    expect(simulator.calls.filter((call) => call.status === 429).length).toBeGreaterThan(0);
    expect(simulator.calls.filter((call) => call.status === 200)).toHaveLength(12);
  });

  it('gives up as RATE_LIMITED when QCMobile keeps throttling', async () => {
    const throttled = await startQcMobileSimulator({ ratePerSecond: 0 });
    try {
      const provider = new QcMobileCarrierDataProvider({ baseUrl: throttled.url, webKey: throttled.webKey, ratePerSecond: 1000, timeoutMs: 2000, sleep: noSleep });
      await expect(provider.lookup('501')).rejects.toMatchObject({ transient: true, providerCode: 'RATE_LIMITED' });
      expect(throttled.calls).toHaveLength(3);
    } finally {
      await throttled.close();
    }
  });

  it('the token bucket sleeps just long enough between calls', async () => {
    let now = 0;
    const slept: number[] = [];
    const bucket = new TokenBucket(5, 1, () => now, async (ms) => {
      slept.push(ms);
      now += ms;
    });
    for (let call = 0; call < 4; call++) await bucket.take();
    expect(slept).toEqual([200, 200, 200]);
    now += 1000; // idle: one token saved up, not five
    await bucket.take();
    await bucket.take();
    expect(slept).toEqual([200, 200, 200, 200]);
  });
});

describe('QCMobile settings', () => {
  it('needs the webKey when DOT_PROVIDER is qcmobile, and checks the rate limit and URL', () => {
    expect(() => loadConfig({ ...TEST_ENV, DOT_PROVIDER: 'qcmobile' })).toThrow(ConfigError);
    try {
      loadConfig({ ...TEST_ENV, DOT_PROVIDER: 'qcmobile', FMCSA_RATE_LIMIT_PER_SECOND: '0', FMCSA_QCMOBILE_URL: 'mobile.fmcsa' });
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('FMCSA_WEB_KEY');
      expect(problems).toContain('FMCSA_RATE_LIMIT_PER_SECOND');
      expect(problems).toContain('FMCSA_QCMOBILE_URL');
    }
    const config = loadConfig({ ...TEST_ENV });
    expect(config).toMatchObject({ DOT_PROVIDER: 'sandbox', FMCSA_QCMOBILE_URL: 'https://mobile.fmcsa.dot.gov/qc/services/', FMCSA_RATE_LIMIT_PER_SECOND: 5 });
  });
});

describe('DOT scores on QCMobile, through the app', () => {
  let simulator: QcMobileSimulator;
  let t: TestApp;
  beforeAll(async () => {
    simulator = await startQcMobileSimulator({ ratePerSecond: 1000 });
    propertyCarrier(simulator);
    passengerCarrier(simulator);
    t = await createTestApp('pglite', { DOT_PROVIDER: 'qcmobile', FMCSA_WEB_KEY: simulator.webKey, FMCSA_QCMOBILE_URL: simulator.url, FMCSA_RATE_LIMIT_PER_SECOND: '50' }, { queue: true });
  });
  afterAll(async () => {
    await t?.close();
    await simulator.close();
  });

  it('queues even a few numbers (QCMobile is rate limited) and reports FMCSA\'s figures as FMCSA\'s', async () => {
    const { users } = await seedTwoCompanies(t.db);
    const token = (await signInAs(t.app, users.manager.email)).idToken;
    const headers = { host: ACME_HOST, ...bearer(token) };
    const accepted = await t.app.inject({ method: 'POST', url: '/api/v1/scores/dot/quality', headers, payload: [String(PROPERTY), String(PASSENGER), '99999'] });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const [job] = (await t.db.execute(sql`select data from pgboss.job where name = ${DOT_SCORE_JOB}`) as unknown as { rows: { data: ScoringRun }[] }).rows;
    const scoring = new CarrierScoring(t.db, carrierDataProviderFrom(t.config, t.db), t.messenger, t.config);
    await runAsCompany(job!.data.companyId, () => scoring.score(job!.data));

    const report = (await t.app.inject({ method: 'GET', url: '/api/v1/scores/dot/quality/report', headers })).json();
    const byDot = Object.fromEntries(report.carriers.map((carrier: { dotNumber: string }) => [carrier.dotNumber, carrier]));
    expect(byDot['99999']).toMatchObject({ status: 'NOT_FOUND' });
    const property = byDot[String(PROPERTY)];
    expect(property).toMatchObject({ status: 'SCORED', source: 'qcmobile', asOf: '2026-11-20', legalName: 'VERIHA TRUCKING INC' });
    const unsafe = property.basics.find((basic: { code: string }) => basic.code === 'UNSAFE_DRIVING');
    expect(unsafe).toMatchObject({ measure: 1.02, percentile: null, status: 'INSUFFICIENT_DATA', source: { measure: { origin: 'FMCSA', provider: 'qcmobile', asOf: '2026-10-31' }, percentile: null } });
    expect(unsafe.peerGroup.name).toContain('FMCSA measures');
    const hos = byDot[String(PASSENGER)].basics.find((basic: { code: string }) => basic.code === 'HOS_COMPLIANCE');
    expect(hos).toMatchObject({ percentile: 57, threshold: 50, alert: true, status: 'ALERT', source: { percentile: { origin: 'FMCSA', provider: 'qcmobile' } } });
  });
});
