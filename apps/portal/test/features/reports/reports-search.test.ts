// The report list's URL: bad values fall back to defaults, good ones become the API query.
import { describe, expect, it } from 'vitest';
import { reportGroupsQueryOf } from '../../../src/features/reports/api/get-report-groups.ts';
import { reportsQueryOf, reportsSearchSchema } from '../../../src/features/reports/reports-search.ts';

describe('reports search params', () => {
  it('fills in page 0, size 20 and newest completed first', () => {
    expect(reportsQueryOf(reportsSearchSchema.parse({}))).toEqual({ page: 0, size: 20, sort: 'completedAt,desc', type: undefined });
  });

  it('keeps a valid type, sort, page and size', () => {
    const search = reportsSearchSchema.parse({ type: 'VehicleReport', sort: 'subjectLabel,asc', page: 3, size: 50 });
    expect(reportsQueryOf(search)).toEqual({ page: 3, size: 50, sort: 'subjectLabel,asc', type: 'VehicleReport' });
  });

  it('drops what a hand-edited URL gets wrong instead of failing the page', () => {
    const search = reportsSearchSchema.parse({ type: 'Horoscope', sort: 'password,asc', page: -1, size: 7 });
    expect(search).toEqual({ type: undefined, sort: undefined, page: undefined, size: undefined, view: undefined });
    expect(reportsSearchSchema.parse({ sort: 'completedAt,sideways' }).sort).toBeUndefined();
  });

  it('?view=groups is the report groups list, with its own sort: each list keeps only its own fields', () => {
    const groups = reportsSearchSchema.parse({ view: 'groups', sort: 'name,asc', page: 1 });
    expect(reportGroupsQueryOf(groups)).toEqual({ page: 1, size: 20, sort: 'name,asc' });
    expect(reportsQueryOf(groups).sort).toBe('completedAt,desc');
    expect(reportGroupsQueryOf(reportsSearchSchema.parse({ view: 'groups', sort: 'completedAt,asc' })).sort).toBe('createdAt,desc');
    expect(reportsSearchSchema.parse({ view: 'everything' }).view).toBeUndefined();
  });
});
