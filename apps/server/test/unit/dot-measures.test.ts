// Our SMS-style measure (modules/scores/sms-measure.ts), the choice of each BASIC's figures and
// the changes between scorings (carrier-scoring.ts), and the sandbox's carriers.
import { describe, expect, it } from 'vitest';
import { BASIC_CODES, BASIC_THRESHOLDS } from '@clearlane/contract';
import {
  basicMeasure, crashWeight, inspectionWeight, MIN_PEERS, outOfServiceRate, peerGroupOf, percentileAmong, timeWeight, utilizationFactor,
} from '../../src/modules/scores/sms-measure.ts';
import { changesBetween, finishBasics, planBasics, scoredFigures, type ScoredFigures } from '../../src/modules/scores/carrier-scoring.ts';
import type { CarrierRecord, RoadsideInspection, RoadsideViolation } from '../../src/providers/carrier-data/carrier-data-provider.ts';
import { SandboxCarrierDataProvider } from '../../src/providers/carrier-data/sandbox-carrier-data-provider.ts';
import { ProviderError } from '../../src/providers/provider-error.ts';

const AS_OF = '2026-11-01';
const speeding: RoadsideViolation = { basic: 'UNSAFE_DRIVING', code: '392.2-SLLS3', description: 'Speeding', severity: 7, outOfService: false };
const logbook: RoadsideViolation = { basic: 'HOS_COMPLIANCE', code: '395.8(e)', description: 'False log', severity: 7, outOfService: true };
const inspection = (date: string, violations: RoadsideViolation[] = [], relevance: Partial<RoadsideInspection> = {}): RoadsideInspection => ({
  date, driverInspected: true, vehicleInspected: true, hazmatInspected: false, driverOutOfService: false, vehicleOutOfService: false, hazmatOutOfService: false,
  violations, ...relevance,
});
const fleet = { powerUnits: 10, vehicleMilesTravelled: null, hazmatCarrier: false };

describe('SMS time and severity weights', () => {
  it('weighs the last 6 months 3, 6-12 months 2, 12-24 months 1, and ignores older and future events', () => {
    expect(timeWeight('2026-10-01', AS_OF)).toBe(3);
    expect(timeWeight('2026-05-15', AS_OF)).toBe(3);
    expect(timeWeight('2026-03-01', AS_OF)).toBe(2);
    expect(timeWeight('2025-06-01', AS_OF)).toBe(1);
    expect(timeWeight('2024-10-01', AS_OF)).toBe(0);
    expect(timeWeight('2026-12-01', AS_OF)).toBe(0);
  });

  it('adds 2 for an out-of-service violation and caps an inspection at 30', () => {
    expect(inspectionWeight(inspection(AS_OF, [speeding, logbook]), 'HOS_COMPLIANCE')).toBe(9);
    expect(inspectionWeight(inspection(AS_OF, [speeding, logbook]), 'UNSAFE_DRIVING')).toBe(7);
    const many = Array.from({ length: 6 }, () => ({ ...speeding, severity: 10 }));
    expect(inspectionWeight(inspection(AS_OF, many), 'UNSAFE_DRIVING')).toBe(30);
  });

  it('weighs crashes 1 towaway, 2 injury or fatality, one more for hazmat released', () => {
    const crash = { date: AS_OF, fatalities: 0, injuries: 0, towaway: true, hazmatReleased: false };
    expect(crashWeight(crash)).toBe(1);
    expect(crashWeight({ ...crash, injuries: 2 })).toBe(2);
    expect(crashWeight({ ...crash, fatalities: 1, hazmatReleased: true })).toBe(3);
    expect(crashWeight({ ...crash, towaway: false })).toBe(0);
  });

  it('raises the utilisation factor from 1 at 80,000 miles a power unit to 1.6 at 160,000, and distrusts more than 200,000', () => {
    expect(utilizationFactor(null, 10)).toBe(1);
    expect(utilizationFactor(700_000, 10)).toBe(1);
    expect(utilizationFactor(1_200_000, 10)).toBeCloseTo(1.3);
    expect(utilizationFactor(1_800_000, 10)).toBe(1.6);
    expect(utilizationFactor(2_500_000, 10)).toBe(1);
  });
});

describe('a BASIC measure', () => {
  it('divides weighted violations by the time weights of relevant inspections (HOS)', () => {
    const inspections = [inspection('2026-10-01', [logbook]), inspection('2026-03-01'), inspection('2025-06-01', [logbook])];
    // (9 × 3 + 9 × 1) / (3 + 2 + 1) = 6
    expect(basicMeasure('HOS_COMPLIANCE', fleet, inspections, [], AS_OF)).toEqual({
      basic: 'HOS_COMPLIANCE', measure: 6, relevantInspections: 3, inspectionsWithViolations: 2, violations: 2, insufficientDataReason: null,
    });
  });

  it('divides Unsafe Driving by power units and utilisation, not by inspections', () => {
    const inspections = [inspection('2026-10-01', [speeding]), inspection('2026-09-01', [speeding]), inspection('2026-03-01')];
    // (7 × 3 + 7 × 3) / (10 power units × 1) = 4.2
    expect(basicMeasure('UNSAFE_DRIVING', fleet, inspections, [], AS_OF).measure).toBe(4.2);
    expect(basicMeasure('UNSAFE_DRIVING', { ...fleet, vehicleMilesTravelled: 1_800_000 }, inspections, [], AS_OF).measure).toBe(2.63);
  });

  it('counts only relevant inspections: a vehicle-only inspection says nothing about hours of service', () => {
    const inspections = [inspection('2026-10-01', [], { driverInspected: false }), inspection('2026-10-02', [logbook]), inspection('2026-10-03')];
    expect(basicMeasure('HOS_COMPLIANCE', fleet, inspections, [], AS_OF)).toMatchObject({ relevantInspections: 2, measure: null });
  });

  it('flags too few inspections instead of showing a measure', () => {
    const measure = basicMeasure('VEHICLE_MAINTENANCE', fleet, [inspection('2026-10-01'), inspection('2026-10-02')], [], AS_OF);
    expect(measure.measure).toBeNull();
    expect(measure.insufficientDataReason).toBe('2 relevant inspections in 24 months; at least 3 are needed.');
  });

  it('has no Hazmat measure for a carrier that carries no hazardous materials', () => {
    expect(basicMeasure('HAZMAT_COMPLIANCE', fleet, [inspection(AS_OF)], [], AS_OF).insufficientDataReason).toBe('The carrier does not carry hazardous materials.');
  });

  it('weighs crashes per power unit for the Crash Indicator', () => {
    const crashes = [{ date: '2026-10-01', fatalities: 0, injuries: 1, towaway: true, hazmatReleased: false }, { date: '2025-06-01', fatalities: 0, injuries: 0, towaway: true, hazmatReleased: false }];
    const inspections = [inspection(AS_OF), inspection(AS_OF), inspection(AS_OF)];
    // (2 × 3 + 1 × 1) / 10 = 0.7
    expect(basicMeasure('CRASH_INDICATOR', fleet, inspections, crashes, AS_OF)).toMatchObject({ measure: 0.7, inspectionsWithViolations: 2 });
  });
});

describe('peer groups and percentiles', () => {
  it('ranks a measure by the share of its peers with a lower one', () => {
    const peers = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentileAmong(10, peers)).toBe(100);
    expect(percentileAmong(5, peers)).toBe(50);
    expect(percentileAmong(0, peers)).toBe(0);
  });

  it('gives no percentile in a peer group smaller than MIN_PEERS', () => {
    expect(percentileAmong(3, Array.from({ length: MIN_PEERS - 1 }, (_, index) => index))).toBeNull();
  });

  it('groups carriers by kind, exposure and whose measure it is', () => {
    expect(peerGroupOf('HOS_COMPLIANCE', { passengerCarrier: false, powerUnits: 3 }, 42, 'CLEARLANE')).toEqual({
      key: 'CLEARLANE:HOS_COMPLIANCE:PROPERTY:INSP:21–100', name: 'Property carriers, 21–100 relevant inspections',
    });
    expect(peerGroupOf('UNSAFE_DRIVING', { passengerCarrier: true, powerUnits: 600 }, 42, 'FMCSA').name).toBe('Passenger carriers, 501+ power units (FMCSA measures)');
  });

  it('computes out-of-service rates in per cent', () => {
    expect(outOfServiceRate(0, 0)).toBeNull();
    expect(outOfServiceRate(30, 4)).toBe(13.3);
  });
});

describe('the report figures', () => {
  const sandbox = new SandboxCarrierDataProvider({ now: () => new Date(`${AS_OF}T12:00:00Z`) });
  const found = async (dotNumber: string) => {
    const lookup = await sandbox.lookup(dotNumber);
    if (lookup.kind !== 'FOUND') throw new Error(`expected a carrier for ${dotNumber}`);
    return lookup.record;
  };
  const figuresOf = (record: CarrierRecord, peers = new Map<string, number[]>()): ScoredFigures =>
    scoredFigures(record, finishBasics(planBasics(record, 'sandbox', AS_OF), record, peers, 'sandbox', AS_OF), 'sandbox');

  it('takes FMCSA\'s published percentile for a passenger carrier and alerts on the passenger threshold', async () => {
    const figures = figuresOf(await found('1000002'));
    const unsafe = figures.basics.find((basic) => basic.code === 'UNSAFE_DRIVING')!;
    expect(unsafe).toMatchObject({ percentile: 78, threshold: BASIC_THRESHOLDS.UNSAFE_DRIVING.PASSENGER, alert: true, status: 'ALERT', peerGroup: null });
    expect(unsafe.source.percentile).toMatchObject({ origin: 'FMCSA', provider: 'sandbox', method: null });
    expect(figures.basics.map((basic) => basic.code)).toEqual([...BASIC_CODES]);
    expect(figures.basics.filter((basic) => basic.alert).map((basic) => basic.code)).toEqual(['UNSAFE_DRIVING']);
  });

  it('computes our measure for a property carrier, and our percentile only with enough peers', async () => {
    const record = await found('1000009');
    const alone = figuresOf(record);
    const hos = alone.basics.find((basic) => basic.code === 'HOS_COMPLIANCE')!;
    expect(hos.measure).toBeGreaterThan(0);
    expect(hos).toMatchObject({ percentile: null, alert: false, status: 'INSUFFICIENT_DATA' });
    expect(hos.source.measure).toMatchObject({ origin: 'CLEARLANE', asOf: AS_OF });
    expect(hos.insufficientDataReason).toMatch(/peer group/);

    const plan = planBasics(record, 'sandbox', AS_OF).find((basic) => basic.code === 'HOS_COMPLIANCE')!;
    const lowerPeers = [...Array.from({ length: 19 }, (_, index) => index / 100), hos.measure!];
    const ranked = figuresOf(record, new Map([[plan.peerGroup!.key, lowerPeers]])).basics.find((basic) => basic.code === 'HOS_COMPLIANCE')!;
    expect(ranked).toMatchObject({ percentile: 100, alert: true, status: 'ALERT', peerGroup: { carriers: 20 } });
    expect(ranked.source.percentile).toMatchObject({ origin: 'CLEARLANE' });
  });

  it('flags a small carrier\'s BASICs as insufficient data', async () => {
    const figures = figuresOf(await found('1000008'));
    expect(figures.basics.every((basic) => basic.status === 'INSUFFICIENT_DATA' && !basic.alert)).toBe(true);
    expect(figures.carrier).toMatchObject({ hazmatCarrier: true, thresholdGroup: 'HAZMAT' });
    expect(figures.basics.find((basic) => basic.code === 'UNSAFE_DRIVING')!.threshold).toBe(60);
  });

  it('is deterministic: the same number, the same carrier', async () => {
    expect(await found('4410')).toEqual(await found('4410'));
    expect((await found('4410')).legalName).not.toBe((await found('4420')).legalName);
  });

  it('answers an unknown number as not found and fails on digit 7', async () => {
    expect(await sandbox.lookup('1000006')).toMatchObject({ kind: 'NOT_FOUND' });
    await expect(sandbox.lookup('1000007')).rejects.toBeInstanceOf(ProviderError);
  });

  it('records the changes for the worse of a rescore, and none on the first scoring', async () => {
    const teller = new SandboxCarrierDataProvider({ now: () => new Date(`${AS_OF}T12:00:00Z`) });
    const lookUp = async (dotNumber: string) => {
      const lookup = await teller.lookup(dotNumber);
      return lookup.kind === 'FOUND' ? figuresOf(lookup.record) : null;
    };
    const revokedFirst = (await lookUp('2000005'))!;
    const revokedThen = (await lookUp('2000005'))!;
    expect(changesBetween(null, revokedFirst)).toEqual([]);
    expect(changesBetween(revokedFirst, revokedThen).map((change) => change.kind)).toEqual(['AUTHORITY_REVOKED', 'INSURANCE_CANCELLED']);
    const orderFirst = (await lookUp('2000004'))!;
    const orderThen = (await lookUp('2000004'))!;
    expect(changesBetween(orderFirst, orderThen)).toEqual([expect.objectContaining({ kind: 'OUT_OF_SERVICE_ORDER', after: 'Out-of-service order in force' })]);
    expect(changesBetween(orderThen, orderFirst).map((change) => change.kind)).toEqual(['OUT_OF_SERVICE_ORDER_LIFTED']);
  });

  it('records a BASIC crossing its threshold, both ways', async () => {
    const before = figuresOf(await found('1000002'));
    const calmer = { ...before, basics: before.basics.map((basic) => (basic.code === 'UNSAFE_DRIVING' ? { ...basic, percentile: 40, alert: false, status: 'OK' as const } : basic)) };
    expect(changesBetween(calmer, before)).toEqual([expect.objectContaining({
      kind: 'BASIC_ALERT_RAISED', basic: 'UNSAFE_DRIVING', before: '40th percentile', after: '78th percentile',
      title: 'Unsafe Driving crossed its intervention threshold (78th percentile, threshold 50)',
    })]);
    expect(changesBetween(before, calmer).map((change) => change.kind)).toEqual(['BASIC_ALERT_CLEARED']);
  });
});
