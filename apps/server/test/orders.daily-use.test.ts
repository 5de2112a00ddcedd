// What a compliance manager leans on every day in the orders and reports lists (issue 13): the
// search finds an order by a reference from their own records (the order's external reference,
// the driver's external id), only whole and only in their company; several order types at once;
// and finished vehicle and risk reports show their result (risk level, key finding) in the lists.
import { beforeAll, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { vinCheckDigit } from '@clearlane/contract';
import { ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, fulfilOrder, seedTwoCompanies, signInAs } from './helpers.ts';

/** A valid VIN whose serial ends in `digit` (the sandbox's scenario: 2 a salvage title, 0 a clean record). */
const vinEnding = (digit: number) => {
  const draft = `1FTFW1ET5DF00118${digit}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
};

const driver = (licenceDigits: string, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Rosa', lastName: 'Lind', dateOfBirth: '1979-06-02', licenceNumber: `D${licenceDigits}`, licenceState: 'CA', ...overrides,
});
const PURPOSE = 'WRITTEN_CONSENT';

describeEachDatabase('orders in daily use', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens: Record<'acme' | 'globex', string> = { acme: '', globex: '' };
  const placed = {} as Record<'byReference' | 'byDriverId' | 'byName' | 'vin' | 'irr' | 'bra' | 'pendingVin', { id: string }>;

  const call = (method: InjectOptions['method'], url: string, payload?: unknown, company: 'acme' | 'globex' = 'acme') =>
    t.app.inject({ method, url, payload: payload as never, headers: { host: company === 'acme' ? ACME_HOST : GLOBEX_HOST, ...bearer(tokens[company]) } });
  const created = async (method: InjectOptions['method'], url: string, payload: unknown, company: 'acme' | 'globex' = 'acme') => {
    const response = await call(method, url, payload, company);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  };
  const listed = async (url: string) => {
    const response = await call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().content as { id: string; resultSummary: unknown }[];
  };
  const ids = async (query: string) => (await listed(`/api/v1/orders${query}`)).map((order) => order.id).sort();
  const sorted = (...orders: { id: string }[]) => orders.map((order) => order.id).sort();

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    tokens.acme = (await signInAs(t.app, seeded.users.admin.email)).idToken;
    tokens.globex = (await signInAs(t.app, seeded.users.globexAdmin.email, undefined, GLOBEX_HOST)).idToken;
    const person = await created('POST', '/api/v1/person', driver('7000001', { firstName: 'Ivo', lastName: 'Brandt', externalId: 'EMP-0042' }));
    placed.byDriverId = await created('POST', '/api/v1/orders/create-mvr-order', { personId: person.id, permissiblePurpose: PURPOSE });
    placed.byReference = await created('POST', '/api/v1/orders/create-mvr-order', { driver: driver('7000002'), permissiblePurpose: PURPOSE, mvrExternalReferenceId: 'HR-7781' });
    placed.byName = await created('POST', '/api/v1/orders/create-mvr-order', { driver: driver('7000003', { firstName: 'Hr', lastName: 'Emp' }), permissiblePurpose: PURPOSE });
    placed.vin = await created('POST', '/api/v1/orders/vehicle/order', { vin: vinEnding(2) });
    placed.irr = await created('POST', '/api/v1/orders/irr/order', { person: { firstName: 'Nia', lastName: 'Stone', dateOfBirth: '1990-01-03', state: 'CA' } });
    const business = await created('POST', '/api/v1/businesses', { name: 'Hilltop Freight', ein: '98-7654322', state: 'TX' });
    placed.bra = await created('POST', '/api/v1/orders/bra/order', { businessId: business.id });
    placed.pendingVin = await created('POST', '/api/v1/orders/vehicle/order', { vin: vinEnding(0) });
    for (const order of [placed.vin, placed.irr, placed.bra]) await fulfilOrder(t.db, { id: order.id, companyId: seeded.acme.id });
    // Another company uses the same references for its own orders and drivers.
    const theirPerson = await created('POST', '/api/v1/person', driver('7000001', { externalId: 'EMP-0042' }), 'globex');
    await created('POST', '/api/v1/orders/create-mvr-order', { personId: theirPerson.id, permissiblePurpose: PURPOSE, mvrExternalReferenceId: 'HR-7781' }, 'globex');
  });

  it('GET /orders?filter= finds an order by its external reference and by its driver\'s external id, whole and in any case', async () => {
    expect(await ids('?filter=HR-7781')).toEqual(sorted(placed.byReference));
    expect(await ids('?filter=hr-7781')).toEqual(sorted(placed.byReference));
    expect(await ids('?filter=%20emp-0042%20')).toEqual(sorted(placed.byDriverId));
    // A reference matches only whole: a part of one lists nothing that only the reference would match.
    expect(await ids('?filter=HR-778')).toEqual([]);
    expect(await ids('?filter=EMP-004')).toEqual([]);
    // The subject still matches by part, alongside; a reference search combines with the other filters.
    expect(await ids('?filter=brandt')).toEqual(sorted(placed.byDriverId));
    expect(await ids('?filter=HR')).toEqual(sorted(placed.byName));
    expect(await ids('?filter=HR-7781&type=VIN_REPORT')).toEqual([]);
    // The other company's orders with the same references stay theirs.
    const theirs = (await call('GET', '/api/v1/orders?filter=EMP-0042', undefined, 'globex')).json().content as { id: string }[];
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.id).not.toBe(placed.byDriverId.id);
  });

  it('GET /orders?type= takes several types at once, one type as before, and names the field of a wrong one', async () => {
    expect(await ids('?type=VIN_REPORT')).toEqual(sorted(placed.vin, placed.pendingVin));
    expect(await ids('?type=VIN_REPORT&type=BUSINESS_RISK_INFORM_REPORT')).toEqual(sorted(placed.vin, placed.pendingVin, placed.bra));
    expect(await ids('?type=PERSON_RISK_ASSESSMENT&type=MVR&status=Complete')).toEqual(sorted(placed.irr));
    expect(await ids('?type=MVR&type=MVR_WITH_ADJUDICATION&filter=HR-7781')).toEqual(sorted(placed.byReference));
    const problem = expectProblem(await call('GET', '/api/v1/orders?type=MVR&type=PIZZA'), 400, 'ValidationError');
    expect(errorPaths(problem).some((path) => path.startsWith('query.type'))).toBe(true);
  });

  it('the orders and reports lists carry each finished vehicle and risk report\'s risk level and key finding', async () => {
    const orders = new Map((await listed('/api/v1/orders?size=100')).map((order) => [order.id, order.resultSummary]));
    // The sandbox's scenarios: a salvage title, a felony conviction, two open judgments.
    expect(orders.get(placed.vin.id)).toEqual({ riskLevel: null, keyFinding: 'Salvage title' });
    expect(orders.get(placed.irr.id)).toEqual({ riskLevel: 'SEVERE', keyFinding: 'Felony: vehicular assault, convicted' });
    expect(orders.get(placed.bra.id)).toEqual({ riskLevel: 'HIGH', keyFinding: 'Two open civil judgments totalling $142,000' });
    // An MVR shows its outcome, and an unfinished order has nothing to summarize yet.
    expect(orders.get(placed.byReference.id)).toBeNull();
    expect(orders.get(placed.pendingVin.id)).toBeNull();

    // The list's summary is the one the order itself and its report show.
    for (const order of [placed.vin, placed.irr, placed.bra]) {
      expect((await call('GET', `/api/v1/orders/${order.id}`)).json().resultSummary).toEqual(orders.get(order.id));
      expect((await call('GET', `/api/v1/reports/${order.id}`)).json().resultSummary).toEqual(orders.get(order.id));
    }
    const reports = new Map((await listed('/api/v1/reports?size=100')).map((report) => [report.id, report.resultSummary]));
    expect([...reports.keys()].sort()).toEqual(sorted(placed.vin, placed.irr, placed.bra));
    for (const [id, summary] of reports) expect(summary).toEqual(orders.get(id));
  });
}, {}, { queue: true });
