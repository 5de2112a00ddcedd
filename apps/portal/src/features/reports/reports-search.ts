// The report list's view as search params (?type=MotorVehicleRecord&sort=completedAt,desc&page=1),
// so a view is a URL. ?view=groups shows the report groups (batches of a bulk sheet) instead, with
// their own sort and page. UI-free and library-free: the route config that imports this lands in the entry chunk.
import type { ReportGroupSortField, ReportSortField, ReportType } from '@clearlane/contract/reports';
import { hasFilters, listQueryOf, listSearchFields } from '../../lib/list-search.ts';
import { oneOfField, searchSchema, type SearchOfSchema } from '../../lib/search-schema.ts';

// Spelled out rather than imported (the contract's modules build full zod schemas at load time);
// the `satisfies` clauses keep them in step with the contract.
export const REPORT_TYPE_OPTIONS = [
  'MotorVehicleRecord', 'VehicleReport', 'PersonRiskAssessment', 'BusinessRiskAssessment', 'DriverActivityReport',
] as const satisfies readonly ReportType[];
export const REPORT_SORT_KEYS = ['completedAt', 'orderedAt', 'subjectLabel', 'reportType'] as const satisfies readonly ReportSortField[];
export type ReportSortKey = (typeof REPORT_SORT_KEYS)[number];

export const DEFAULT_REPORTS_SORT = 'completedAt,desc';

export const REPORT_GROUP_SORT_KEYS = ['createdAt', 'name', 'totalOrders'] as const satisfies readonly ReportGroupSortField[];

/** The two lists of the Reports page: reports (the default) and report groups. */
export const REPORT_VIEWS = ['groups'] as const;

// A bad value in a hand-edited URL falls back to the default instead of failing the page. The sort
// takes either list's fields; each list's query keeps only its own.
export const reportsSearchSchema = searchSchema({
  ...listSearchFields([...REPORT_SORT_KEYS, ...REPORT_GROUP_SORT_KEYS]),
  type: oneOfField(REPORT_TYPE_OPTIONS),
  view: oneOfField(REPORT_VIEWS),
});

export type ReportsSearch = SearchOfSchema<typeof reportsSearchSchema>;

/** The filters of a view (not its page or sort): what "Clear filter" clears. */
export const REPORT_FILTER_KEYS = ['type'] as const satisfies readonly (keyof ReportsSearch)[];
export const hasReportFilters = (search: ReportsSearch) => hasFilters(search, REPORT_FILTER_KEYS);

/** The search's sort when it is one of `keys`' (`field,dir`), else undefined (the list's default). */
export const sortOver = (sort: string | undefined, keys: readonly string[]) => (sort && keys.includes(sort.split(',')[0]!) ? sort : undefined);

/** The API query of a view: page 0-based, default size and sort filled in. */
export function reportsQueryOf(search: ReportsSearch) {
  return {
    ...listQueryOf({ ...search, sort: sortOver(search.sort, REPORT_SORT_KEYS) }, DEFAULT_REPORTS_SORT),
    type: search.type,
  };
}
export type ReportsQuery = ReturnType<typeof reportsQueryOf>;
