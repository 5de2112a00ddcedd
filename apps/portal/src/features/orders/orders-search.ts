// The order list's view as search params (?outcome=Fail&isReviewed=false&from=2025-01-01&sort=createdAt,desc…),
// so a filtered list is a URL that survives a reload and can be shared. UI-free and library-free: the
// route config that imports this lands in the entry chunk.
import type { OrderSortField, OrderStatus, OrderType, Outcome } from '@clearlane/contract/orders';
import { hasFilters, listQueryOf, listSearchFields, orderedDayRange } from '../../lib/list-search.ts';
import { booleanField, calendarDateField, isCalendarDate, oneOfField, searchSchema, uuidField, type SearchField, type SearchOfSchema } from '../../lib/search-schema.ts';
import { searchText } from '../../lib/search-params.ts';

// Spelled out rather than imported (the contract's modules build full zod schemas at load time);
// the `satisfies` clauses keep them in step with the contract.
export const ORDER_TYPE_OPTIONS = ['MVR', 'MVR_WITH_ADJUDICATION', 'PERSON_RISK_ASSESSMENT', 'BUSINESS_RISK_INFORM_REPORT', 'VIN_REPORT'] as const satisfies readonly OrderType[];
export const ORDER_STATUS_OPTIONS = ['New', 'Ordered', 'Received', 'Complete', 'Failed', 'Error'] as const satisfies readonly OrderStatus[];
export const OUTCOME_OPTIONS = ['Pass', 'Fail', 'Indeterminate', 'NoResults', 'NotFulfilled'] as const satisfies readonly Outcome[];
export const ORDER_SORT_KEYS = ['createdAt', 'updatedAt', 'completedAt', 'status', 'type', 'outcome', 'subjectLabel'] as const satisfies readonly OrderSortField[];
export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];

export const DEFAULT_ORDERS_SORT = 'createdAt,desc';

// The order list's date filters are days of the calendar (lib/search-schema.ts).
export { isCalendarDate };
const calendarDate = calendarDateField;

/**
 * One order type or several (the list filters by any of them; the API takes ?type= repeated). One
 * stays a plain value, so ?type=MVR links keep working; wrong entries of a list are dropped.
 */
const orderTypesField: SearchField<OrderType | OrderType[]> = (value) => {
  const isType = oneOfField(ORDER_TYPE_OPTIONS);
  if (!Array.isArray(value)) return isType(value);
  const types = [...new Set(value.map(isType).filter((type) => type !== undefined))];
  return types.length === 0 ? undefined : types.length === 1 ? types[0] : types;
};

/** The chosen types as a list (none when the view is not filtered by type). */
export const orderTypesOf = (type: OrdersSearch['type']): OrderType[] => (type === undefined ? [] : [type].flat());

/** A choice of types back into the URL's form: none → no filter, one → a plain value. */
export const orderTypeParamOf = (types: readonly OrderType[]): OrdersSearch['type'] => (types.length === 0 ? undefined : types.length === 1 ? types[0] : [...types]);

// A bad value in a hand-edited URL falls back to the default instead of failing the page.
export const ordersSearchSchema = searchSchema({
  ...listSearchFields(ORDER_SORT_KEYS),
  // The router reads ?filter=123 as the number 123: free text and tags take it back as text.
  filter: searchText(100),
  type: orderTypesField,
  status: oneOfField(ORDER_STATUS_OPTIONS),
  outcome: oneOfField(OUTCOME_OPTIONS),
  isReviewed: booleanField,
  from: calendarDate,
  to: calendarDate,
  tag: searchText(40),
  // The orders of one report group (a bulk sheet): its page links here, to use the list's filters and search on them.
  reportGroupId: uuidField,
});

export type OrdersSearch = SearchOfSchema<typeof ordersSearchSchema>;

/** The filters of a view (not its page or sort): what "Clear filters" clears. */
export const ORDER_FILTER_KEYS = ['filter', 'type', 'status', 'outcome', 'isReviewed', 'from', 'to', 'tag', 'reportGroupId'] as const satisfies readonly (keyof OrdersSearch)[];

export function hasOrderFilters(search: OrdersSearch): boolean {
  return hasFilters(search, ORDER_FILTER_KEYS);
}

/** The API query of a view: page 0-based, default size and sort filled in, nothing empty sent. */
export function ordersQueryOf(search: OrdersSearch) {
  const { from, to } = orderedDayRange(search.from, search.to);
  return {
    ...listQueryOf(search, DEFAULT_ORDERS_SORT),
    filter: search.filter?.trim() || undefined,
    type: search.type,
    status: search.status,
    outcome: search.outcome,
    isReviewed: search.isReviewed,
    from,
    to,
    tag: search.tag?.trim() || undefined,
    reportGroupId: search.reportGroupId,
  };
}
export type OrdersQuery = ReturnType<typeof ordersQueryOf>;

/** The reviewed filter as the yes/no/any control shows it, and back. */
export type ReviewedChoice = 'any' | 'yes' | 'no';
export const reviewedChoiceOf = (isReviewed: boolean | undefined): ReviewedChoice => (isReviewed === undefined ? 'any' : isReviewed ? 'yes' : 'no');
export const isReviewedOf = (choice: ReviewedChoice): boolean | undefined => (choice === 'any' ? undefined : choice === 'yes');
