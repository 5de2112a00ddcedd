import { describe, expect, it } from 'vitest';
import { BULK_MVR_COLUMNS, checkBulkMvrRow, type BulkMvrCells, type BulkMvrColumnKey } from '../src/bulk-orders.ts';
import { TEXAS_RECORD_TYPES } from '../src/domain/mvr.ts';
import { PERMISSIBLE_PURPOSES } from '../src/orders.ts';

const VALID: BulkMvrCells = {
  firstName: 'Jane', middleName: 'Q', lastName: 'Public', dateOfBirth: '1985-04-12', licenceNumber: 'D1234560',
  licenceState: 'CA', permissiblePurpose: 'WRITTEN_CONSENT', texasRecordType: '', externalReference: 'EMP-0042', tags: 'new hire, fleet',
};
// A Texas licence, so that a Texas record type is judged on its own value.
const TEXAS: BulkMvrCells = { ...VALID, licenceState: 'TX', licenceNumber: '12345678' };

/** A value each column refuses; a column that accepts any text has its length limit broken. */
const WRONG: Record<BulkMvrColumnKey, string> = {
  firstName: 'x'.repeat(81), middleName: 'x'.repeat(81), lastName: 'x'.repeat(81), dateOfBirth: '1985-13-45',
  licenceNumber: '12', licenceState: 'ZZ', permissiblePurpose: 'CURIOSITY', texasRecordType: 'TYPE_9',
  externalReference: 'x'.repeat(65), tags: `ok, ${'x'.repeat(41)}`,
};

function messagesOf(cells: BulkMvrCells) {
  const check = checkBulkMvrRow(cells);
  return check.ok ? [] : check.problems;
}

/** zod's default words and notation: JSON quotes and "|" between the options. */
const RAW = /Invalid|expected|received|"\|"|\bundefined\b|\bnull\b/;

describe('bulk sheet row messages', () => {
  it.each(BULK_MVR_COLUMNS.map((column) => [column.header, column] as const))('%s: plain words for an empty cell and a wrong value', (_header, column) => {
    const base = column.key === 'texasRecordType' ? TEXAS : VALID;
    const empty = messagesOf({ ...base, [column.key]: '' });
    if (column.required) {
      expect(empty).toHaveLength(1);
      expect(empty[0]!.column).toBe(column.key);
      expect(empty[0]!.message).not.toMatch(RAW);
    } else {
      expect(empty).toEqual([]);
    }
    const wrong = messagesOf({ ...base, [column.key]: WRONG[column.key] });
    expect(wrong).toHaveLength(1);
    expect(wrong[0]!.column).toBe(column.key);
    expect(wrong[0]!.message).not.toMatch(RAW);
  });

  it('names every Texas record type as typed in the cell', () => {
    expect(messagesOf({ ...TEXAS, texasRecordType: 'TYPE_9' })).toEqual([{
      column: 'texasRecordType',
      message: 'must be TYPE_1_STATUS, TYPE_2_THREE_YEAR, TYPE_3_CERTIFIED_THREE_YEAR or TYPE_AR_CERTIFIED_ALL, or left empty for TYPE_2_THREE_YEAR',
    }]);
    for (const type of TEXAS_RECORD_TYPES) expect(messagesOf({ ...TEXAS, texasRecordType: type.toLowerCase() })).toEqual([]);
  });

  it('names every permissible purpose code, and says an empty one is required', () => {
    const [wrong] = messagesOf({ ...VALID, permissiblePurpose: 'MARKETING' });
    expect(wrong!.message).toMatch(/^must be a DPPA permissible purpose code: GOVERNMENT_FUNCTION, .* or STATE_LAW_AUTHORIZED$/);
    for (const purpose of PERMISSIBLE_PURPOSES) expect(wrong!.message).toContain(purpose);
    const [empty] = messagesOf({ ...VALID, permissiblePurpose: ' ' });
    expect(empty!.message).toMatch(/^is required: one of the DPPA permissible purpose codes GOVERNMENT_FUNCTION, /);
  });

  it('says a licence state is a two-letter code, and that an empty one is required', () => {
    expect(messagesOf({ ...VALID, licenceState: 'California' })).toEqual([{ column: 'licenceState', message: 'must be the two-letter code of a US state or DC, e.g. CA or TX' }]);
    expect(messagesOf({ ...VALID, licenceState: '' })[0]!.message).toMatch(/^is required: the two-letter code/);
  });

  it('words tag problems for a cell that holds several tags', () => {
    expect(messagesOf({ ...VALID, tags: WRONG.tags })).toEqual([{ column: 'tags', message: 'each tag must be at most 40 characters' }]);
    expect(messagesOf({ ...VALID, tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') })).toEqual([{ column: 'tags', message: 'must hold at most 10 tags, separated by commas' }]);
  });
});
