// The report group page's URL: bad values fall back to defaults, good ones become the API query.
import { describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_QUERY, reportGroupQueryOf, reportGroupSearchSchema } from '../../../src/features/reports/api/get-report-group.ts';

describe('report group search params', () => {
  it('fills in page 0, size 20 and the order the orders were placed in', () => {
    expect(reportGroupQueryOf(reportGroupSearchSchema.parse({}))).toEqual({ page: 0, size: 20, sort: 'createdAt,asc', status: undefined, outcome: undefined });
    expect(DEFAULT_GROUP_QUERY).toEqual(reportGroupQueryOf({}));
  });

  it('keeps a valid page, size, sort and filters', () => {
    const search = reportGroupSearchSchema.parse({ page: 49, size: 100, sort: 'status,desc', status: 'Error', outcome: 'Fail' });
    expect(reportGroupQueryOf(search)).toEqual({ page: 49, size: 100, sort: 'status,desc', status: 'Error', outcome: 'Fail' });
  });

  it('drops what a hand-edited URL gets wrong instead of failing the page', () => {
    const search = reportGroupSearchSchema.parse({ page: -1, size: 25, sort: 'completedAt,desc', status: 'Lost', outcome: 'Maybe', type: 'MVR' });
    expect(search).toEqual({ page: undefined, size: undefined, sort: undefined, status: undefined, outcome: undefined });
    expect(reportGroupSearchSchema.parse({ sort: 'subjectLabel' }).sort).toBeUndefined();
    expect(reportGroupSearchSchema.parse({ page: 1.5 }).page).toBeUndefined();
  });
});
