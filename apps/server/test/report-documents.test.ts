// The report documents of an order: GET /orders/{id}/violation|vehicle|irr|bra/report with
// Accept: application/pdf answers the report as a PDF in the house style (read back with poppler:
// page count and text), JSON otherwise as before; an Accept it cannot meet is 406; another company's
// order 404; every role that may view orders may download; a company without the orders plugin 403.
import { beforeAll, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { vinCheckDigit } from '@clearlane/contract';
import { ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, errorPaths, expectProblem, fulfilOrder, newCompany, newUser, seedTwoCompanies, signInAs } from './helpers.ts';
import { readPdf } from './pdf-reader.ts';

type Role = 'admin' | 'manager' | 'agent' | 'viewer' | 'globexAdmin';
type Kind = 'violation' | 'vehicle' | 'irr' | 'bra';

const vinEnding = (digit: number) => {
  const draft = `1FUJGLDR0CL00000${digit}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
};

describeEachDatabase('report documents', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  const tokens = {} as Record<Role, string>;
  const orders = {} as Record<Kind, { id: string; subjectLabel: string }>;

  const send = (url: string, role: Role, headers: Record<string, string> = {}, host = role === 'globexAdmin' ? GLOBEX_HOST : ACME_HOST) =>
    t.app.inject({ method: 'GET', url, headers: { host, ...bearer(tokens[role]), ...headers } });
  const place = async (url: string, payload: unknown) => {
    const response = await t.app.inject({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers: { host: ACME_HOST, ...bearer(tokens.agent) } });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    await fulfilOrder(t.db, { id: order.id, companyId: seeded.acme.id });
    return order;
  };
  const pdfOf = (kind: Kind, role: Role = 'viewer', accept = 'application/pdf') => send(`/api/v1/orders/${orders[kind].id}/${kind}/report`, role, { accept });

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    for (const key of Object.keys(seeded.users) as Role[]) {
      tokens[key] = (await signInAs(t.app, seeded.users[key].email, undefined, key === 'globexAdmin' ? GLOBEX_HOST : undefined)).idToken;
    }
    orders.violation = await place('/api/v1/orders/create-mvr-order?isAutoAdjudicated=true', {
      driver: { firstName: 'Robert', lastName: 'Miller', dateOfBirth: '1984-03-13', licenceNumber: 'D4601233', licenceState: 'CA' }, permissiblePurpose: 'WRITTEN_CONSENT',
    });
    orders.vehicle = await place('/api/v1/orders/vehicle/order', { vin: vinEnding(2) });
    orders.irr = await place('/api/v1/orders/irr/order', { person: { firstName: 'Grace', lastName: 'Kim', dateOfBirth: '1990-07-13', state: 'AZ' } });
    const business = await t.app.inject({ method: 'POST', url: '/api/v1/businesses', payload: { name: 'Northwind Carriers Corp.', ein: '58-7302914', state: 'TX' }, headers: { host: ACME_HOST, ...bearer(tokens.agent) } });
    expect(business.statusCode, business.body).toBe(201);
    orders.bra = await place('/api/v1/orders/bra/order', { businessId: business.json().id });
  }, 180_000); // five sign-ins (argon2) and four fulfilments, on a machine shared with other suites

  /** Each document: its title, the subject and the verdict that must come first. */
  const EXPECTED: Record<Kind, { title: string; subject: RegExp; verdict: RegExp; file: string }> = {
    violation: { title: 'Violation report', subject: /Robert Miller/, verdict: /Key findings/, file: 'violations' },
    vehicle: { title: 'Vehicle history report', subject: /VIN 1FUJGLDR\w+ \(\d{4} Freightliner/, verdict: /Key findings \(2\)/, file: 'vehicle-report' },
    irr: { title: 'Person risk assessment', subject: /Grace Kim/, verdict: /Risk level: Severe \(score 86 of 100\)/, file: 'person-risk' },
    bra: { title: 'Business risk report', subject: /Northwind Carriers Corp\./, verdict: /Risk level: Severe/, file: 'business-risk' },
  };

  it.each(['violation', 'vehicle', 'irr', 'bra'] as const)('GET /orders/{id}/%s/report with Accept: application/pdf is the report as a PDF document', async (kind) => {
    const response = await pdfOf(kind);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${EXPECTED[kind].file}-${orders[kind].id}.pdf"`);
    const { pages, text } = readPdf(response.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(1);
    const expected = EXPECTED[kind];
    for (const line of [expected.title, 'Acme', `Order ${orders[kind].id}`, 'Generated', `Page 1 of ${pages}`]) expect(text).toContain(line);
    expect(text).toMatch(expected.subject);
    expect(text).toMatch(expected.verdict);
    // The verdict comes before every section.
    const firstSection = text.search(/Vehicle\n|Subject\n|Business\n|Violations \(/);
    expect(text.search(expected.verdict)).toBeLessThan(firstSection);
  });

  it('the documents say what was found: the risk level and findings, the vehicle\'s brands, the MVR\'s violations and outcome', async () => {
    const irr = readPdf((await pdfOf('irr')).rawPayload).text;
    expect(irr).toContain('Felony: vehicular assault, convicted');
    const bra = readPdf((await pdfOf('bra')).rawPayload).text;
    expect(bra).toContain('sanctions list');
    const vehicle = readPdf((await pdfOf('vehicle')).rawPayload).text;
    expect(vehicle).toMatch(/Salvage title/);
    const violation = readPdf((await pdfOf('violation')).rawPayload).text;
    expect(violation).toContain('Driving under the influence of alcohol');
    expect(violation).toContain('Outcome: Fail');
    expect(violation).toContain("Driver's Privacy Protection Act");
  });

  it('answers JSON as before without Accept, with */* or application/json; q-values rank the two', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'application/*', 'application/pdf;q=0.5, application/json']) {
      const response = await send(`/api/v1/orders/${orders.irr.id}/irr/report`, 'viewer', accept ? { accept } : {});
      expect(response.statusCode, `${accept}: ${response.body}`).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ riskLevel: 'SEVERE' });
    }
    expect((await pdfOf('irr', 'viewer', 'application/json;q=0.1, application/pdf')).headers['content-type']).toBe('application/pdf');
    expect((await pdfOf('irr', 'viewer', 'text/html, application/pdf;q=0.9')).headers['content-type']).toBe('application/pdf');
  });

  it('refuses an Accept it cannot meet with 406 naming what it can, like the MVR report', async () => {
    for (const kind of ['violation', 'vehicle', 'irr', 'bra'] as const) {
      for (const accept of ['image/png', 'text/plain', 'application/pdf;q=0, application/json;q=0']) {
        const problem = expectProblem(await pdfOf(kind, 'agent', accept), 406, 'NotAcceptable');
        expect(problem.title).toBe('Not Acceptable');
        expect(problem.detail).toBe('This report is available as application/json or application/pdf.');
      }
    }
    expect(errorPaths(expectProblem(await send('/api/v1/orders/12/vehicle/report', 'agent', { accept: 'application/pdf' }), 400, 'ValidationError'))).toEqual(['params.id']);
  });

  it('another company\'s order is 404 like a missing one; the wrong kind 409; an unfinished order 409 with its status', async () => {
    for (const kind of ['violation', 'vehicle', 'irr', 'bra'] as const) {
      expectProblem(await pdfOf(kind, 'globexAdmin'), 404, 'NotFound');
    }
    expectProblem(await send(`/api/v1/orders/${orders.irr.id}/vehicle/report`, 'agent', { accept: 'application/pdf' }), 409, 'WrongOrderType');
    expectProblem(await send(`/api/v1/orders/${orders.vehicle.id}/violation/report`, 'agent', { accept: 'application/pdf' }), 409, 'WrongOrderType');
    const pending = await t.app.inject({ method: 'POST', url: '/api/v1/orders/vehicle/order', payload: { vin: vinEnding(0) }, headers: { host: ACME_HOST, ...bearer(tokens.agent) } });
    const notReady = expectProblem(await send(`/api/v1/orders/${pending.json().id}/vehicle/report`, 'agent', { accept: 'application/pdf' }), 409, 'ReportNotReady');
    expect(notReady.detail).toContain('New');
  });

  it('every role of the company may download the documents; without a token 401', async () => {
    for (const role of ['admin', 'manager', 'agent', 'viewer'] as const) {
      const response = await pdfOf('bra', role);
      expect(response.statusCode, `${role}: ${response.body}`).toBe(200);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expectProblem(await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orders.bra.id}/bra/report`, headers: { host: ACME_HOST, accept: 'application/pdf' } }), 401);
  });

  it('a company without the orders plugin gets 403 PluginNotEnabled', async () => {
    await newCompany(t.db, 'docless', 'Docless', { plugins: [] });
    const admin = await newUser(t.db, { tenant: 'docless', role: 'Company Admin' });
    const host = 'docless.localhost:3000';
    const token = (await signInAs(t.app, admin.email, undefined, host)).idToken;
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orders.vehicle.id}/vehicle/report`, headers: { host, ...bearer(token), accept: 'application/pdf' } });
    expectProblem(response, 403, 'PluginNotEnabled');
  });
}, {}, { queue: true });
