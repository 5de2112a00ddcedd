// The alerts list's view as search params (?acknowledged=false&severity=HIGH&from=2026-01-01&sort=createdAt,desc…),
// so a filtered list is a URL: the home page links into it. UI-free and library-free: the route
// config that imports this lands in the entry chunk.
import type { AlertSortField } from '@clearlane/contract/monitoring';
import { hasFilters, listQueryOf, listSearchFields, orderedDayRange } from '../../lib/list-search.ts';
import { ALERT_SEVERITY_OPTIONS, ALERT_TYPE_OPTIONS } from '../../lib/monitoring-options.ts';
import { booleanField, calendarDateField, oneOfField, searchSchema, uuidField, type SearchOfSchema } from '../../lib/search-schema.ts';

export const ALERT_SORT_KEYS = ['createdAt', 'severity', 'personName', 'acknowledgedAt'] as const satisfies readonly AlertSortField[];
export type AlertSortKey = (typeof ALERT_SORT_KEYS)[number];

export const DEFAULT_ALERTS_SORT = 'createdAt,desc';

// A bad value in a hand-edited URL falls back to the default instead of failing the page.
export const alertsSearchSchema = searchSchema({
  ...listSearchFields(ALERT_SORT_KEYS),
  acknowledged: booleanField,
  type: oneOfField(ALERT_TYPE_OPTIONS),
  severity: oneOfField(ALERT_SEVERITY_OPTIONS),
  personId: uuidField,
  from: calendarDateField,
  to: calendarDateField,
});

export type AlertsSearch = SearchOfSchema<typeof alertsSearchSchema>;

/** The filters of a view (not its page or sort): what "Clear filters" clears. */
export const ALERT_FILTER_KEYS = ['acknowledged', 'type', 'severity', 'personId', 'from', 'to'] as const satisfies readonly (keyof AlertsSearch)[];
export const hasAlertFilters = (search: AlertsSearch) => hasFilters(search, ALERT_FILTER_KEYS);

/** The API query of a view: page 0-based, default size and sort filled in, nothing empty sent. */
export function alertsQueryOf(search: AlertsSearch) {
  const { from, to } = orderedDayRange(search.from, search.to);
  return {
    ...listQueryOf(search, DEFAULT_ALERTS_SORT),
    acknowledged: search.acknowledged,
    type: search.type,
    severity: search.severity,
    personId: search.personId,
    from,
    to,
  };
}
export type AlertsQuery = ReturnType<typeof alertsQueryOf>;

/** The status filter as its control shows it, and back. */
export type AlertStatusChoice = 'any' | 'open' | 'acknowledged';
export const alertStatusChoiceOf = (acknowledged: boolean | undefined): AlertStatusChoice =>
  acknowledged === undefined ? 'any' : acknowledged ? 'acknowledged' : 'open';
export const acknowledgedOf = (choice: AlertStatusChoice): boolean | undefined => (choice === 'any' ? undefined : choice === 'acknowledged');
