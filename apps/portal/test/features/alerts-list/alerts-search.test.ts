// The alerts list's view is a URL: every filter maps to a search param and back, bad params fall back
// to the defaults instead of failing the page, and the API gets exactly the filters in the URL.
import { describe, expect, it } from 'vitest';
import { ALERT_SORT_FIELDS, ALERT_SEVERITIES, AlertTypeSchema } from '@clearlane/contract/monitoring';
import {
  acknowledgedOf, ALERT_SORT_KEYS, alertsQueryOf, alertsSearchSchema, alertStatusChoiceOf, hasAlertFilters,
} from '../../../src/features/alerts-list/alerts-search.ts';
import { ALERT_SEVERITY_OPTIONS, ALERT_TYPE_OPTIONS, driverAlertPath } from '../../../src/lib/monitoring-labels.ts';

const PERSON = '0198a1b2-0000-7000-8000-0000000000aa';

describe('alertsSearchSchema', () => {
  it('keeps every valid filter of a view', () => {
    const view = {
      page: 1, size: 50, sort: 'severity,desc', acknowledged: false, type: 'LICENCE_EXPIRY_REMINDER', severity: 'HIGH', personId: PERSON,
      from: '2026-01-01', to: '2026-01-31',
    };
    expect(alertsSearchSchema.parse(view)).toEqual(view);
  });

  it('drops what a hand-edited URL got wrong, one param at a time', () => {
    expect(
      alertsSearchSchema.parse({ sort: 'title,asc', acknowledged: 'no', type: 'SPEEDING', severity: 'CRITICAL', personId: 'aisha', from: '2026-02-30', to: 'today', size: 7 }),
    ).toEqual({
      page: undefined, size: undefined, sort: undefined, acknowledged: undefined, type: undefined, severity: undefined, personId: undefined, from: undefined,
      to: undefined,
    });
  });
});

describe('alertsQueryOf', () => {
  it('fills in the API defaults: first page, 20 a page, newest first', () => {
    expect(alertsQueryOf({})).toEqual({
      page: 0, size: 20, sort: 'createdAt,desc', acknowledged: undefined, type: undefined, severity: undefined, personId: undefined, from: undefined, to: undefined,
    });
  });

  it('reads a range typed backwards as the days between', () => {
    expect(alertsQueryOf({ from: '2026-03-31', to: '2026-03-01' })).toMatchObject({ from: '2026-03-01', to: '2026-03-31' });
  });

  it('sends "open only" as acknowledged=false, a filter like any other', () => {
    expect(alertsQueryOf({ acknowledged: false, severity: 'HIGH' })).toMatchObject({ acknowledged: false, severity: 'HIGH' });
    expect(hasAlertFilters({ acknowledged: false })).toBe(true);
    expect(hasAlertFilters({ sort: 'createdAt,asc', page: 2 })).toBe(false);
  });
});

describe('the status filter', () => {
  it('maps any / open / acknowledged to the acknowledged param and back', () => {
    for (const acknowledged of [undefined, true, false]) expect(acknowledgedOf(alertStatusChoiceOf(acknowledged))).toBe(acknowledged);
    expect(alertStatusChoiceOf(false)).toBe('open');
  });
});

describe('the spelled-out lists', () => {
  it('are the contract’s alert types, severities and sort fields', () => {
    expect([...ALERT_TYPE_OPTIONS].sort()).toEqual([...AlertTypeSchema.options].sort());
    expect([...ALERT_SEVERITY_OPTIONS]).toEqual([...ALERT_SEVERITIES]);
    expect([...ALERT_SORT_KEYS].sort()).toEqual([...ALERT_SORT_FIELDS].sort());
  });

  it('an alert’s page is under its driver (SPEC.md §2)', () => {
    expect(driverAlertPath(PERSON, 'a1')).toBe(`/drivers/${PERSON}/alerts/a1`);
  });
});
