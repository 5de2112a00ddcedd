// From a provider's carrier record to the figures of the report, and from two scorings to what
// changed. Pure functions: the service (scoring.ts) does the reading and writing around them.
//
// Per BASIC, whose figure wins:
//   1. FMCSA published a percentile (passenger carriers): FMCSA's measure and percentile.
//   2. The provider has inspection-level data (the sandbox): our SMS-style measure, and our
//      percentile in the carrier's peer group.
//   3. FMCSA published a measure only (property carriers since the FAST Act, QCMobile): FMCSA's
//      measure, and our percentile among carriers with FMCSA measures.
//   4. Nothing: no measure, "insufficient data".
import {
  BASIC_CODES, BASIC_NAMES, BASIC_THRESHOLDS, thresholdGroupOf,
  type BasicCode, type BasicScore, type CarrierChangeKind, type CarrierDataProviderName, type CarrierReport, type FigureSource,
} from '@clearlane/contract';
import type { CarrierRecord } from '../../providers/carrier-data/carrier-data-provider.ts';
import { basicMeasures, MIN_PEERS, outOfServiceRate, peerGroupOf, percentileAmong, type PeerGroup } from './sms-measure.ts';

/** The figures of one scoring, as stored (carrier_scores.report) and answered. */
export type ScoredFigures = Pick<CarrierReport, 'legalName' | 'dbaName' | 'carrier' | 'basics' | 'outOfService' | 'safetyRating' | 'authority' | 'insurance'> & {
  source: CarrierDataProviderName;
  asOf: string;
};

export const OUR_MEASURE_METHOD = 'SMS method: severity × time weight (3/2/1 for ≤6, 6–12, 12–24 months) of violations in relevant inspections, per inspection (or per power unit and mileage for Unsafe Driving and Crash).';
export const OUR_PERCENTILE_METHOD = 'Share of carriers in the same peer group, among all carriers scored on this installation, with a lower measure.';

/** A BASIC before its percentile is known: the measure, and the peer group to rank it in. */
export interface PlannedBasic {
  code: BasicCode;
  measure: number | null;
  fmcsaPercentile: number | null;
  measureSource: FigureSource | null;
  relevantInspections: number;
  inspectionsWithViolations: number;
  violations: number;
  insufficientDataReason: string | null;
  /** Set when we rank the measure ourselves. */
  peerGroup: PeerGroup | null;
}

const fmcsa = (provider: CarrierDataProviderName, asOf: string): FigureSource => ({ origin: 'FMCSA', provider, asOf, method: null });
const ours = (provider: CarrierDataProviderName, asOf: string, method: string): FigureSource => ({ origin: 'CLEARLANE', provider, asOf, method });

/** Chooses each BASIC's measure (rules 1-4 above). `today` dates what we compute. */
export function planBasics(record: CarrierRecord, provider: CarrierDataProviderName, today: string): PlannedBasic[] {
  const raw = record.inspections !== null ? new Map(basicMeasures(record, record.asOf).map((measure) => [measure.basic, measure])) : null;
  return BASIC_CODES.map((code): PlannedBasic => {
    const published = record.fmcsaBasics.find((basic) => basic.code === code);
    const ownCounts = raw?.get(code);
    if (published && published.percentile !== null && published.measure !== null) {
      return {
        code, measure: published.measure, fmcsaPercentile: published.percentile, measureSource: fmcsa(provider, published.runDate),
        relevantInspections: ownCounts?.relevantInspections ?? published.inspectionsWithViolations,
        inspectionsWithViolations: published.inspectionsWithViolations, violations: published.violations,
        insufficientDataReason: null, peerGroup: null,
      };
    }
    if (ownCounts) {
      return {
        code, measure: ownCounts.measure, fmcsaPercentile: null,
        measureSource: ownCounts.measure === null ? null : ours(provider, today, OUR_MEASURE_METHOD),
        relevantInspections: ownCounts.relevantInspections, inspectionsWithViolations: ownCounts.inspectionsWithViolations, violations: ownCounts.violations,
        insufficientDataReason: ownCounts.insufficientDataReason,
        peerGroup: ownCounts.measure === null ? null : peerGroupOf(code, record, ownCounts.relevantInspections, 'CLEARLANE'),
      };
    }
    if (published && published.measure !== null) {
      return {
        code, measure: published.measure, fmcsaPercentile: null, measureSource: fmcsa(provider, published.runDate),
        relevantInspections: published.inspectionsWithViolations, inspectionsWithViolations: published.inspectionsWithViolations, violations: published.violations,
        insufficientDataReason: null, peerGroup: peerGroupOf(code, record, published.inspectionsWithViolations, 'FMCSA'),
      };
    }
    return {
      code, measure: null, fmcsaPercentile: null, measureSource: null, relevantInspections: 0, inspectionsWithViolations: 0, violations: 0,
      insufficientDataReason: 'FMCSA publishes no measure for this BASIC and the provider has no inspection data to compute one.', peerGroup: null,
    };
  });
}

/** Turns planned BASICs into the report's, with percentiles from the peer groups' measures (by group key). */
export function finishBasics(
  planned: PlannedBasic[], record: Pick<CarrierRecord, 'passengerCarrier' | 'hazmatCarrier'>, peers: ReadonlyMap<string, readonly number[]>,
  provider: CarrierDataProviderName, today: string,
): BasicScore[] {
  const group = thresholdGroupOf(record);
  return planned.map((basic): BasicScore => {
    const threshold = BASIC_THRESHOLDS[basic.code][group];
    let percentile: number | null = basic.fmcsaPercentile;
    let percentileSource: FigureSource | null = percentile === null ? null : fmcsa(provider, basic.measureSource!.asOf);
    let reason = basic.insufficientDataReason;
    let peerGroup: BasicScore['peerGroup'] = null;
    if (percentile === null && basic.peerGroup && basic.measure !== null) {
      const measures = peers.get(basic.peerGroup.key) ?? [];
      peerGroup = { name: basic.peerGroup.name, carriers: measures.length };
      percentile = percentileAmong(basic.measure, measures);
      if (percentile === null) reason = `Only ${measures.length} carrier${measures.length === 1 ? '' : 's'} in its peer group (${basic.peerGroup.name}); a percentile needs at least ${MIN_PEERS}.`;
      else percentileSource = ours(provider, today, OUR_PERCENTILE_METHOD);
    }
    const sound = reason === null && percentile !== null;
    const alert = sound && percentile! >= threshold;
    return {
      code: basic.code, name: BASIC_NAMES[basic.code], measure: basic.measure, percentile, threshold, alert,
      status: !sound ? 'INSUFFICIENT_DATA' : alert ? 'ALERT' : 'OK',
      insufficientDataReason: sound ? null : reason,
      relevantInspections: basic.relevantInspections, inspectionsWithViolations: basic.inspectionsWithViolations, violations: basic.violations,
      peerGroup, source: { measure: basic.measureSource, percentile: sound ? percentileSource : null },
    };
  });
}

/** The rest of the report, straight from the record: all FMCSA's figures. */
export function scoredFigures(record: CarrierRecord, basics: BasicScore[], provider: CarrierDataProviderName): ScoredFigures {
  const source = fmcsa(provider, record.asOf);
  const oos = record.outOfService;
  const rate = (line: { inspections: number; outOfService: number }, nationalAverage: number) => ({
    rate: outOfServiceRate(line.inspections, line.outOfService), inspections: line.inspections, outOfServiceInspections: line.outOfService, nationalAverage,
  });
  const insurance = record.insurance;
  const lines = [insurance.bodilyInjuryAndPropertyDamage, insurance.cargo, insurance.bond];
  return {
    legalName: record.legalName,
    dbaName: record.dbaName,
    source: provider,
    asOf: record.asOf,
    carrier: {
      passengerCarrier: record.passengerCarrier, hazmatCarrier: record.hazmatCarrier, powerUnits: record.powerUnits, drivers: record.drivers,
      thresholdGroup: thresholdGroupOf(record),
    },
    basics,
    outOfService: {
      driver: rate(oos.driver, oos.nationalAverages.driver),
      vehicle: rate(oos.vehicle, oos.nationalAverages.vehicle),
      hazmat: rate(oos.hazmat, oos.nationalAverages.hazmat),
      nationalAverages: oos.nationalAverages,
      orders: oos.orders,
      source,
    },
    safetyRating: { ...record.safetyRating, source },
    authority: { ...record.authority, source },
    insurance: {
      compliant: lines.every((line) => !line.required || line.requiredAmount === null || line.onFileAmount >= line.requiredAmount),
      bodilyInjuryAndPropertyDamage: insurance.bodilyInjuryAndPropertyDamage, cargo: insurance.cargo, bond: insurance.bond, source,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Changes between two scorings
// ---------------------------------------------------------------------------------------------

export interface DetectedChange {
  kind: CarrierChangeKind;
  basic: BasicCode | null;
  title: string;
  before: string | null;
  after: string | null;
}

const ordinal = (n: number) => `${n}${[11, 12, 13].includes(n % 100) ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
const percentileText = (basic: BasicScore) => (basic.percentile === null ? 'no percentile' : `${ordinal(basic.percentile)} percentile`);
const hasAuthority = (figures: ScoredFigures) => {
  const authority = figures.authority!;
  return [authority.common, authority.contract, authority.broker].includes('ACTIVE');
};
const authorityText = (figures: ScoredFigures) => {
  const authority = figures.authority!;
  return `common ${authority.common}, contract ${authority.contract}, broker ${authority.broker}`;
};
const insuranceText = (figures: ScoredFigures) => {
  const line = figures.insurance!.bodilyInjuryAndPropertyDamage;
  return `BI/PD $${line.onFileAmount}k on file${line.requiredAmount === null ? '' : ` of $${line.requiredAmount}k required`}`;
};

/**
 * What changed from the previous scoring to this one. The first scoring of a carrier is the
 * baseline: it records no change.
 */
export function changesBetween(previous: ScoredFigures | null, next: ScoredFigures): DetectedChange[] {
  if (!previous) return [];
  const changes: DetectedChange[] = [];
  for (const basic of next.basics) {
    const before = previous.basics.find((candidate) => candidate.code === basic.code);
    if (!before || before.alert === basic.alert) continue;
    changes.push({
      kind: basic.alert ? 'BASIC_ALERT_RAISED' : 'BASIC_ALERT_CLEARED', basic: basic.code,
      title: basic.alert
        ? `${basic.name} crossed its intervention threshold (${percentileText(basic)}, threshold ${basic.threshold})`
        : `${basic.name} is back under its intervention threshold (${percentileText(basic)}, threshold ${basic.threshold})`,
      before: percentileText(before), after: percentileText(basic),
    });
  }
  if (hasAuthority(previous) !== hasAuthority(next)) {
    changes.push({
      kind: hasAuthority(next) ? 'AUTHORITY_RESTORED' : 'AUTHORITY_REVOKED', basic: null,
      title: hasAuthority(next) ? 'Operating authority is active again' : 'Operating authority is no longer active',
      before: authorityText(previous), after: authorityText(next),
    });
  }
  if (previous.insurance!.compliant !== next.insurance!.compliant) {
    changes.push({
      kind: next.insurance!.compliant ? 'INSURANCE_RESTORED' : 'INSURANCE_CANCELLED', basic: null,
      title: next.insurance!.compliant ? 'Required insurance is on file again' : 'Required insurance is no longer on file',
      before: insuranceText(previous), after: insuranceText(next),
    });
  }
  const ordersBefore = previous.outOfService!.orders.length;
  const ordersAfter = next.outOfService!.orders.length;
  if ((ordersBefore === 0) !== (ordersAfter === 0)) {
    const order = next.outOfService!.orders[0];
    changes.push({
      kind: ordersAfter > 0 ? 'OUT_OF_SERVICE_ORDER' : 'OUT_OF_SERVICE_ORDER_LIFTED', basic: null,
      title: order ? `Out-of-service order since ${order.date}: ${order.reason}` : 'The out-of-service order was lifted',
      before: ordersBefore > 0 ? 'Out-of-service order in force' : 'No out-of-service order', after: ordersAfter > 0 ? 'Out-of-service order in force' : 'No out-of-service order',
    });
  }
  if (previous.safetyRating!.rating !== next.safetyRating!.rating) {
    changes.push({
      kind: 'SAFETY_RATING_CHANGED', basic: null, title: `Safety rating changed to ${next.safetyRating!.rating.replace('_', ' ').toLowerCase()}`,
      before: previous.safetyRating!.rating, after: next.safetyRating!.rating,
    });
  }
  return changes;
}

/** The history entry of one scoring. */
export const historyEntryOf = (scoredAt: Date, figures: Pick<ScoredFigures, 'asOf' | 'basics'>) => ({
  scoredAt: scoredAt.toISOString(),
  asOf: figures.asOf,
  basics: figures.basics.map(({ code, measure, percentile, alert, status }) => ({ code, measure, percentile, alert, status })),
});
