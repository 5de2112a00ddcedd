// The report list's view as search params (?type=MotorVehicleRecord&sort=completedAt,desc&page=1),
// so a view is a URL. UI-free and on zod/mini: the route config that imports this lands in the entry chunk.
import * as z from 'zod/mini';
import type { ReportSortField, ReportType } from '@clearlane/contract/reports';

// Spelled out rather than imported (the contract's modules build full zod schemas at load time);
// the `satisfies` clauses keep them in step with the contract.
export const REPORT_TYPE_OPTIONS = [
  'MotorVehicleRecord', 'VehicleReport', 'PersonRiskAssessment', 'BusinessRiskAssessment', 'DriverActivityReport',
] as const satisfies readonly ReportType[];
export const REPORT_SORT_KEYS = ['completedAt', 'orderedAt', 'subjectLabel', 'reportType'] as const satisfies readonly ReportSortField[];
export type ReportSortKey = (typeof REPORT_SORT_KEYS)[number];

export const DEFAULT_REPORTS_PAGE_SIZE = 20;
export const REPORTS_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_REPORTS_SORT = 'completedAt,desc';

const SORT = new RegExp(`^(${REPORT_SORT_KEYS.join('|')}),(asc|desc)$`);

// A bad value in a hand-edited URL falls back to the default instead of failing the page.
export const reportsSearchSchema = z.object({
  page: z.catch(z.optional(z.int().check(z.minimum(0), z.maximum(100_000))), undefined),
  size: z.catch(z.optional(z.union([z.literal(10), z.literal(20), z.literal(50), z.literal(100)])), undefined),
  type: z.catch(z.optional(z.enum(REPORT_TYPE_OPTIONS)), undefined),
  sort: z.catch(z.optional(z.string().check(z.regex(SORT))), undefined),
});

export type ReportsSearch = z.infer<typeof reportsSearchSchema>;

/** The API query of a view: page 0-based, default size and sort filled in. */
export function reportsQueryOf(search: ReportsSearch) {
  return {
    page: search.page ?? 0,
    size: search.size ?? DEFAULT_REPORTS_PAGE_SIZE,
    sort: search.sort ?? DEFAULT_REPORTS_SORT,
    type: search.type,
  };
}
export type ReportsQuery = ReturnType<typeof reportsQueryOf>;
