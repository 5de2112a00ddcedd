// One name for one thing (labels.ts) and one order of an MVR's entries (violationsNewestFirst and
// its siblings in domain/mvr.ts): the portal, the server's documents and the bulk template read them.
import { describe, expect, it } from 'vitest';
import { BULK_MVR_COLUMNS } from '../src/bulk-orders.ts';
import { accidentsNewestFirst, dmvActionsNewestFirst, mvrRecordNewestFirst, TEXAS_RECORD_TYPES, violationsNewestFirst, type MvrAccident, type MvrDmvAction, type MvrViolation } from '../src/domain/mvr.ts';
import { MVR_REPORT_FORMATS, ORDER_TYPES, REPORT_TYPES } from '../src/enums.ts';
import { DOCUMENT_LABELS, ORDER_TYPE_LABELS, REPORT_TYPE_LABELS, TEXAS_RECORD_TYPE_LABELS, texasRecordTypeLabel } from '../src/labels.ts';
import { REPORT_TYPE_OF_ORDER } from '../src/reports.ts';

describe('labels', () => {
  it('names every order type, report type and Texas record type, each differently', () => {
    for (const [values, labels] of [[ORDER_TYPES, ORDER_TYPE_LABELS], [REPORT_TYPES, REPORT_TYPE_LABELS], [TEXAS_RECORD_TYPES, TEXAS_RECORD_TYPE_LABELS]] as const) {
      const names = values.map((value) => (labels as Record<string, string>)[value]);
      expect(names.every((name) => typeof name === 'string' && name.length > 0)).toBe(true);
      expect(new Set(names).size).toBe(values.length);
    }
  });

  it('names a non-MVR order type as its report, and each report document as its report type', () => {
    for (const type of ['PERSON_RISK_ASSESSMENT', 'BUSINESS_RISK_INFORM_REPORT', 'VIN_REPORT'] as const) {
      expect(ORDER_TYPE_LABELS[type]).toBe(REPORT_TYPE_LABELS[REPORT_TYPE_OF_ORDER[type]]);
    }
    expect(DOCUMENT_LABELS.vehicle).toBe(REPORT_TYPE_LABELS.VehicleReport);
    expect(DOCUMENT_LABELS.personRisk).toBe(REPORT_TYPE_LABELS.PersonRiskAssessment);
    expect(DOCUMENT_LABELS.businessRisk).toBe(REPORT_TYPE_LABELS.BusinessRiskAssessment);
  });

  it('keeps SPEC.md §3 names for the MVR documents', () => {
    expect(DOCUMENT_LABELS.mvrStandard).toBe(MVR_REPORT_FORMATS.MVR_STANDARD_REPORT.label);
    expect(DOCUMENT_LABELS.mvrCondensed).toBe('Full MVR Report (Condensed)');
    expect(DOCUMENT_LABELS.mvrCondensedText.startsWith(DOCUMENT_LABELS.mvrCondensed)).toBe(true);
  });

  it('says a stored Texas record type in words, and an unknown one as it is', () => {
    expect(texasRecordTypeLabel('TYPE_2_THREE_YEAR')).toBe('Type 2: 3-year driving record');
    expect(texasRecordTypeLabel('TYPE_9')).toBe('TYPE_9');
  });

  it('tells the bulk template the code the sheet takes and the name the portal gives it', () => {
    const texas = BULK_MVR_COLUMNS.find((column) => column.key === 'texasRecordType')!;
    for (const type of TEXAS_RECORD_TYPES) expect(texas.description).toContain(`${type} (${TEXAS_RECORD_TYPE_LABELS[type]}`);
    expect(texas.description).toContain('Type 2: 3-year driving record, the default)');
  });
});

const violation = (date: string, code: string, convictionDate: string | null = null): MvrViolation => ({ date, code, convictionDate, description: code, category: 'MOVING', points: 1 });

describe('the order of an MVR\'s entries: newest first', () => {
  it('sorts violations by date, then later conviction first, then code; the input is left as it was', () => {
    const input = [
      violation('2021-03-01', 'S93'),
      violation('2024-07-15', 'B12', '2024-08-01'),
      violation('2024-07-15', 'A21', null),
      violation('2024-07-15', 'S95', '2024-09-01'),
      violation('2024-07-15', 'C10', '2024-09-01'),
      violation('2023-01-10', 'M20'),
    ];
    const copy = structuredClone(input);
    expect(violationsNewestFirst(input).map((v) => v.code)).toEqual(['C10', 'S95', 'B12', 'A21', 'M20', 'S93']);
    expect(input).toEqual(copy);
  });

  it('is the same order whatever order the record came in', () => {
    const input = [violation('2022-01-01', 'X1'), violation('2022-01-01', 'X2', '2022-02-01'), violation('2025-05-05', 'X3'), violation('2019-12-31', 'X4')];
    const once = violationsNewestFirst(input);
    expect(violationsNewestFirst([...input].reverse())).toEqual(once);
    expect(violationsNewestFirst(once)).toEqual(once);
  });

  it('sorts accidents and DMV actions newest first too, and a whole record at once', () => {
    const accident = (date: string): MvrAccident => ({ date, description: 'Collision', atFault: null, injuries: false });
    const action = (effectiveDate: string): MvrDmvAction => ({ effectiveDate, type: 'SUSPENSION', endDate: null, reason: 'Points' });
    const accidents = [accident('2020-01-01'), accident('2024-01-01'), accident('2022-01-01')];
    const actions = [action('2019-05-01'), action('2023-05-01')];
    expect(accidentsNewestFirst(accidents).map((a) => a.date)).toEqual(['2024-01-01', '2022-01-01', '2020-01-01']);
    expect(dmvActionsNewestFirst(actions).map((a) => a.effectiveDate)).toEqual(['2023-05-01', '2019-05-01']);
    const record = mvrRecordNewestFirst({ violations: [violation('2020-01-01', 'A'), violation('2021-01-01', 'B')], accidents, dmvActions: actions, other: 1 });
    expect(record.violations.map((v) => v.code)).toEqual(['B', 'A']);
    expect(record.accidents[0]).toEqual(accident('2024-01-01'));
    expect(record.other).toBe(1);
  });
});
