// An orders list reads its page straight into the API's Order (readListedOrder in
// orders.repository.ts), without drizzle's row objects and their Dates; an order read whole goes
// through toOrder (orders.mapping.ts). The two must give the same JSON, key for key: here every
// kind of order a list can show — each type, finished or not, reviewed, tagged, with a report to
// summarize, timestamps with and without fractions of a second — is listed and compared with
// itself read whole, on every sort and through the free-text path.
import { beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { findOrder, listOrders, type OrderListQuery } from '../src/modules/orders/orders.repository.ts';
import { toOrder } from '../src/modules/orders/orders.mapping.ts';
import { describeEachDatabase, newCompany, newUser } from './helpers.ts';

const VEHICLE_REPORT = {
  result: 'RECORDS_FOUND', vin: '1FTFW1ET1EKE00001', titles: [{ date: '2020-01-01', state: 'TX', brand: 'SALVAGE' }], odometer: [],
  odometerRollbackSuspected: false, accidents: [], recalls: [], theftRecord: false, reportedAt: '2026-01-01T00:00:00.000Z', providerReference: 'v-1',
};
const RISK_REPORT = {
  result: 'SUBJECT_FOUND', definitionName: 'standard', riskScore: 60, riskLevel: 'HIGH',
  findings: [{ code: 'X', description: 'Two liens', severity: 'MEDIUM' }, { code: 'Y', description: 'A judgment', severity: 'HIGH' }],
  reportedAt: '2026-01-01T00:00:00.000Z', providerReference: 'r-1',
};

describeEachDatabase('orders list read straight into the API shape', (t) => {
  let companyId: string;

  beforeAll(async () => {
    const company = await newCompany(t.db, 'listreader', 'List Reader');
    companyId = company.id;
    const reviewer = await newUser(t.db, { tenant: 'listreader', role: 'Company Admin' });
    const c = companyId;
    // One order of each kind a list shows, with the timestamps a live database holds: microseconds
    // (now()), whole seconds, one or two fractional digits.
    await t.db.execute(sql`
      INSERT INTO orders (id, company_id, type, status, processing_status, outcome, sub_status, change_notes, is_reviewed, reviewed_by, reviewed_at,
                          input, subject_label, permissible_purpose, rule_namespace, risk_assessment_definition_name, mvr_external_reference_id,
                          is_auto_adjudicated, tags, result, failure_reason, created_at, updated_at, completed_at)
      VALUES
        (gen_random_uuid(), ${c}, 'MVR', 'Ordered', 'Processing', null, null, null, false, null, null, '{}', 'Ann Lee (TX D1)', 'WRITTEN_CONSENT', null, null, 'ext-1',
         false, '{}', null, null, '2026-03-04 05:06:07.891234+00', '2026-03-04 05:06:07+00', null),
        (gen_random_uuid(), ${c}, 'MVR_WITH_ADJUDICATION', 'Complete', 'Complete', 'Fail', 'Reviewed', 'Checked twice', true, ${reviewer.userId}, '2026-03-05 10:00:00.5+00',
         '{}', 'Bob Ray (CA D2)', 'INSURANCE', 'default', null, null, true, '{cdl,"new hire"}', '{"provider":"sandbox"}', null,
         '2026-03-04 05:06:08.12+00', '2026-03-04 05:07:00.000001+00', '2026-03-04 05:06:59.999999+00'),
        (gen_random_uuid(), ${c}, 'VIN_REPORT', 'Complete', 'Complete', null, null, null, false, null, null, '{}', 'VIN 1FTFW1ET1EKE00001', null, null, null, null,
         false, '{audit}', ${JSON.stringify(VEHICLE_REPORT)}::jsonb, null, '2026-03-04 05:06:09+00', '2026-03-04 05:06:10.1+00', '2026-03-04 05:06:10.1+00'),
        (gen_random_uuid(), ${c}, 'PERSON_RISK_ASSESSMENT', 'Complete', 'Complete', null, null, null, false, null, null, '{}', 'Cy Dunn', null, null, 'standard', null,
         false, '{}', ${JSON.stringify(RISK_REPORT)}::jsonb, null, now(), now(), now()),
        (gen_random_uuid(), ${c}, 'BUSINESS_RISK_INFORM_REPORT', 'Complete', 'Complete', null, null, null, false, null, null, '{}', 'Dunn Haulers Inc', null, null, 'standard', null,
         false, '{}', '{"result":"BUSINESS_NOT_FOUND","definitionName":"standard","findings":[],"reportedAt":"2026-01-01T00:00:00.000Z","providerReference":"b-1"}'::jsonb,
         null, '2026-03-04 05:06:11.999+00', '2026-03-04 05:06:12+00', '2026-03-04 05:06:12+00'),
        (gen_random_uuid(), ${c}, 'VIN_REPORT', 'Failed', 'Failed', null, null, null, false, null, null, '{}', 'VIN 1FTFW1ET1EKE00002', null, null, null, null,
         false, '{}', ${JSON.stringify(VEHICLE_REPORT)}::jsonb, 'The provider did not answer.', '2026-03-04 05:06:13.000100+00', '2026-03-04 05:06:14+00', null)`);
  });

  const listed = (query: Partial<OrderListQuery>) => listOrders(t.db, { companyId, page: 0, size: 20, sort: [], ...query });

  it.each([
    ['newest first', {}],
    ['by subject', { sort: [{ field: 'subjectLabel', direction: 'asc' }] }],
    ['a deep page', { page: 1, size: 2 }],
    ['filtered', { status: 'Complete' }],
    ['free text, newest first', { filter: 'dunn' }],
    ['free text, by subject', { filter: 'vin', sort: [{ field: 'subjectLabel', direction: 'desc' }] }],
  ] as [string, Partial<OrderListQuery>][])('%s: each listed order is, byte for byte, the order read whole, the first time and after', async (_name, query) => {
    // On PostgreSQL a list's statement is described by its first execution only; the next ones
    // read their rows with the columns it described (db/known-shape-query.ts): both must read alike.
    const first = await listed(query);
    expect(first.rows.length).toBeGreaterThan(0);
    for (const order of first.rows) {
      const whole = await findOrder(t.db, companyId, order.id);
      expect(JSON.stringify(order)).toBe(JSON.stringify(toOrder(whole!)));
    }
    for (let again = 0; again < 3; again++) expect(JSON.stringify(await listed(query))).toBe(JSON.stringify(first));
  });

  it('lists every kind: summaries of the reports, timestamps to the millisecond, tags and the count', async () => {
    const page = await listed({});
    expect(page.total).toBe(6);
    expect(page.capped).toBe(false);
    const byType = Object.fromEntries(page.rows.filter((order) => order.status !== 'Failed').map((order) => [order.type, order]));
    expect(byType.MVR).toMatchObject({ createdAt: '2026-03-04T05:06:07.891Z', updatedAt: '2026-03-04T05:06:07.000Z', completedAt: null, reviewedAt: null, resultSummary: null });
    expect(byType.MVR_WITH_ADJUDICATION).toMatchObject({
      reviewedAt: '2026-03-05T10:00:00.500Z', createdAt: '2026-03-04T05:06:08.120Z', completedAt: '2026-03-04T05:06:59.999Z', tags: ['cdl', 'new hire'], resultSummary: null,
    });
    expect(byType.VIN_REPORT).toMatchObject({ resultSummary: { riskLevel: null, keyFinding: 'Salvage title' }, updatedAt: '2026-03-04T05:06:10.100Z' });
    expect(byType.PERSON_RISK_ASSESSMENT!.resultSummary).toEqual({ riskLevel: 'HIGH', keyFinding: 'A judgment (+1 more finding)' });
    expect(byType.BUSINESS_RISK_INFORM_REPORT!.resultSummary).toEqual({ riskLevel: null, keyFinding: 'Business not found' });
    // A failed order's report, if any, is not summarized.
    expect(page.rows.find((order) => order.status === 'Failed')).toMatchObject({ resultSummary: null, failureReason: 'The provider did not answer.' });
    expect(page.rows.every((order) => !('matchingCount' in order))).toBe(true);
  });

  // A page past the end is one row of nulls carrying the count (pageCarryingCount): none of it
  // may show as an order, and the count is the list's, whichever way it is counted.
  it.each([
    ['counted (a tag)', { tag: 'audit', page: 3, size: 1 }, 1],
    ['kept (a status)', { status: 'Complete', page: 2, size: 2 }, 4],
    ['the whole list', { page: 1, size: 6 }, 6],
    ['free text, newest first', { filter: 'dunn', page: 1, size: 2 }, 2],
    ['free text, by subject', { filter: 'vin', page: 4, size: 1, sort: [{ field: 'subjectLabel', direction: 'asc' }] }, 2],
  ] as [string, Partial<OrderListQuery>, number][])('a page past the end, %s: no orders, and the exact count', async (_name, query, total) => {
    expect(await listed(query)).toEqual({ rows: [], total, capped: false });
  });
  it('breaks ties by id in the direction of the sort, so each direction reads the subject index in order', async () => {
    const tied = await newCompany(t.db, 'listties', 'List Ties');
    const ids = ['00000000-0000-7000-8000-000000000001', '00000000-0000-7000-8000-000000000002', '00000000-0000-7000-8000-000000000003'];
    for (const [position, id] of ids.entries()) {
      // Labels of one subject in other cases: the sort is by lower(subject_label), so all three tie.
      await t.db.execute(sql`
        INSERT INTO orders (id, company_id, type, status, processing_status, input, subject_label, is_reviewed, is_auto_adjudicated, tags)
        VALUES (${id}, ${tied.id}, 'MVR', 'New', 'Processing', '{}', ${['ann lee', 'Ann Lee', 'ANN LEE'][position]}, false, false, '{}')`);
    }
    const byAnn = { companyId: tied.id, page: 0, size: 20 };
    const ascending = await listOrders(t.db, { ...byAnn, sort: [{ field: 'subjectLabel', direction: 'asc' }] });
    const descending = await listOrders(t.db, { ...byAnn, sort: [{ field: 'subjectLabel', direction: 'desc' }] });
    expect(ascending.rows.map((order) => order.id)).toEqual(ids);
    expect(descending.rows.map((order) => order.id)).toEqual([...ids].reverse());
  });
});
