// The driver list's view as search params (?filter=smith&licenceState=CA&qualification=NOT_QUALIFIED&reviewDue=true
// &sort=lastName,asc&page=1), so a view is a URL: the home page links into it. UI-free and library-free: the route config that imports this lands in the entry chunk.
import type { PersonSortField } from '@clearlane/contract/persons';
import type { UsStateCode } from '@clearlane/contract/domain/driver-licence-formats';
import { hasFilters, listQueryOf, listSearchFields } from '../../lib/list-search.ts';
import { MONITORING_FILTER_OPTIONS, QUALIFICATION_OPTIONS } from '../../lib/monitoring-options.ts';
import { booleanField, oneOfField, searchSchema, type SearchOfSchema } from '../../lib/search-schema.ts';
import { searchText } from '../../lib/search-params.ts';

// Spelled out rather than imported (the contract's modules build full zod schemas at load time);
// the `satisfies` clauses keep them in step with the contract.
// Nineteen to a line (a formatter would make them 51 lines):
// prettier-ignore
export const STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA',
  'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR',
  'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const satisfies readonly UsStateCode[];
// …and none is missing: a state added to the contract fails the typecheck here until listed.
const _everyStateListed: [Exclude<UsStateCode, (typeof STATE_CODES)[number]>] extends [never] ? true : false = true;

export const DRIVER_SORT_KEYS = [
  'lastName', 'firstName', 'createdAt', 'licenceState', 'dateOfBirth', 'qualification', 'annualReviewDueOn', 'lastMvrDate',
] as const satisfies readonly PersonSortField[];
export type DriverSortKey = (typeof DRIVER_SORT_KEYS)[number];

export const DEFAULT_DRIVERS_SORT = 'createdAt,desc';

// A bad value in a hand-edited URL falls back to the default instead of failing the page.
export const driversSearchSchema = searchSchema({
  ...listSearchFields(DRIVER_SORT_KEYS),
  // The router reads ?filter=12345678 (a hand-written or shared link) as a number: a licence number,
  // EIN or USDOT number typed as digits must still search, as text.
  filter: searchText(100),
  licenceState: oneOfField(STATE_CODES),
  qualification: oneOfField(QUALIFICATION_OPTIONS),
  monitoring: oneOfField(MONITORING_FILTER_OPTIONS),
  /** Only drivers whose annual review is due within 30 days or overdue. */
  reviewDue: booleanField,
  /** Only drivers with (true) or without (false) unacknowledged alerts. */
  openAlerts: booleanField,
});

export type DriversSearch = SearchOfSchema<typeof driversSearchSchema>;

/** The filters of a view (not its page or sort): what "Clear filters" clears. */
export const DRIVER_FILTER_KEYS = ['filter', 'licenceState', 'qualification', 'monitoring', 'reviewDue', 'openAlerts'] as const satisfies readonly (keyof DriversSearch)[];
export const hasDriverFilters = (search: DriversSearch) => hasFilters(search, DRIVER_FILTER_KEYS);

/** The API query of a view: page 0-based, default size and sort filled in. */
export function driversQueryOf(search: DriversSearch) {
  return {
    ...listQueryOf(search, DEFAULT_DRIVERS_SORT),
    filter: search.filter?.trim() || undefined,
    licenceState: search.licenceState,
    qualification: search.qualification,
    monitoring: search.monitoring,
    reviewDue: search.reviewDue,
    openAlerts: search.openAlerts,
  };
}
export type DriversQuery = ReturnType<typeof driversQueryOf>;
