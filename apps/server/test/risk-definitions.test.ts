// GET /api/v1/risk-definitions: what the person and business risk order forms choose from —
// Clearlane's definitions first, then those the company's own risk orders named, never another's.
import { beforeAll, expect, it } from 'vitest';
import { ACME_HOST, GLOBEX_HOST, bearer, describeEachDatabase, expectProblem, get, seedTwoCompanies, signInAs } from './helpers.ts';

describeEachDatabase('risk definitions', (t) => {
  let seeded: Awaited<ReturnType<typeof seedTwoCompanies>>;
  let agent: string;
  let viewer: string;
  let globex: string;

  beforeAll(async () => {
    seeded = await seedTwoCompanies(t.db);
    agent = (await signInAs(t.app, seeded.users.agent.email)).idToken;
    viewer = (await signInAs(t.app, seeded.users.viewer.email)).idToken;
    globex = (await signInAs(t.app, seeded.users.globexAdmin.email, undefined, GLOBEX_HOST)).idToken;
  });

  const irr = async (token: string, definition: string, host = ACME_HOST) => {
    const response = await t.app.inject({
      method: 'POST', url: `/api/v1/orders/irr/order?riskAssessmentDefinitionName=${encodeURIComponent(definition)}`, headers: { host, ...bearer(token) },
      payload: { person: { firstName: 'Lee', lastName: 'Park', dateOfBirth: '1979-01-20', state: 'WA' } },
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const list = async (token: string, query = '', host = ACME_HOST) => {
    const response = await get(t.app, `/api/v1/risk-definitions${query}`, token, host);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { name: string; label: string; source: string }[];
  };

  it('lists the offered definitions, then the ones my company used (latest first), each once; never another company\'s', async () => {
    expect(await list(viewer)).toEqual([{ name: 'standard', label: 'Standard assessment', source: 'offered' }]);
    await irr(agent, 'fleet v2');
    await irr(agent, 'standard');
    await irr(agent, 'night shift');
    await irr(globex, 'globex secret', GLOBEX_HOST);
    expect((await list(viewer)).map((definition) => [definition.name, definition.source])).toEqual([['standard', 'offered'], ['night shift', 'used'], ['fleet v2', 'used']]);
    // By type: business risk orders named none of these.
    expect((await list(viewer, '?type=BUSINESS_RISK_INFORM_REPORT')).map((definition) => definition.name)).toEqual(['standard']);
    expect((await list(viewer, '?type=PERSON_RISK_ASSESSMENT')).map((definition) => definition.name)).toContain('fleet v2');
    expect((await list(globex, '', GLOBEX_HOST)).map((definition) => definition.name)).toEqual(['standard', 'globex secret']);
    expectProblem(await get(t.app, '/api/v1/risk-definitions?type=MVR', viewer), 400, 'ValidationError');
    expectProblem(await get(t.app, '/api/v1/risk-definitions'), 401);
  });
}, {}, { queue: true });
