// GET /api/v1/company/me/metrics: the home page's figures, counted exactly from rows inserted
// directly; another company's rows never counted; every role reads them; a company without the
// monitoring plugin sees zeros for monitoring (docs/DECISIONS.md "Company metrics").
import { beforeAll, expect, it } from 'vitest';
import { CompanyMetricsSchema, type RoleName } from '@clearlane/contract';
import { describeEachDatabase, expectProblem, get, newCompany, newUser, signInAs } from './helpers.ts';
import { at, day, driverFile, yearBefore } from './driver-file-fixtures.ts';

const URL = '/api/v1/company/me/metrics';
const HOST = 'metricsco.localhost:3000';
const OTHER_HOST = 'othermetrics.localhost:3000';
const PLAIN_HOST = 'plainco.localhost:3000';
const ROLES: RoleName[] = ['Company Admin', 'Manager', 'Agent', 'Viewer'];

describeEachDatabase('company metrics', (t) => {
  const tokens = {} as Record<RoleName, string>;
  let outsiderToken: string;
  let plainToken: string;

  beforeAll(async () => {
    const company = await newCompany(t.db, 'metricsco', 'Metrics Co');
    for (const role of ROLES) {
      const user = await newUser(t.db, { tenant: 'metricsco', role });
      tokens[role] = (await signInAs(t.app, user.email, undefined, HOST)).idToken;
    }
    const reviewer = await newUser(t.db, { tenant: 'metricsco', role: 'Manager' });
    const file = driverFile(t.db, company.id, reviewer);

    const qualified = await file.driver({ lastName: 'Qualified' });
    await file.review(qualified, await file.mvr(qualified, at(-10), { outcome: 'Pass' }), day(0));
    await file.enrol(qualified, 'MvrMonitoring', 'ACTIVE');
    const noMvr = await file.driver({ lastName: 'NoMvr' });
    await file.mvr(noMvr, at(-1), { status: 'Ordered' });
    await file.enrol(noMvr, 'MvrMonitoring', 'PENDING');
    const reviewDue = await file.driver({ lastName: 'ReviewDue' });
    await file.review(reviewDue, await file.mvr(reviewDue, at(-10), { outcome: 'Fail' }), yearBefore(day(10)));
    const reviewOverdue = await file.driver({ lastName: 'ReviewOverdue' });
    // Ordered 40 days ago: an MVR on file, but not an order of the last 30 days.
    await file.review(reviewOverdue, await file.mvr(reviewOverdue, at(-40), { outcome: 'Pass' }), yearBefore(day(-3)));
    const highAlert = await file.driver({ lastName: 'HighAlert' });
    await file.review(highAlert, await file.mvr(highAlert, at(-10), { outcome: 'Pass' }), day(0));
    await file.alert(highAlert, 'HIGH');
    await file.alert(highAlert, 'LOW');
    await file.alert(highAlert, 'MEDIUM', true);
    const mediumAlert = await file.driver({ lastName: 'MediumAlert' });
    await file.review(mediumAlert, await file.mvr(mediumAlert, at(-10)), day(0));
    await file.alert(mediumAlert, 'MEDIUM');

    // Another company, with rows of every kind: none of them may count for Metrics Co.
    const outsider = await newCompany(t.db, 'othermetrics', 'Other Metrics');
    const outsiderAdmin = await newUser(t.db, { tenant: 'othermetrics', role: 'Company Admin' });
    outsiderToken = (await signInAs(t.app, outsiderAdmin.email, undefined, OTHER_HOST)).idToken;
    const otherFile = driverFile(t.db, outsider.id, outsiderAdmin);
    const otherDriver = await otherFile.driver({ lastName: 'Outsider' });
    await otherFile.review(otherDriver, await otherFile.mvr(otherDriver, at(-2), { outcome: 'Fail' }), day(-400));
    await otherFile.alert(otherDriver, 'HIGH');
    await otherFile.enrol(otherDriver, 'PersonMonitoring', 'ACTIVE');

    // A company without monitoring: its enrolment and alert rows (left from when it had it) show as zeros.
    const plain = await newCompany(t.db, 'plainco', 'Plain Co', { plugins: ['orders'] });
    const plainViewer = await newUser(t.db, { tenant: 'plainco', role: 'Viewer' });
    plainToken = (await signInAs(t.app, plainViewer.email, undefined, PLAIN_HOST)).idToken;
    const plainFile = driverFile(t.db, plain.id, plainViewer);
    const plainDriver = await plainFile.driver({ lastName: 'Plain' });
    await plainFile.enrol(plainDriver, 'MvrMonitoring', 'ACTIVE');
    await plainFile.alert(plainDriver, 'HIGH');
  });

  const metrics = async (token: string, host = HOST) => {
    const response = await get(t.app, URL, token, host);
    expect(response.statusCode, response.body).toBe(200);
    return CompanyMetricsSchema.parse(response.json());
  };

  it('counts drivers, qualification, annual reviews, monitoring, open alerts and the last 30 days of orders', async () => {
    const answer = await metrics(tokens.Viewer);
    expect(Date.parse(answer.asOf)).not.toBeNaN();
    expect({ ...answer, asOf: undefined }).toEqual({
      asOf: undefined,
      drivers: 6,
      monitoredDrivers: 1,
      pendingEnrolments: 1,
      openAlerts: { HIGH: 1, MEDIUM: 1, LOW: 1 },
      qualification: { QUALIFIED: 1, ATTENTION: 2, NOT_QUALIFIED: 3 },
      annualReviews: { due: 1, overdue: 1 },
      ordersLast30Days: {
        total: 5,
        byStatus: [
          { status: 'Complete', count: 4 }, { status: 'Failed', count: 0 }, { status: 'Ordered', count: 1 }, { status: 'Received', count: 0 },
          { status: 'New', count: 0 }, { status: 'Error', count: 0 },
        ],
        byOutcome: [
          { outcome: 'Pass', count: 2 }, { outcome: 'Fail', count: 1 }, { outcome: 'Indeterminate', count: 0 }, { outcome: 'NoResults', count: 0 },
          { outcome: 'NotFulfilled', count: 0 },
        ],
      },
    });
  });

  it('matches the driver list: each figure is the count of its filtered list', async () => {
    const answer = await metrics(tokens.Manager);
    const total = async (query: string) => (await get(t.app, `/api/v1/person/company/me?${query}`, tokens.Manager, HOST)).json().page.totalElements;
    expect(await total('qualification=NOT_QUALIFIED')).toBe(answer.qualification.NOT_QUALIFIED);
    expect(await total('qualification=ATTENTION')).toBe(answer.qualification.ATTENTION);
    expect(await total('monitoring=ENROLLED')).toBe(answer.monitoredDrivers);
    expect(await total('monitoring=PENDING')).toBe(answer.pendingEnrolments);
    expect(await total('reviewDue=true')).toBe(answer.annualReviews.due + answer.annualReviews.overdue);
  });

  it('every role of the company reads the same figures', async () => {
    const answers = await Promise.all(ROLES.map(async (role) => ({ ...(await metrics(tokens[role])), asOf: '' })));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('another company sees only its own rows', async () => {
    const answer = await metrics(outsiderToken, OTHER_HOST);
    expect(answer).toMatchObject({
      drivers: 1, monitoredDrivers: 1, pendingEnrolments: 0, openAlerts: { HIGH: 1, MEDIUM: 0, LOW: 0 },
      qualification: { QUALIFIED: 0, ATTENTION: 0, NOT_QUALIFIED: 1 }, annualReviews: { due: 0, overdue: 1 },
    });
    expect(answer.ordersLast30Days.total).toBe(1);
    expect(answer.ordersLast30Days.byOutcome.find((row) => row.outcome === 'Fail')).toEqual({ outcome: 'Fail', count: 1 });
  });

  it('a company without the monitoring plugin gets the figures, with zeros for monitoring', async () => {
    const answer = await metrics(plainToken, PLAIN_HOST);
    expect(answer).toMatchObject({
      drivers: 1, monitoredDrivers: 0, pendingEnrolments: 0, openAlerts: { HIGH: 0, MEDIUM: 0, LOW: 0 },
      qualification: { QUALIFIED: 0, ATTENTION: 0, NOT_QUALIFIED: 1 }, ordersLast30Days: { total: 0 },
    });
  });

  it('without a token is 401', async () => {
    expectProblem(await get(t.app, URL, undefined, HOST), 401);
  });
});
