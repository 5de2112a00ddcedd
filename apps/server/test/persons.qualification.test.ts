// A driver's qualification on GET /person/{id} and /person/company/me (docs/DECISIONS.md "Driver
// qualification"): each rule with rows inserted directly, the reasons in words, and the driver
// list's filters (qualification, monitoring, reviewDue, openAlerts) and sorts by it.
import { beforeAll, expect, it } from 'vitest';
import { ANNUAL_REVIEW_DUE_WINDOW_DAYS } from '@clearlane/contract';
import { bearer, describeEachDatabase, errorPaths, expectProblem, get, newCompany, newUser, signInAs } from './helpers.ts';
import { at, day, driverFile, yearBefore } from './driver-file-fixtures.ts';

const HOST = 'fleetco.localhost:3000';

describeEachDatabase('persons: qualification', (t) => {
  let token: string;
  let outsiderToken: string;
  const ids = {} as Record<string, string>;

  beforeAll(async () => {
    const company = await newCompany(t.db, 'fleetco', 'Fleet Co');
    const viewer = await newUser(t.db, { tenant: 'fleetco', role: 'Viewer' });
    token = (await signInAs(t.app, viewer.email, undefined, HOST)).idToken;
    const outsider = await newCompany(t.db, 'otherco', 'Other Co');
    const outsiderAdmin = await newUser(t.db, { tenant: 'otherco', role: 'Company Admin' });
    outsiderToken = (await signInAs(t.app, outsiderAdmin.email, undefined, 'otherco.localhost:3000')).idToken;
    const file = driverFile(t.db, company.id, viewer);

    ids.qualified = await file.qualifiedDriver({ lastName: 'Qualified', licenceExpiresOn: day(400), medicalCertificateExpiresOn: day(31) });
    ids.noMvr = await file.driver({ lastName: 'NoMvr' });
    // An MVR still in progress, or a Failed one, is not an MVR on file.
    await file.mvr(ids.noMvr, at(-1), { status: 'Ordered' });
    ids.staleMvr = await file.driver({ lastName: 'StaleMvr' });
    await file.review(ids.staleMvr, await file.mvr(ids.staleMvr, at(-400)), day(-100));
    ids.licenceExpired = await file.qualifiedDriver({ lastName: 'LicenceExpired', licenceExpiresOn: day(-1) });
    ids.medicalExpired = await file.qualifiedDriver({ lastName: 'MedicalExpired', medicalCertificateExpiresOn: day(-5) });
    ids.reviewOverdue = await file.driver({ lastName: 'ReviewOverdue' });
    await file.review(ids.reviewOverdue, await file.mvr(ids.reviewOverdue, at(-10), { type: 'MVR_WITH_ADJUDICATION' }), yearBefore(day(-3)));
    ids.reviewRefused = await file.driver({ lastName: 'ReviewRefused' });
    await file.review(ids.reviewRefused, await file.mvr(ids.reviewRefused, at(-10)), day(-2), 'NOT_QUALIFIED');
    ids.highAlert = await file.qualifiedDriver({ lastName: 'HighAlert' });
    await file.alert(ids.highAlert, 'HIGH');
    await file.alert(ids.highAlert, 'LOW');
    ids.reviewDue = await file.driver({ lastName: 'ReviewDue' });
    await file.review(ids.reviewDue, await file.mvr(ids.reviewDue, at(-10)), yearBefore(day(10)));
    ids.reviewDueNow = await file.driver({ lastName: 'ReviewDueNow' });
    await file.mvr(ids.reviewDueNow, at(-20));
    ids.licenceExpiring = await file.qualifiedDriver({ lastName: 'LicenceExpiring', licenceExpiresOn: day(0) });
    ids.medicalExpiring = await file.qualifiedDriver({ lastName: 'MedicalExpiring', medicalCertificateExpiresOn: day(30) });
    ids.mediumAlert = await file.qualifiedDriver({ lastName: 'MediumAlert' });
    await file.alert(ids.mediumAlert, 'MEDIUM');
    // An acknowledged alert, however severe, no longer counts.
    await file.alert(ids.qualified, 'HIGH', true);

    await file.enrol(ids.qualified, 'MvrMonitoring', 'ACTIVE');
    await file.enrol(ids.qualified, 'PersonMonitoring', 'PENDING');
    await file.enrol(ids.noMvr, 'MvrMonitoring', 'PENDING');

    // Another company's driver with an open alert: never in Fleet Co's lists.
    const otherFile = driverFile(t.db, outsider.id, outsiderAdmin);
    ids.outsider = await otherFile.driver({ lastName: 'Outsider' });
    await otherFile.alert(ids.outsider, 'HIGH');
  });

  const person = async (id: string, as = token, host = HOST) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/person/${id}`, headers: { host, ...bearer(as) } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const qualificationOf = async (name: string) => (await person(ids[name]!)).qualification;
  const list = async (query: string) => {
    const response = await get(t.app, `/api/v1/person/company/me?size=100&${query}`, token, HOST);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().content.map((p: { lastName: string }) => p.lastName) as string[];
  };

  it('a driver with a recent MVR reviewed today, nothing expiring and no open alert is qualified', async () => {
    const answer = await person(ids.qualified!);
    expect(answer.qualification).toEqual({
      status: 'QUALIFIED', reasons: [], lastMvrOrderId: expect.any(String), lastMvrDate: day(-10), lastAnnualReviewOn: day(0),
      annualReviewDueOn: `${Number(day(0).slice(0, 4)) + 1}${day(0).slice(4)}`, openAlerts: 0,
    });
    expect(answer.monitoring).toEqual([
      { monitoringType: 'MvrMonitoring', status: 'ACTIVE', enrolledAt: expect.stringMatching(/Z$/), activeSince: expect.stringMatching(/Z$/) },
      { monitoringType: 'PersonMonitoring', status: 'PENDING', enrolledAt: expect.stringMatching(/Z$/), activeSince: null },
    ]);
  });

  it.each([
    ['noMvr', ['No MVR on file']],
    ['staleMvr', [`No MVR in the last 12 months (last on ${day(-400)})`]],
    ['licenceExpired', [`Licence expired on ${day(-1)}`]],
    ['medicalExpired', [`Medical certificate expired on ${day(-5)}`]],
    ['reviewOverdue', [`Annual review overdue since ${day(-3)}`]],
    ['reviewRefused', [`Annual review of ${day(-2)} found the driver not qualified`]],
    ['highAlert', ['1 open high-severity alert', '1 other open alert']],
  ])('%s is not qualified, and says why', async (name, reasons) => {
    expect(await qualificationOf(name)).toMatchObject({ status: 'NOT_QUALIFIED', reasons });
  });

  it.each([
    ['reviewDue', [`Annual review due on ${day(10)}`]],
    ['reviewDueNow', [`Annual review due now: none recorded since the MVR of ${day(-20)}`]],
    ['licenceExpiring', [`Licence expires on ${day(0)}`]],
    ['medicalExpiring', [`Medical certificate expires on ${day(30)}`]],
    ['mediumAlert', ['1 open alert']],
  ])('%s needs attention, and says why', async (name, reasons) => {
    expect(await qualificationOf(name)).toMatchObject({ status: 'ATTENTION', reasons });
  });

  it('reasons come most serious first, and the facts behind them are answered', async () => {
    expect(await qualificationOf('noMvr')).toEqual({
      status: 'NOT_QUALIFIED', reasons: ['No MVR on file'], lastMvrOrderId: null, lastMvrDate: null, lastAnnualReviewOn: null, annualReviewDueOn: null, openAlerts: 0,
    });
    expect(await qualificationOf('highAlert')).toMatchObject({ openAlerts: 2 });
    expect(await qualificationOf('reviewOverdue')).toMatchObject({ lastAnnualReviewOn: yearBefore(day(-3)), annualReviewDueOn: day(-3) });
    // A due date within the window counts; the contract's window is the one the server uses.
    expect(ANNUAL_REVIEW_DUE_WINDOW_DAYS).toBeGreaterThanOrEqual(10);
  });

  it('the list answers the same qualification as the driver itself', async () => {
    const response = await get(t.app, '/api/v1/person/company/me?size=100', token, HOST);
    const listed = response.json().content.find((p: { id: string }) => p.id === ids.highAlert);
    expect(listed.qualification).toEqual((await person(ids.highAlert!)).qualification);
  });

  it('filters by qualification, monitoring, review due and open alerts', async () => {
    expect((await list('qualification=QUALIFIED')).sort()).toEqual(['Qualified']);
    expect((await list('qualification=ATTENTION')).sort()).toEqual(['LicenceExpiring', 'MedicalExpiring', 'MediumAlert', 'ReviewDue', 'ReviewDueNow']);
    expect((await list('qualification=NOT_QUALIFIED')).sort()).toEqual([
      'HighAlert', 'LicenceExpired', 'MedicalExpired', 'NoMvr', 'ReviewOverdue', 'ReviewRefused', 'StaleMvr',
    ]);
    expect(await list('monitoring=ENROLLED')).toEqual(['Qualified']);
    expect(await list('monitoring=PENDING')).toEqual(['NoMvr']);
    expect(await list('monitoring=NONE')).toHaveLength(11);
    expect((await list('reviewDue=true')).sort()).toEqual(['ReviewDue', 'ReviewDueNow', 'ReviewOverdue']);
    expect(await list('reviewDue=false')).toHaveLength(10);
    expect((await list('openAlerts=true')).sort()).toEqual(['HighAlert', 'MediumAlert']);
    expect((await list('openAlerts=false&qualification=NOT_QUALIFIED&filter=expired')).sort()).toEqual(['LicenceExpired', 'MedicalExpired']);
    const page = (await get(t.app, '/api/v1/person/company/me?qualification=ATTENTION&size=2', token, HOST)).json().page;
    expect(page).toEqual({ number: 0, size: 2, totalElements: 5, totalPages: 3 });
  });

  it('sorts by qualification (worst first), annual review due date and last MVR date', async () => {
    const byQualification = await list('sort=qualification&sort=lastName');
    expect(byQualification.slice(0, 7)).toEqual(['HighAlert', 'LicenceExpired', 'MedicalExpired', 'NoMvr', 'ReviewOverdue', 'ReviewRefused', 'StaleMvr']);
    expect(byQualification.at(-1)).toBe('Qualified');
    expect((await list('sort=qualification,desc&sort=lastName'))[0]).toBe('Qualified');
    // Overdue first, then due now, then due in 10 days; a driver with nothing due (no MVR) last.
    const byDue = await list('sort=annualReviewDueOn&sort=lastName');
    expect(byDue.slice(0, 3)).toEqual(['ReviewOverdue', 'ReviewDueNow', 'ReviewDue']);
    expect(byDue.at(-1)).toBe('NoMvr');
    const byMvr = await list('sort=lastMvrDate,desc&sort=lastName');
    expect(byMvr.slice(-3)).toEqual(['ReviewDueNow', 'StaleMvr', 'NoMvr']);
  });

  it('refuses a bad filter value, naming the query field', async () => {
    for (const [query, field] of [
      ['qualification=GOOD', 'query.qualification'], ['monitoring=YES', 'query.monitoring'], ['reviewDue=yes', 'query.reviewDue'],
      ['openAlerts=1', 'query.openAlerts'], ['sort=qualificationScore', 'query.sort'],
    ]) {
      expect(errorPaths(expectProblem(await get(t.app, `/api/v1/person/company/me?${query}`, token, HOST), 400, 'ValidationError'))).toEqual([field]);
    }
  });

  it('another company never sees these drivers, and its own alerts never count here', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/person/${ids.highAlert}`, headers: { host: 'otherco.localhost:3000', ...bearer(outsiderToken) } });
    expectProblem(response, 404, 'NotFound');
    expect(await list('openAlerts=true')).not.toContain('Outsider');
    expect((await person(ids.outsider!, outsiderToken, 'otherco.localhost:3000')).qualification).toMatchObject({ status: 'NOT_QUALIFIED', openAlerts: 1 });
  });
});
