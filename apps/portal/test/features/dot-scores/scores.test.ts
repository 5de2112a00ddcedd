// What the DOT score pages say about figures: the light of a BASIC (alert, near, OK, no data), the
// trend since the last score, worst first, whose figure it is, an alert explained, typed numbers,
// the comparison's selection in the URL and which queued numbers are still waited for.
import { describe, expect, it } from 'vitest';
import { dotListField, dotSearchOf } from '../../../src/features/dot-scores/dot-quality-search.ts';
import {
  alertExplanation, basicInWords, basicSourceText, changesOf, lightOf, ordinal, parseDotInput, trendOf, worstFirst,
} from '../../../src/features/dot-scores/scores.ts';
import { stillPending } from '../../../src/lib/entities/dot-scores/get-dot-quality-report.ts';
import { basic, carrier, ours, unscored } from './harness.tsx';

describe('the light of a BASIC', () => {
  it('is an alert at or over the threshold, near within 10 points, OK under, no data without a sound percentile', () => {
    expect(lightOf(basic('UNSAFE_DRIVING', 65, 65))).toBe('ALERT');
    expect(lightOf(basic('UNSAFE_DRIVING', 55, 65))).toBe('NEAR');
    expect(lightOf(basic('UNSAFE_DRIVING', 54, 65))).toBe('OK');
    expect(lightOf(basic('UNSAFE_DRIVING', null, 65))).toBe('NO_DATA');
    // Insufficient data never alerts, whatever a percentile says.
    expect(lightOf(basic('UNSAFE_DRIVING', 90, 65, { status: 'INSUFFICIENT_DATA', alert: false }))).toBe('NO_DATA');
  });

  it('is said in words with the trend, and insufficient data with its reason', () => {
    const trend = { delta: 6, since: '2026-11-23T05:00:00.000Z' };
    expect(basicInWords(basic('UNSAFE_DRIVING', 78, 50), trend)).toBe('Unsafe Driving: alert, 78th percentile, threshold 50, up 6 points since the last score.');
    expect(basicInWords(basic('HOS_COMPLIANCE', 22, 50), { delta: -1, since: '' })).toBe('Hours-of-Service Compliance: ok, 22nd percentile, threshold 50, down 1 point since the last score.');
    expect(basicInWords(basic('HAZMAT_COMPLIANCE', null, 80), null)).toBe('Hazardous Materials Compliance: insufficient data. 2 relevant inspections; at least 3 are needed.');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 72, 100].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '72nd', '100th']);
  });
});

describe('the trend since the last score', () => {
  it('compares the last two scorings of a BASIC, and is unknown without two sound percentiles', () => {
    const now = carrier('1000002', 'Summit Coach Lines', [78, 22]);
    expect(trendOf(now, 'UNSAFE_DRIVING')).toBeNull();
    const earlier = { ...now.history[0]!, scoredAt: '2026-11-23T05:00:00.000Z', basics: now.history[0]!.basics.map((entry) => ({ ...entry, percentile: entry.percentile === null ? null : entry.percentile - 6 })) };
    const twice = { ...now, history: [earlier, now.history[0]!] };
    expect(trendOf(twice, 'UNSAFE_DRIVING')).toEqual({ delta: 6, since: '2026-11-23T05:00:00.000Z' });
    expect(trendOf(twice, 'HAZMAT_COMPLIANCE')).toBeNull();
  });
});

describe('worst first', () => {
  it('puts carriers that may not operate first, then by alerts, near thresholds and margin; carriers without figures last', () => {
    const clean = carrier('1000010', 'Clean', [10, 10, 10, 10, 10, 10, 10]);
    const near = carrier('1000011', 'Near', [60, 10, 10, 10, 10, 10, 10]);
    const oneAlert = carrier('1000002', 'One alert', [78, 10, 10, 10, 10, 10, 10]);
    const twoAlerts = carrier('1000013', 'Two alerts', [78, 71, 10, 10, 10, 10, 10]);
    const grounded = { ...carrier('1000004', 'Grounded', [10]), authority: { ...clean.authority!, allowedToOperate: false } };
    const failed = unscored('1000007', 'FAILED', 'The provider did not answer.');
    expect(worstFirst([failed, clean, near, oneAlert, grounded, twoAlerts]).map((item) => item.legalName ?? item.dotNumber)).toEqual([
      'Grounded', 'Two alerts', 'One alert', 'Near', 'Clean', '1000007',
    ]);
  });
});

describe('whose figure it is', () => {
  it('names FMCSA or our estimate, the provider and the as-of date; both when measure and percentile differ', () => {
    expect(basicSourceText(basic('UNSAFE_DRIVING', 78, 50))).toBe('FMCSA · Clearlane sandbox · as of Oct 30, 2026');
    const mixed = basic('UNSAFE_DRIVING', 40, 65, { source: { measure: ours, percentile: { ...ours, method: 'Peer group.' } } });
    expect(basicSourceText(mixed)).toBe('Clearlane estimate · Clearlane sandbox · as of Nov 24, 2026');
    const fmcsaMeasure = basic('UNSAFE_DRIVING', 40, 65, { source: { measure: { ...ours, origin: 'FMCSA', asOf: '2026-10-30' }, percentile: ours } });
    expect(basicSourceText(fmcsaMeasure)).toBe('Percentile: Clearlane estimate · Clearlane sandbox · as of Nov 24, 2026; Measure: FMCSA · Clearlane sandbox · as of Oct 30, 2026');
    expect(basicSourceText(basic('HAZMAT_COMPLIANCE', null, 80))).toBe('No figure: nothing to compute it from');
  });

  it('explains an alert against the threshold of the carrier group', () => {
    expect(alertExplanation(basic('UNSAFE_DRIVING', 72, 65), 'GENERAL')).toBe("Unsafe Driving: 72nd percentile ≥ threshold 65% for property carriers: FMCSA's intervention threshold.");
    expect(alertExplanation(basic('UNSAFE_DRIVING', 78, 50), 'PASSENGER')).toBe("Unsafe Driving: 78th percentile ≥ threshold 50% for passenger carriers: FMCSA's intervention threshold.");
    const estimated = basic('VEHICLE_MAINTENANCE', 85, 80, { source: { measure: ours, percentile: ours } });
    expect(alertExplanation(estimated, 'GENERAL')).toContain('85th percentile (our percentile among the carriers scored here) ≥ threshold 80%');
    expect(alertExplanation(basic('UNSAFE_DRIVING', 30, 65), 'GENERAL')).toBeNull();
  });
});

describe('changes', () => {
  it('lists every carrier\'s changes newest first, the worse before the better of one moment', () => {
    const change = (id: string, kind: 'OUT_OF_SERVICE_ORDER' | 'AUTHORITY_RESTORED', detectedAt: string) => ({ id, kind, basic: null, title: id, before: null, after: null, detectedAt });
    const a = carrier('1000004', 'A', [10], { changes: [change('a1', 'AUTHORITY_RESTORED', '2026-11-24T05:00:00.000Z'), change('a0', 'OUT_OF_SERVICE_ORDER', '2026-11-20T05:00:00.000Z')] });
    const b = carrier('1000005', 'B', [10], { changes: [change('b1', 'OUT_OF_SERVICE_ORDER', '2026-11-24T05:00:00.000Z')] });
    expect(changesOf([a, b]).map((item) => `${item.id} ${item.carrierName}`)).toEqual(['b1 B', 'a1 A', 'a0 A']);
  });
});

describe('typed DOT numbers and the selection in the URL', () => {
  it('splits on commas, spaces and new lines, keeps each once, and names what is not a DOT number', () => {
    expect(parseDotInput(' 1234562, 2345670\n1234562;  12a4 123456789 ')).toEqual({ dots: ['1234562', '2345670'], invalid: ['12a4', '123456789'] });
    expect(parseDotInput('   ')).toEqual({ dots: [], invalid: [] });
  });

  it('reads ?dot= as a list of at most 6 DOT numbers, a lone number as its digits', () => {
    expect(dotListField(1000002)).toBe('1000002');
    expect(dotListField('1000002,abc,1000004,1000002')).toBe('1000002,1000004');
    expect(dotListField('1,2,3,4,5,6,7')).toBe('1,2,3,4,5,6');
    expect(dotListField('nope')).toBeUndefined();
    expect(dotListField(['1'])).toBeUndefined();
    expect(dotSearchOf([])).toEqual({ dot: undefined });
    expect(dotSearchOf(['1', '2'])).toEqual({ dot: '1,2' });
  });
});

describe('numbers queued for scoring', () => {
  it('are waited for until the report shows a new scoring of each; a new number until it appears scored', () => {
    const pending = new Map<string, string | null>([['1000002', '2026-11-24T05:00:00.000Z'], ['1000020', null], ['1000030', '2026-11-20T05:00:00.000Z']]);
    const before = [{ dotNumber: '1000002', scoredAt: '2026-11-24T05:00:00.000Z' }];
    expect(stillPending(pending, before)).toEqual(['1000002', '1000020']);
    const after = [{ dotNumber: '1000002', scoredAt: '2026-11-24T05:10:00.000Z' }, { dotNumber: '1000020', scoredAt: null }];
    expect(stillPending(pending, after)).toEqual(['1000020']);
    expect(stillPending(pending, [...after.slice(0, 1), { dotNumber: '1000020', scoredAt: '2026-11-24T05:10:00.000Z' }])).toEqual([]);
  });
});
