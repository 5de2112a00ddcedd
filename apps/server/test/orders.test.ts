// /api/v1/orders and POST /api/v1/person/{id}/order/mvr: placing every kind of order, the list and
// its filters, one order, its input, review and sub-status, and the reports of an order. Each
// endpoint with its happy path, bad input (a 400 naming the field, and no order placed), another
// company's admin (404, nothing changed) and the roles. Orders are completed by running their
// fulfilment job directly (fulfilOrder), so no test waits for the queue's worker.
import { beforeAll, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { and, count, eq, sql } from 'drizzle-orm';
import { vinCheckDigit } from '@clearlane/contract';
import { orderEvents, orders } from '../src/db/schema.ts';
import {
  ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, fulfilOrder, get, jobsOfOrder, newCompany, newUser, post,
  seedTwoCompanies, signInAs,
} from './helpers.ts';

type Role = 'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin';

/** A valid Honda VIN whose serial ends in `digit` (the sandbox's scenario). */
export const vinEnding = (digit: number) => {
  const draft = `1HGCM82603A00435${digit}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
};

/** A California licence number (1 letter, 7 digits) ending in the sandbox scenario's digit. */
let nextLicence = 100_000;
const caLicence = (digit: number) => `D${String(nextLicence++).padStart(6, '0')}${digit}`;
const inlineDriver = (digit = 0, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Dana', lastName: 'Reyes', dateOfBirth: '1988-04-12', licenceNumber: caLicence(digit), licenceState: 'CA', ...overrides,
});
const PURPOSE = 'WRITTEN_CONSENT';

describeEachDatabase('orders', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    for (const key of Object.keys(seeded.users) as Role[]) {
      tokens[key] = (await signInAs(t.app, seeded.users[key].email, undefined, key === 'globexAdmin' ? GLOBEX_HOST : undefined)).idToken;
    }
  });

  const hostOf = (role: Role) => (role === 'globexAdmin' ? GLOBEX_HOST : ACME_HOST);
  const send = (method: InjectOptions['method'], url: string, role: Role, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload: payload as InjectOptions['payload'], headers: { host: hostOf(role), ...bearer(tokens[role]), ...headers } });
  const read = (url: string, role: Role = 'agent', headers: Record<string, string> = {}) => send('GET', url, role, undefined, headers);

  const orderMvr = (body: Record<string, unknown>, role: Role = 'agent', query = '') => send('POST', `/api/v1/orders/create-mvr-order${query}`, role, body);
  const placed = async (response: Awaited<ReturnType<FastifyInstance['inject']>>) => {
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const mvrOrder = async (digit = 0, role: Role = 'agent', extra: Record<string, unknown> = {}, query = '') =>
    placed(await orderMvr({ driver: inlineDriver(digit), permissiblePurpose: PURPOSE, ...extra }, role, query));
  const complete = async (order: { id: string }, companyId = seeded.acme.id) => {
    await fulfilOrder(t.db, { id: order.id, companyId });
    return (await read(`/api/v1/orders/${order.id}`)).json();
  };
  const countOrders = async (companyId = seeded.acme.id) =>
    Number((await t.db.select({ value: count() }).from(orders).where(eq(orders.companyId, companyId)))[0]!.value);
  const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
  const eventsOf = async (id: string) => t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
  const jobsFor = async (orderId: string) => jobsOfOrder(t.db, orderId);

  const newPerson = async (overrides: Record<string, unknown> = {}, role: Role = 'agent') => {
    const response = await send('POST', '/api/v1/person', role, inlineDriver(0, overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  let nextEin = 10;
  const newBusiness = async (einDigit: number, role: Role = 'agent') => {
    const response = await send('POST', '/api/v1/businesses', role, { name: `Road Co ${nextEin}`, ein: `12-34${String(nextEin++).padStart(4, '0')}${einDigit}`, state: 'TX', dotNumber: '1234567' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  /** Each field error must come with no order created. */
  const refused = async (response: Awaited<ReturnType<FastifyInstance['inject']>>, status: number, paths: string[], code?: string) => {
    const problem = expectProblem(response, status, code);
    if (paths.length > 0) expect(errorPaths(problem)).toEqual(expect.arrayContaining(paths));
    return problem;
  };

  // --- POST /orders/create-mvr-order ---

  it('POST /orders/create-mvr-order places an MVR for a typed-in driver: the order, its CREATED event and its job', async () => {
    const before = await countOrders();
    const order = await mvrOrder(0, 'agent', { mvrExternalReferenceId: 'HR-42', tags: ['new-hire'] });
    expect(order).toMatchObject({
      type: 'MVR', status: 'New', processingStatus: 'NotStarted', outcome: null, isReviewed: false, permissiblePurpose: PURPOSE,
      isAutoAdjudicated: false, ruleNamespace: null, mvrExternalReferenceId: 'HR-42', tags: ['new-hire'], personId: null,
      subjectLabel: expect.stringMatching(/^Dana Reyes \(CA D\d{7}\)$/),
    });
    expect(await countOrders()).toBe(before + 1);
    expect(await rowOf(order.id)).toMatchObject({ companyId: seeded.acme.id, orderedBy: seeded.users.agent.userId });
    expect((await eventsOf(order.id)).map((e) => [e.type, e.toStatus, e.actorId])).toEqual([['CREATED', 'New', seeded.users.agent.userId]]);
    expect(await jobsFor(order.id)).toEqual([{ data: { orderId: order.id, companyId: seeded.acme.id } }]);
    // The new tag joins the company's tags.
    expect((await read('/api/v1/tags')).body).toContain('new-hire');
  });

  it('POST /orders/create-mvr-order for a driver of my company (personId) orders with the driver\'s licence', async () => {
    const person = await newPerson({ licenceNumber: caLicence(1) });
    const order = await placed(await orderMvr({ personId: person.id, permissiblePurpose: 'INSURANCE' }));
    expect(order).toMatchObject({ personId: person.id, subjectLabel: `Dana Reyes (CA ${person.licenceNumber})`, permissiblePurpose: 'INSURANCE' });
    const input = (await read(`/api/v1/orders/${order.id}/input`)).json();
    expect(input.input.driver).toMatchObject({ licenceNumber: person.licenceNumber, licenceState: 'CA' });
  });

  it('POST /orders/create-mvr-order?isAutoAdjudicated=true is an MVR_WITH_ADJUDICATION under the default ruleset', async () => {
    const order = await mvrOrder(0, 'agent', {}, '?isAutoAdjudicated=true');
    expect(order).toMatchObject({ type: 'MVR_WITH_ADJUDICATION', isAutoAdjudicated: true, ruleNamespace: 'default' });
  });

  it('POST /orders/create-mvr-order: a Texas licence carries the Type 2 record unless another is chosen', async () => {
    const texan = inlineDriver(0, { licenceState: 'TX', licenceNumber: '12345670' });
    const standard = await placed(await orderMvr({ driver: texan, permissiblePurpose: PURPOSE }));
    expect((await read(`/api/v1/orders/${standard.id}/input`)).json().input.texasRecordType).toBe('TYPE_2_THREE_YEAR');
    const chosen = await placed(await orderMvr({ driver: texan, permissiblePurpose: PURPOSE, texasRecordType: 'TYPE_3_CERTIFIED_THREE_YEAR' }));
    expect((await read(`/api/v1/orders/${chosen.id}/input`)).json().input.texasRecordType).toBe('TYPE_3_CERTIFIED_THREE_YEAR');
  });

  it('POST /orders/create-mvr-order refuses bad input naming the field, and places no order', async () => {
    const before = await countOrders();
    await refused(await orderMvr({ driver: inlineDriver() }), 400, ['body.permissiblePurpose'], 'ValidationError');
    await refused(await orderMvr({ driver: inlineDriver(), permissiblePurpose: 'CURIOSITY' }), 400, ['body.permissiblePurpose']);
    const licence = await refused(await orderMvr({ driver: inlineDriver(0, { licenceNumber: '12345678' }), permissiblePurpose: PURPOSE }), 400, ['body.driver.licenceNumber']);
    expect(licence.errors).toContainEqual({ path: 'body.driver.licenceNumber', message: 'California licence numbers are 1 letter and 7 digits (for example D1234567).' });
    const texas = await refused(await orderMvr({ driver: inlineDriver(), permissiblePurpose: PURPOSE, texasRecordType: 'TYPE_2_THREE_YEAR' }), 400, ['body.texasRecordType']);
    expect(texas.errors?.[0]?.message).toMatch(/Texas/);
    const badType = await refused(await orderMvr({ driver: inlineDriver(), permissiblePurpose: PURPOSE, texasRecordType: 'TYPE_9' }), 400, ['body.texasRecordType']);
    expect(badType.errors?.[0]?.message).toBe('must be one of TYPE_1_STATUS, TYPE_2_THREE_YEAR, TYPE_3_CERTIFIED_THREE_YEAR, TYPE_AR_CERTIFIED_ALL, or left out for TYPE_2_THREE_YEAR');
    const unknown = await refused(await orderMvr({ driver: inlineDriver(), permissiblePurpose: PURPOSE }, 'agent', '?isAutoAdjudicated=true&ruleNamespace=strict-fleet'), 400, ['query.ruleNamespace']);
    // The portal puts its label in front ("Ruleset is not one of …"): the message starts with the verb.
    expect(unknown.errors?.[0]?.message).toBe('is not one of your company\'s rulesets ("strict-fleet"); leave it empty for the default');
    // Naming rules that do not exist is refused even without adjudication: the order would claim them.
    await refused(await orderMvr({ driver: inlineDriver(), permissiblePurpose: PURPOSE }, 'agent', '?ruleNamespace=strict-fleet'), 400, ['query.ruleNamespace']);
    await refused(await orderMvr({ driver: inlineDriver(), permissiblePurpose: PURPOSE }, 'agent', '?ruleNamespace=Not_Valid'), 400, ['query.ruleNamespace']);
    await refused(await orderMvr({ driver: inlineDriver(), permissiblePurpose: PURPOSE }, 'agent', '?isAutoAdjudicated=yes'), 400, ['query.isAutoAdjudicated']);
    await refused(await orderMvr({ permissiblePurpose: PURPOSE }), 400, ['body.personId']);
    const person = await newPerson();
    await refused(await orderMvr({ personId: person.id, driver: inlineDriver(), permissiblePurpose: PURPOSE }), 400, ['body.personId']);
    await refused(await orderMvr({ driver: inlineDriver(0, { dateOfBirth: '2999-01-01', licenceState: 'ZZ' }), permissiblePurpose: PURPOSE }), 400, ['body.driver.dateOfBirth', 'body.driver.licenceState']);
    await refused(await orderMvr({ driver: inlineDriver(), permissiblePurpose: PURPOSE, tags: ['x'.repeat(200)] }), 400, ['body.tags.0']);
    expect(await countOrders()).toBe(before);
  });

  it('POST /orders/create-mvr-order with another company\'s driver is refused like an unknown one, and orders nothing', async () => {
    const theirs = await newPerson({}, 'globexAdmin');
    const before = await countOrders(seeded.globex.id);
    const problem = await refused(await orderMvr({ personId: theirs.id, permissiblePurpose: PURPOSE }), 400, ['body.personId']);
    const missing = await refused(await orderMvr({ personId: '01890000-0000-7000-8000-000000000000', permissiblePurpose: PURPOSE }), 400, ['body.personId']);
    expect(problem.errors).toEqual(missing.errors);
    expect(await countOrders(seeded.globex.id)).toBe(before);
  });

  it('POST /orders/create-mvr-order: Agent, Manager and Admin may order; a Viewer may not, and no order is placed', async () => {
    for (const role of ['agent', 'manager', 'admin'] as const) await mvrOrder(0, role);
    const before = await countOrders();
    expectProblem(await orderMvr({ driver: inlineDriver(), permissiblePurpose: PURPOSE }, 'viewer'), 403, 'Forbidden');
    expect(await countOrders()).toBe(before);
    expectProblem(await post(t.app, '/api/v1/orders/create-mvr-order', { driver: inlineDriver(), permissiblePurpose: PURPOSE }), 401);
  });

  // --- POST /person/{id}/order/mvr ---

  it('POST /person/{id}/order/mvr orders an MVR for the driver with the SPEC body plus the DPPA purpose', async () => {
    const person = await newPerson({ licenceState: 'TX', licenceNumber: '7654320' });
    const order = await placed(await send('POST', `/api/v1/person/${person.id}/order/mvr`, 'agent', {
      isAutoAdjudicated: true, ruleNamespace: 'default', mvrExternalReferenceId: 'EXT-1', permissiblePurpose: 'CDL_EMPLOYER_VERIFICATION',
    }));
    expect(order).toMatchObject({ type: 'MVR_WITH_ADJUDICATION', personId: person.id, ruleNamespace: 'default', mvrExternalReferenceId: 'EXT-1', permissiblePurpose: 'CDL_EMPLOYER_VERIFICATION' });
    expect((await read(`/api/v1/orders/${order.id}/input`)).json().input).toMatchObject({ texasRecordType: 'TYPE_2_THREE_YEAR', personId: person.id });
  });

  it('POST /person/{id}/order/mvr refuses bad input naming the field, and places no order', async () => {
    const person = await newPerson();
    const before = await countOrders();
    const url = `/api/v1/person/${person.id}/order/mvr`;
    await refused(await send('POST', url, 'agent', { isAutoAdjudicated: false }), 400, ['body.permissiblePurpose']);
    await refused(await send('POST', url, 'agent', { permissiblePurpose: PURPOSE, isAutoAdjudicated: true, ruleNamespace: 'nobody-has-this' }), 400, ['body.ruleNamespace']);
    await refused(await send('POST', url, 'agent', { permissiblePurpose: PURPOSE, texasRecordType: 'TYPE_2_THREE_YEAR' }), 400, ['body.texasRecordType']);
    await refused(await send('POST', url, 'agent', { permissiblePurpose: PURPOSE, isAutoAdjudicated: 'yes' }), 400, ['body.isAutoAdjudicated']);
    await refused(await send('POST', '/api/v1/person/not-a-uuid/order/mvr', 'agent', { permissiblePurpose: PURPOSE }), 400, ['params.id']);
    expect(await countOrders()).toBe(before);
  });

  it('POST /person/{id}/order/mvr: another company\'s driver is 404 and nothing is ordered; a Viewer is 403', async () => {
    const person = await newPerson();
    const before = [await countOrders(), await countOrders(seeded.globex.id)];
    expectProblem(await send('POST', `/api/v1/person/${person.id}/order/mvr`, 'globexAdmin', { permissiblePurpose: PURPOSE }), 404, 'NotFound');
    expectProblem(await send('POST', `/api/v1/person/${person.id}/order/mvr`, 'viewer', { permissiblePurpose: PURPOSE }), 403, 'Forbidden');
    expect([await countOrders(), await countOrders(seeded.globex.id)]).toEqual(before);
  });

  // --- POST /orders/vehicle/order ---

  it('POST /orders/vehicle/order places a VIN report order with the VIN normalised', async () => {
    const vin = vinEnding(0);
    const order = await placed(await send('POST', '/api/v1/orders/vehicle/order', 'agent', { vin: ` ${vin.toLowerCase()} ` }));
    expect(order).toMatchObject({ type: 'VIN_REPORT', status: 'New', subjectLabel: `VIN ${vin}`, permissiblePurpose: null });
    expect((await read(`/api/v1/orders/${order.id}/input`)).json()).toEqual({ id: order.id, type: 'VIN_REPORT', input: { vin } });
  });

  it('POST /orders/vehicle/order refuses a VIN with a wrong check digit with the reason, and places no order', async () => {
    const vin = vinEnding(0);
    const wrong = `${vin.slice(0, 8)}${vin[8] === '1' ? '2' : '1'}${vin.slice(9)}`;
    const before = await countOrders();
    const problem = await refused(await send('POST', '/api/v1/orders/vehicle/order', 'agent', { vin: wrong }), 400, ['body.vin'], 'ValidationError');
    expect(problem.errors?.[0]?.message).toMatch(/check digit \(9th character\) is \d but should be/);
    const short = await refused(await send('POST', '/api/v1/orders/vehicle/order', 'agent', { vin: '1HGCM826' }), 400, ['body.vin']);
    expect(short.errors?.[0]?.message).toBe('A VIN has 17 characters; this one has 8.');
    await refused(await send('POST', '/api/v1/orders/vehicle/order', 'agent', { vin: vin.replace(/^1/, 'I') }), 400, ['body.vin']);
    await refused(await send('POST', '/api/v1/orders/vehicle/order', 'agent', {}), 400, ['body.vin']);
    expect(await countOrders()).toBe(before);
  });

  it('POST /orders/vehicle/order: a Viewer may not order (403, nothing placed); Agent and Manager may', async () => {
    const before = await countOrders();
    expectProblem(await send('POST', '/api/v1/orders/vehicle/order', 'viewer', { vin: vinEnding(1) }), 403, 'Forbidden');
    expect(await countOrders()).toBe(before);
    await placed(await send('POST', '/api/v1/orders/vehicle/order', 'manager', { vin: vinEnding(1) }));
  });

  // --- POST /orders/irr/order ---

  it('POST /orders/irr/order orders a person risk assessment of a driver or a typed-in person, with a definition', async () => {
    const person = await newPerson({ dateOfBirth: '1990-05-13' });
    const ofDriver = await placed(await send('POST', '/api/v1/orders/irr/order', 'agent', { personId: person.id }));
    expect(ofDriver).toMatchObject({ type: 'PERSON_RISK_ASSESSMENT', personId: person.id, riskAssessmentDefinitionName: 'standard', subjectLabel: 'Dana Reyes' });
    const typed = await placed(await send('POST', '/api/v1/orders/irr/order?riskAssessmentDefinitionName=fleet%20v2', 'agent', {
      person: { firstName: 'Lee', lastName: 'Park', dateOfBirth: '1979-01-20', state: 'WA' },
    }));
    expect(typed).toMatchObject({ personId: null, riskAssessmentDefinitionName: 'fleet v2', subjectLabel: 'Lee Park' });
  });

  it('POST /orders/irr/order refuses bad input naming the field; another company\'s driver is refused; a Viewer is 403', async () => {
    const theirs = await newPerson({}, 'globexAdmin');
    const before = await countOrders();
    await refused(await send('POST', '/api/v1/orders/irr/order', 'agent', {}), 400, ['body.personId']);
    await refused(await send('POST', '/api/v1/orders/irr/order', 'agent', { person: { firstName: '', lastName: 'Park', dateOfBirth: '1979-02-30', state: 'XX' } }), 400, ['body.person.firstName', 'body.person.dateOfBirth', 'body.person.state']);
    await refused(await send('POST', '/api/v1/orders/irr/order?riskAssessmentDefinitionName=%24%24%24', 'agent', { personId: theirs.id }), 400, ['query.riskAssessmentDefinitionName']);
    await refused(await send('POST', '/api/v1/orders/irr/order', 'agent', { personId: theirs.id }), 400, ['body.personId']);
    expectProblem(await send('POST', '/api/v1/orders/irr/order', 'viewer', { person: { firstName: 'Lee', lastName: 'Park', dateOfBirth: '1979-01-20', state: 'WA' } }), 403, 'Forbidden');
    expect(await countOrders()).toBe(before);
  });

  // --- POST /orders/bra/order ---

  it('POST /orders/bra/order orders a business risk report of a business of my company', async () => {
    const business = await newBusiness(0);
    const order = await placed(await send('POST', '/api/v1/orders/bra/order?riskAssessmentDefinitionName=carrier', 'agent', { businessId: business.id, tags: ['carriers'] }));
    expect(order).toMatchObject({ type: 'BUSINESS_RISK_INFORM_REPORT', businessId: business.id, subjectLabel: business.name, riskAssessmentDefinitionName: 'carrier', tags: ['carriers'] });
  });

  it('POST /orders/bra/order refuses a missing or foreign business naming body.businessId; a Viewer is 403', async () => {
    const theirs = (await send('POST', '/api/v1/businesses', 'globexAdmin', { name: 'Globex Freight', ein: '12-3456780', state: 'TX' })).json();
    const before = await countOrders();
    await refused(await send('POST', '/api/v1/orders/bra/order', 'agent', {}), 400, ['body.businessId']);
    await refused(await send('POST', '/api/v1/orders/bra/order', 'agent', { businessId: 'nope' }), 400, ['body.businessId']);
    await refused(await send('POST', '/api/v1/orders/bra/order', 'agent', { businessId: theirs.id }), 400, ['body.businessId']);
    const mine = await newBusiness(1);
    expectProblem(await send('POST', '/api/v1/orders/bra/order', 'viewer', { businessId: mine.id }), 403, 'Forbidden');
    expect(await countOrders()).toBe(before);
  });

  // --- GET /orders ---

  it('GET /orders filters by type, status, outcome, reviewed, tag, driver, business, text and dates, and pages', async () => {
    const company = await newCompany(t.db, 'listco', 'List Co');
    const admin = await newUser(t.db, { tenant: 'listco', role: 'Company Admin' });
    const host = 'listco.localhost:3000';
    const token = (await signInAs(t.app, admin.email, undefined, host)).idToken;
    const call = (method: InjectOptions['method'], url: string, payload?: unknown) => t.app.inject({ method, url, payload: payload as never, headers: { host, ...bearer(token) } });
    const person = (await call('POST', '/api/v1/person', inlineDriver(0, { firstName: 'Zoe', lastName: 'Quist' }))).json();
    const business = (await call('POST', '/api/v1/businesses', { name: 'Quick Haul', ein: '12-3450001', state: 'TX' })).json();

    const clean = (await call('POST', '/api/v1/orders/create-mvr-order?isAutoAdjudicated=true', { personId: person.id, permissiblePurpose: PURPOSE, tags: ['fleet'] })).json();
    const failing = (await call('POST', '/api/v1/orders/create-mvr-order?isAutoAdjudicated=true', { driver: inlineDriver(3, { firstName: 'Omar', lastName: 'Diaz' }), permissiblePurpose: PURPOSE })).json();
    const vin = (await call('POST', '/api/v1/orders/vehicle/order', { vin: vinEnding(2) })).json();
    const bra = (await call('POST', '/api/v1/orders/bra/order', { businessId: business.id })).json();
    const pending = (await call('POST', '/api/v1/orders/create-mvr-order', { driver: inlineDriver(0, { firstName: 'Pat', lastName: 'Stone' }), permissiblePurpose: PURPOSE, tags: ['fleet'] })).json();
    for (const order of [clean, failing, vin, bra]) await fulfilOrder(t.db, { id: order.id, companyId: company.id });
    expect((await call('PATCH', `/api/v1/orders/${vin.id}/reviewed`, { isReviewed: true })).statusCode).toBe(200);

    const ids = async (query: string) => {
      const response = await call('GET', `/api/v1/orders${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().content as { id: string }[]).map((order) => order.id);
    };
    // Newest first by default.
    expect(await ids('')).toEqual([pending.id, bra.id, vin.id, failing.id, clean.id]);
    expect(await ids('?type=VIN_REPORT')).toEqual([vin.id]);
    expect(await ids('?status=New')).toEqual([pending.id]);
    expect(await ids('?status=Complete&sort=createdAt,asc')).toEqual([clean.id, failing.id, vin.id, bra.id]);
    expect(await ids('?outcome=Pass')).toEqual([clean.id]);
    expect(await ids('?outcome=Fail')).toEqual([failing.id]);
    expect(await ids('?isReviewed=true')).toEqual([vin.id]);
    expect((await ids('?isReviewed=false')).sort()).toEqual([clean.id, failing.id, bra.id, pending.id].sort());
    expect((await ids('?tag=fleet')).sort()).toEqual([clean.id, pending.id].sort());
    expect(await ids(`?personId=${person.id}`)).toEqual([clean.id]);
    expect(await ids(`?businessId=${business.id}`)).toEqual([bra.id]);
    // Free text: the words of the subject from their beginning, in any order and case; identifiers
    // (licence number, VIN) also by their last characters (migration 0018); never a word's middle.
    expect(await ids('?filter=quIST')).toEqual([clean.id]);
    expect(await ids('?filter=qui')).toEqual([bra.id, clean.id]);
    expect(await ids('?filter=quist%20zoe')).toEqual([clean.id]);
    expect(await ids('?filter=quick-haul')).toEqual([bra.id]);
    expect(await ids('?filter=uist')).toEqual([]);
    expect(await ids('?filter=100%25')).toEqual([]); // a % is punctuation, not a wildcard
    expect(await ids('?filter=%25%20-')).toEqual([]); // nothing but punctuation: nothing to look for
    const licence = /\(CA (\w+)\)/.exec(clean.subjectLabel)![1]!;
    expect(await ids(`?filter=${licence.toLowerCase()}`)).toEqual([clean.id]);
    expect(await ids(`?filter=${licence.slice(0, 4)}`)).toEqual([pending.id, failing.id, clean.id]);
    expect(await ids(`?filter=ca%20${licence.slice(-5)}`)).toEqual([clean.id]);
    expect(await ids(`?filter=${vinEnding(2).slice(-6)}`)).toEqual([vin.id]);
    expect(await ids(`?filter=vin%20${vinEnding(2).slice(0, 5)}`)).toEqual([vin.id]);
    expect(await ids(`?filter=${vinEnding(2).slice(4, 10)}`)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`?from=${today}&to=${today}`)).toHaveLength(5);
    expect(await ids('?to=2000-01-01')).toEqual([]);
    expect(await ids(`?from=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`)).toEqual([]);
    expect(await ids('?sort=subjectLabel,asc')).toEqual([failing.id, pending.id, bra.id, vin.id, clean.id]);
    expect(await ids('?sort=type&sort=createdAt,desc')).toEqual([bra.id, pending.id, failing.id, clean.id, vin.id]);

    const page = (await call('GET', '/api/v1/orders?page=1&size=2&sort=createdAt,asc')).json();
    expect(page.content.map((o: { id: string }) => o.id)).toEqual([vin.id, bra.id]);
    expect(page.page).toEqual({ number: 1, size: 2, totalElements: 5, totalPages: 3 });
    // Lists carry no input or provider result.
    expect(page.content[0]).not.toHaveProperty('result');
    expect(page.content[0]).not.toHaveProperty('input');
  });

  it('GET /orders refuses a bad sort, date, filter value or page naming the query field', async () => {
    const sort = await refused(await read('/api/v1/orders?sort=price,asc'), 400, ['query.sort'], 'ValidationError');
    expect(sort.errors?.[0]?.message).toContain('createdAt');
    await refused(await read('/api/v1/orders?sort=createdAt,sideways'), 400, ['query.sort']);
    await refused(await read('/api/v1/orders?from=yesterday'), 400, ['query.from']);
    await refused(await read('/api/v1/orders?to=2024-02-30'), 400, ['query.to']);
    await refused(await read('/api/v1/orders?from=2024-13-01'), 400, ['query.from']);
    await refused(await read('/api/v1/orders?from=2024-03-02&to=2024-03-01'), 400, ['query.to']);
    expect((await read('/api/v1/orders?from=2024-03-01&to=2024-03-01')).statusCode).toBe(200);
    await refused(await read('/api/v1/orders?status=Done'), 400, ['query.status']);
    await refused(await read('/api/v1/orders?type=PIZZA'), 400, ['query.type']);
    await refused(await read('/api/v1/orders?outcome=Maybe'), 400, ['query.outcome']);
    await refused(await read('/api/v1/orders?isReviewed=1'), 400, ['query.isReviewed']);
    await refused(await read('/api/v1/orders?personId=42'), 400, ['query.personId']);
    await refused(await read('/api/v1/orders?size=1000'), 400, ['query.size']);
    await refused(await read('/api/v1/orders?page=-1'), 400, ['query.page']);
  });

  it('GET /orders shows only my company\'s orders, to every role of it', async () => {
    const mine = await mvrOrder(0);
    for (const role of ['viewer', 'agent', 'manager', 'admin'] as const) {
      const response = await read('/api/v1/orders?size=100', role);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().content.map((o: { id: string }) => o.id)).toContain(mine.id);
    }
    const theirs = (await read('/api/v1/orders?size=100', 'globexAdmin')).json();
    expect(theirs.content.map((o: { id: string }) => o.id)).not.toContain(mine.id);
    expect(theirs.page.totalElements).toBe(await countOrders(seeded.globex.id));
    expectProblem(await get(t.app, '/api/v1/orders'), 401);
  });

  // --- GET /orders/{id} and /input ---

  it('GET /orders/{id} answers the order with its timeline; GET /orders/{id}/input what was submitted', async () => {
    const order = await mvrOrder(1, 'agent', { mvrExternalReferenceId: 'REF-9' });
    const detail = (await read(`/api/v1/orders/${order.id}`, 'viewer')).json();
    expect(detail).toMatchObject({ ...order, updatedAt: expect.any(String), adjudication: null });
    expect(detail.events).toEqual([expect.objectContaining({ type: 'CREATED', toStatus: 'New', actorId: seeded.users.agent.userId, message: 'Ordered by Aggie Agent' })]);
    const input = (await read(`/api/v1/orders/${order.id}/input`, 'viewer')).json();
    expect(input).toEqual({
      id: order.id, type: 'MVR',
      input: expect.objectContaining({ permissiblePurpose: PURPOSE, mvrExternalReferenceId: 'REF-9', isAutoAdjudicated: false, driver: expect.objectContaining({ firstName: 'Dana', licenceState: 'CA' }) }),
    });
  });

  it('GET /orders/{id} and /input of another company\'s order are 404 like a missing one; a malformed id is 400', async () => {
    const order = await mvrOrder(0);
    for (const path of ['', '/input', '/reviewed']) {
      const outsider = expectProblem(await read(`/api/v1/orders/${order.id}${path}`, 'globexAdmin'), 404, 'NotFound');
      const missing = expectProblem(await read(`/api/v1/orders/01890000-0000-7000-8000-000000000000${path}`), 404, 'NotFound');
      expect(outsider.detail).toBe(missing.detail);
      expect(errorPaths(expectProblem(await read(`/api/v1/orders/not-a-uuid${path}`), 400, 'ValidationError'))).toEqual(['params.id']);
    }
  });

  // --- GET/PATCH /orders/{id}/reviewed ---

  it('PATCH /orders/{id}/reviewed records who reviewed and when, with an event; clearing it too', async () => {
    const order = await mvrOrder(0);
    expect((await read(`/api/v1/orders/${order.id}/reviewed`, 'viewer')).json()).toEqual({ isReviewed: false, reviewedAt: null, reviewedBy: null });
    const before = Date.now();
    const marked = await send('PATCH', `/api/v1/orders/${order.id}/reviewed`, 'manager', { isReviewed: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ isReviewed: true, reviewedAt: expect.any(String), reviewedBy: seeded.users.manager.userId });
    expect(new Date(marked.json().reviewedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await read(`/api/v1/orders/${order.id}/reviewed`)).json()).toEqual(marked.json());
    // Marking it again changes nothing and adds no event.
    expect((await send('PATCH', `/api/v1/orders/${order.id}/reviewed`, 'admin', { isReviewed: true })).json()).toEqual(marked.json());
    const cleared = (await send('PATCH', `/api/v1/orders/${order.id}/reviewed`, 'admin', { isReviewed: false })).json();
    expect(cleared).toEqual({ isReviewed: false, reviewedAt: null, reviewedBy: null });
    const events = (await read(`/api/v1/orders/${order.id}`)).json().events;
    expect(events.map((e: { type: string; actorId: string }) => [e.type, e.actorId])).toEqual([
      ['CREATED', seeded.users.agent.userId], ['REVIEWED', seeded.users.manager.userId], ['REVIEW_CLEARED', seeded.users.admin.userId],
    ]);
  });

  it('PATCH /orders/{id}/reviewed: Agents and Viewers may not (403), another company gets 404, bad bodies 400; nothing changes', async () => {
    const order = await mvrOrder(0);
    for (const role of ['agent', 'viewer'] as const) expectProblem(await send('PATCH', `/api/v1/orders/${order.id}/reviewed`, role, { isReviewed: true }), 403, 'Forbidden');
    expectProblem(await send('PATCH', `/api/v1/orders/${order.id}/reviewed`, 'globexAdmin', { isReviewed: true }), 404, 'NotFound');
    expect(errorPaths(expectProblem(await send('PATCH', `/api/v1/orders/${order.id}/reviewed`, 'manager', { isReviewed: 'yes' }), 400))).toEqual(['body.isReviewed']);
    expect(errorPaths(expectProblem(await send('PATCH', `/api/v1/orders/${order.id}/reviewed`, 'manager', {}), 400))).toEqual(['body.isReviewed']);
    expect(await rowOf(order.id)).toMatchObject({ isReviewed: false, reviewedBy: null, reviewedAt: null });
    expect((await eventsOf(order.id)).map((e) => e.type)).toEqual(['CREATED']);
  });

  // --- PATCH /orders/{id}/status ---

  it('PATCH /orders/{id}/status keeps the latest sub-status on the order and every change with its notes in the history', async () => {
    const order = await mvrOrder(0);
    const first = await send('PATCH', `/api/v1/orders/${order.id}/status`, 'manager', { subStatus: 'Awaiting driver', changeNotes: 'Asked the driver by mail' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ subStatus: 'Awaiting driver', changeNotes: 'Asked the driver by mail', status: 'New' });
    const second = (await send('PATCH', `/api/v1/orders/${order.id}/status`, 'admin', { subStatus: '  under REVIEW ' })).json();
    expect(second).toMatchObject({ subStatus: 'Under review', changeNotes: null });
    const changes = second.events.filter((e: { type: string }) => e.type === 'SUB_STATUS_CHANGED');
    expect(changes).toEqual([
      expect.objectContaining({ actorId: seeded.users.manager.userId, data: { from: null, to: 'Awaiting driver', changeNotes: 'Asked the driver by mail' } }),
      expect.objectContaining({ actorId: seeded.users.admin.userId, data: { from: 'Awaiting driver', to: 'Under review', changeNotes: null } }),
    ]);
    expect(changes[1].message).toContain('changed from "Awaiting driver" to "Under review"');
  });

  it('PATCH /orders/{id}/status: bad bodies are 400 naming the field, Agents and Viewers 403, another company 404; nothing changes', async () => {
    const order = await mvrOrder(0);
    const url = `/api/v1/orders/${order.id}/status`;
    expect(errorPaths(expectProblem(await send('PATCH', url, 'manager', { subStatus: '' }), 400))).toEqual(['body.subStatus']);
    expect(errorPaths(expectProblem(await send('PATCH', url, 'manager', { subStatus: 'x'.repeat(61) }), 400))).toEqual(['body.subStatus']);
    expect(errorPaths(expectProblem(await send('PATCH', url, 'manager', { subStatus: 'Cleared', changeNotes: 'x'.repeat(2001) }), 400))).toEqual(['body.changeNotes']);
    // Not in the company's list (DEFAULT_SUB_STATUSES until saved): refused, naming the field and the list.
    const unlisted = expectProblem(await send('PATCH', url, 'manager', { subStatus: 'Fine' }), 400);
    expect(unlisted.errors).toEqual([{ path: 'body.subStatus', message: expect.stringContaining('Under review, Awaiting driver, Escalated, Cleared, Adverse action started') }]);
    for (const role of ['agent', 'viewer'] as const) expectProblem(await send('PATCH', url, role, { subStatus: 'Mine' }), 403, 'Forbidden');
    expectProblem(await send('PATCH', url, 'globexAdmin', { subStatus: 'Theirs' }), 404, 'NotFound');
    expect(await rowOf(order.id)).toMatchObject({ subStatus: null, changeNotes: null });
    expect((await eventsOf(order.id)).map((e) => e.type)).toEqual(['CREATED']);
  });

  // --- GET /orders/{id}/mvr/report ---

  it('GET /orders/{id}/mvr/report answers by Accept: standard or condensed PDF, text, or both as JSON', async () => {
    const order = await complete(await mvrOrder(2, 'agent', {}, '?isAutoAdjudicated=true'));
    expect(order.status).toBe('Complete');
    const url = `/api/v1/orders/${order.id}/mvr/report`;

    const standard = await read(url, 'viewer', { accept: 'application/pdf' });
    expect(standard.statusCode, standard.body).toBe(200);
    expect(standard.headers['content-type']).toBe('application/pdf');
    expect(standard.headers['content-disposition']).toBe(`attachment; filename="mvr-${order.id}-standard.pdf"`);
    expect(standard.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const condensed = await read(`${url}?format=MVR_CONDENSED_REPORT`, 'viewer', { accept: 'application/pdf' });
    expect(condensed.headers['content-disposition']).toBe(`attachment; filename="mvr-${order.id}-condensed.pdf"`);
    expect(condensed.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(condensed.rawPayload.equals(standard.rawPayload)).toBe(false);

    const text = await read(url, 'viewer', { accept: 'text/plain' });
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toContain('Dana');
    expect(text.body).toMatch(/Disregarding a traffic signal/);

    const both = await read(url, 'viewer', { accept: 'application/pdf+text' });
    expect(both.statusCode).toBe(200);
    expect(both.headers['content-type']).toMatch(/^application\/json/);
    const bundle = both.json();
    expect(bundle).toEqual({ format: 'MVR_CONDENSED_REPORT', fileName: `mvr-${order.id}-condensed.pdf`, pdf: expect.any(String), text: text.body });
    expect(Buffer.from(bundle.pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // No Accept (or */*) is the standard PDF; a browser's list picks the first type offered.
    expect((await read(url, 'viewer', { accept: '*/*' })).headers['content-type']).toBe('application/pdf');
    expect((await read(url, 'viewer', { accept: 'text/html, text/plain;q=0.9' })).headers['content-type']).toBe('text/plain; charset=utf-8');
    // q-values rank the types; q=0 refuses one.
    expect((await read(url, 'viewer', { accept: 'text/plain;q=0.5, application/pdf' })).headers['content-type']).toBe('application/pdf');
    expect((await read(url, 'viewer', { accept: 'application/pdf;q=0, text/plain;q=0.2' })).headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('GET /orders/{id}/mvr/report: unsupported Accept is 406, an unfinished order 409, another type 409, another company 404', async () => {
    const done = await complete(await mvrOrder(0));
    const notAcceptable = expectProblem(await read(`/api/v1/orders/${done.id}/mvr/report`, 'agent', { accept: 'image/png' }), 406, 'NotAcceptable');
    expectProblem(await read(`/api/v1/orders/${done.id}/mvr/report`, 'agent', { accept: 'application/pdf;q=0' }), 406, 'NotAcceptable');
    expect(notAcceptable.detail).toContain('application/pdf');
    expect(notAcceptable.title).toBe('Not Acceptable');
    expectProblem(await read(`/api/v1/orders/${done.id}/mvr/report?format=MVR_FANCY`, 'agent', { accept: 'application/pdf' }), 400, 'ValidationError');

    const pending = await mvrOrder(0);
    const notReady = expectProblem(await read(`/api/v1/orders/${pending.id}/mvr/report`, 'agent', { accept: 'application/pdf' }), 409, 'ReportNotReady');
    expect(notReady.detail).toContain('New');

    const failed = await complete(await mvrOrder(8));
    expect(failed.status).toBe('Error');
    const why = expectProblem(await read(`/api/v1/orders/${failed.id}/mvr/report`, 'agent', { accept: 'text/plain' }), 409, 'ReportNotReady');
    expect(why.detail).toContain('did not answer');

    const vin = await placed(await send('POST', '/api/v1/orders/vehicle/order', 'agent', { vin: vinEnding(0) }));
    await complete(vin);
    expectProblem(await read(`/api/v1/orders/${vin.id}/mvr/report`, 'agent', { accept: 'application/pdf' }), 409, 'WrongOrderType');
    expectProblem(await read(`/api/v1/orders/${done.id}/mvr/report`, 'globexAdmin', { accept: 'application/pdf' }), 404, 'NotFound');
  });

  // --- the other reports of an order ---

  it('GET /orders/{id}/violation/report lists the violations, accidents, DMV actions and points of a completed MVR', async () => {
    const order = await complete(await mvrOrder(3));
    const response = await read(`/api/v1/orders/${order.id}/violation/report`, 'viewer');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      orderId: order.id, subject: { firstName: 'Dana', lastName: 'Reyes' }, totalPoints: 8,
      violations: [expect.objectContaining({ code: 'A21', category: 'MAJOR' })],
      // Newest first, as every page and document lists them (issue 13): the reinstatement ends the suspension.
      dmvActions: [expect.objectContaining({ type: 'REINSTATEMENT' }), expect.objectContaining({ type: 'SUSPENSION' })],
    });
    const clean = await complete(await mvrOrder(0));
    expect((await read(`/api/v1/orders/${clean.id}/violation/report`)).json()).toMatchObject({ violations: [], totalPoints: 0 });
  });

  it('GET /orders/{id}/vehicle|irr|bra/report answer the provider\'s report of a completed order of their type', async () => {
    const vin = await complete(await placed(await send('POST', '/api/v1/orders/vehicle/order', 'agent', { vin: vinEnding(5) })));
    const vehicle = await read(`/api/v1/orders/${vin.id}/vehicle/report`, 'viewer');
    expect(vehicle.statusCode, vehicle.body).toBe(200);
    expect(vehicle.json()).toMatchObject({ result: 'RECORDS_FOUND', vin: vinEnding(5), theftRecord: true, vehicle: { make: 'Honda' } });

    const person = await newPerson({ dateOfBirth: '1984-03-13' });
    const irr = await complete(await placed(await send('POST', '/api/v1/orders/irr/order', 'agent', { personId: person.id })));
    const assessment = await read(`/api/v1/orders/${irr.id}/irr/report`, 'viewer');
    expect(assessment.statusCode, assessment.body).toBe(200);
    expect(assessment.json()).toMatchObject({ result: 'SUBJECT_FOUND', riskLevel: 'SEVERE', definitionName: 'standard', subject: { lastName: 'Reyes', state: 'CA' } });

    const business = await newBusiness(4);
    const bra = await complete(await placed(await send('POST', '/api/v1/orders/bra/order', 'agent', { businessId: business.id })));
    const report = await read(`/api/v1/orders/${bra.id}/bra/report`, 'viewer');
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ result: 'BUSINESS_FOUND', riskLevel: 'SEVERE', findings: [expect.objectContaining({ category: 'SANCTIONS' })], business: { name: business.name } });

    // Each report is for its own type of order only.
    const mvr = await complete(await mvrOrder(0));
    for (const [path, order] of [['vehicle', mvr], ['irr', vin], ['bra', irr], ['violation', bra]] as const) {
      const wrong = expectProblem(await read(`/api/v1/orders/${order.id}/${path}/report`), 409, 'WrongOrderType');
      expect(wrong.detail).toContain(order.type);
    }
    // Another company's order is not there.
    for (const [path, order] of [['vehicle', vin], ['irr', irr], ['bra', bra], ['violation', mvr]] as const) {
      expectProblem(await read(`/api/v1/orders/${order.id}/${path}/report`, 'globexAdmin'), 404, 'NotFound');
    }
  });

  it('GET /orders/{id}/vehicle|irr|bra/report of an order not yet complete is 409 ReportNotReady', async () => {
    const vin = await placed(await send('POST', '/api/v1/orders/vehicle/order', 'agent', { vin: vinEnding(0) }));
    expectProblem(await read(`/api/v1/orders/${vin.id}/vehicle/report`), 409, 'ReportNotReady');
    const irr = await placed(await send('POST', '/api/v1/orders/irr/order', 'agent', { person: { firstName: 'Lee', lastName: 'Park', dateOfBirth: '1979-01-20', state: 'WA' } }));
    expectProblem(await read(`/api/v1/orders/${irr.id}/irr/report`), 409, 'ReportNotReady');
    const bra = await placed(await send('POST', '/api/v1/orders/bra/order', 'agent', { businessId: (await newBusiness(0)).id }));
    expectProblem(await read(`/api/v1/orders/${bra.id}/bra/report`), 409, 'ReportNotReady');
    expectProblem(await read(`/api/v1/orders/${vin.id}/violation/report`), 409, 'WrongOrderType');
    expect(errorPaths(expectProblem(await read('/api/v1/orders/xyz/vehicle/report'), 400))).toEqual(['params.id']);
  });

  // --- GET /orders/health/mvr-metrics ---

  it('GET /orders/health/mvr-metrics counts my company\'s MVR orders of the last 30 days by status and outcome', async () => {
    await newCompany(t.db, 'metricco', 'Metric Co');
    const admin = await newUser(t.db, { tenant: 'metricco', role: 'Company Admin' });
    const viewer = await newUser(t.db, { tenant: 'metricco', role: 'Viewer' });
    const host = 'metricco.localhost:3000';
    const token = (await signInAs(t.app, admin.email, undefined, host)).idToken;
    const metrics = async (as = token) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/orders/health/mvr-metrics', headers: { host, ...bearer(as) } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect(await metrics()).toMatchObject({ total: 0, byStatus: {}, byOutcome: {}, averageTurnaroundSeconds: null });

    const order = async (digit: number, query = '') =>
      (await t.app.inject({ method: 'POST', url: `/api/v1/orders/create-mvr-order${query}`, payload: { driver: inlineDriver(digit), permissiblePurpose: PURPOSE }, headers: { host, ...bearer(token) } })).json();
    const companyId = (await rowOf((await order(0)).id))!.companyId; // left New
    for (const [digit, query] of [[0, '?isAutoAdjudicated=true'], [3, '?isAutoAdjudicated=true'], [6, ''], [8, '']] as const) {
      await fulfilOrder(t.db, { id: (await order(digit, query)).id, companyId });
    }
    // Not an MVR: not counted.
    await t.app.inject({ method: 'POST', url: '/api/v1/orders/vehicle/order', payload: { vin: vinEnding(0) }, headers: { host, ...bearer(token) } });
    // An MVR older than 30 days: not counted.
    const old = await order(0);
    await t.db.update(orders).set({ createdAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(orders.id, old.id));

    const result = await metrics((await signInAs(t.app, viewer.email, undefined, host)).idToken);
    expect(result).toMatchObject({
      total: 5,
      byStatus: { New: 1, Complete: 3, Error: 1 },
      byOutcome: { Pass: 1, Fail: 1, NoResults: 1, None: 2 },
      averageTurnaroundSeconds: expect.any(Number),
    });
    expect(new Date(result.to).getTime() - new Date(result.from).getTime()).toBe(30 * 86_400_000);
    // Acme's figures are Acme's own.
    const acme = (await read('/api/v1/orders/health/mvr-metrics', 'viewer')).json();
    const acmeMvrs = Number((await t.db.select({ value: count() }).from(orders).where(and(eq(orders.companyId, seeded.acme.id), sql`${orders.type} like 'MVR%'`)))[0]!.value);
    expect(acme.total).toBe(acmeMvrs);
    expectProblem(await get(t.app, '/api/v1/orders/health/mvr-metrics'), 401);
  });
}, {}, { queue: true });
