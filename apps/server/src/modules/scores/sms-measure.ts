// Our own measure of a carrier's BASICs, computed the way FMCSA's Safety Measurement System does,
// because since the FAST Act (2015) FMCSA no longer publishes property carriers' percentiles.
// Pure functions; the method is written down in docs/DECISIONS.md ("DOT quality scores").
//
//   violation weight   = severity (1-10) + 2 when it put the driver or vehicle out of service;
//                        per inspection and BASIC the weights add up to at most 30 (SMS's cap)
//   time weight        = 3 (last 6 months), 2 (6-12 months), 1 (12-24 months); older is not counted
//   inspection BASICs  = Σ(violation weight × time weight) / Σ(time weight of relevant inspections)
//                        (HOS, Driver Fitness, Controlled Substances/Alcohol, Vehicle Maintenance, Hazmat)
//   exposure BASICs    = Σ(weight × time weight) / (power units × utilisation factor)
//                        (Unsafe Driving: its violations; Crash Indicator: crashes weighted 1 towaway,
//                        2 injury or fatality, +1 hazmat released)
//   percentile         = the share of carriers in the same peer group with a lower measure
import { BASIC_CODES, type BasicCode } from '@clearlane/contract';
import type { CarrierRecord, ReportableCrash, RoadsideInspection } from '../../providers/carrier-data/carrier-data-provider.ts';

const DAY_MS = 86_400_000;
export const MEASURE_WINDOW_MONTHS = 24;
/** SMS caps the weight one inspection adds to a BASIC. */
export const MAX_WEIGHT_PER_INSPECTION = 30;
export const OUT_OF_SERVICE_EXTRA_WEIGHT = 2;
/** A percentile we compute needs at least this many carriers (the carrier included) in its peer group. */
export const MIN_PEERS = 10;

/** Which inspections a BASIC's measure is built on. */
const RELEVANT: Record<BasicCode, (inspection: RoadsideInspection) => boolean> = {
  UNSAFE_DRIVING: (inspection) => inspection.driverInspected,
  HOS_COMPLIANCE: (inspection) => inspection.driverInspected,
  DRIVER_FITNESS: (inspection) => inspection.driverInspected,
  CONTROLLED_SUBSTANCES_ALCOHOL: (inspection) => inspection.driverInspected,
  VEHICLE_MAINTENANCE: (inspection) => inspection.vehicleInspected,
  HAZMAT_COMPLIANCE: (inspection) => inspection.hazmatInspected,
  CRASH_INDICATOR: (inspection) => inspection.driverInspected,
};

/**
 * The fewest relevant inspections a measure needs to be shown as sound. SMS's own rules (3 relevant
 * inspections for most BASICs, 5 for Hazmat) — except that SMS also withholds a percentile from a
 * carrier with no violations at all, where we show a measure of 0 as sound evidence of none.
 */
export const MIN_RELEVANT_INSPECTIONS: Record<BasicCode, number> = {
  UNSAFE_DRIVING: 3,
  HOS_COMPLIANCE: 3,
  DRIVER_FITNESS: 3,
  CONTROLLED_SUBSTANCES_ALCOHOL: 1,
  VEHICLE_MAINTENANCE: 3,
  HAZMAT_COMPLIANCE: 5,
  CRASH_INDICATOR: 3,
};

/** Whole months between two dates, as SMS counts the age of an inspection. */
export function monthsBetween(earlier: string, later: string): number {
  return (Date.parse(later) - Date.parse(earlier)) / (DAY_MS * 30.4375);
}

/** 3 for the last 6 months, 2 for 6-12, 1 for 12-24, 0 (not counted) for older or future events. */
export function timeWeight(date: string, asOf: string): number {
  const months = monthsBetween(date, asOf);
  if (months < 0 || months > MEASURE_WINDOW_MONTHS) return 0;
  if (months <= 6) return 3;
  return months <= 12 ? 2 : 1;
}

/**
 * SMS's utilisation factor: carriers that drive their trucks more meet more roadside inspections,
 * so their power units count for more. 1 below 80,000 miles a power unit a year, rising linearly
 * to 1.6 at 160,000, 1.6 up to 200,000; above that (or unknown) the mileage is not trusted and it is 1.
 */
export function utilizationFactor(vehicleMilesTravelled: number | null, powerUnits: number): number {
  if (vehicleMilesTravelled === null || powerUnits <= 0) return 1;
  const perUnit = vehicleMilesTravelled / powerUnits;
  if (perUnit < 80_000 || perUnit > 200_000) return 1;
  if (perUnit >= 160_000) return 1.6;
  return 1 + (0.6 * (perUnit - 80_000)) / 80_000;
}

/** SMS crash severity: 1 towaway only, 2 with injuries or fatalities, one more when hazmat was released. */
export function crashWeight(crash: ReportableCrash): number {
  const base = crash.fatalities > 0 || crash.injuries > 0 ? 2 : crash.towaway ? 1 : 0;
  return base === 0 ? 0 : base + (crash.hazmatReleased ? 1 : 0);
}

/** The violation weight one inspection adds to a BASIC, capped. */
export function inspectionWeight(inspection: RoadsideInspection, basic: BasicCode): number {
  const total = inspection.violations
    .filter((violation) => violation.basic === basic)
    .reduce((sum, violation) => sum + violation.severity + (violation.outOfService ? OUT_OF_SERVICE_EXTRA_WEIGHT : 0), 0);
  return Math.min(total, MAX_WEIGHT_PER_INSPECTION);
}

export interface RawMeasure {
  basic: BasicCode;
  /** Null when the carrier has no relevant data at all. */
  measure: number | null;
  relevantInspections: number;
  inspectionsWithViolations: number;
  violations: number;
  /** Why the measure is not sound; null when it is. */
  insufficientDataReason: string | null;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** timeWeight of many dates against one asOf, each date parsed once (a carrier's seven BASICs ask for the same dates). */
export function timeWeights(asOf: string): (date: string) => number {
  const known = new Map<string, number>();
  return (date) => {
    let weight = known.get(date);
    if (weight === undefined) known.set(date, (weight = timeWeight(date, asOf)));
    return weight;
  };
}

/** The measure of one BASIC from inspection-level data, as of a date. */
export function basicMeasure(
  basic: BasicCode, record: Pick<CarrierRecord, 'powerUnits' | 'vehicleMilesTravelled' | 'hazmatCarrier'>, inspections: RoadsideInspection[], crashes: ReportableCrash[], asOf: string,
  weightOf: (date: string) => number = timeWeights(asOf),
): RawMeasure {
  const inWindow = inspections.filter((inspection) => weightOf(inspection.date) > 0);
  const relevant = inWindow.filter(RELEVANT[basic]);
  const withViolations = relevant.filter((inspection) => inspection.violations.some((violation) => violation.basic === basic));
  const violations = relevant.reduce((sum, inspection) => sum + inspection.violations.filter((violation) => violation.basic === basic).length, 0);
  const counts = { relevantInspections: relevant.length, inspectionsWithViolations: withViolations.length, violations };
  const minimum = MIN_RELEVANT_INSPECTIONS[basic];

  if (basic === 'HAZMAT_COMPLIANCE' && !record.hazmatCarrier && relevant.length === 0) {
    return { basic, measure: null, ...counts, insufficientDataReason: 'The carrier does not carry hazardous materials.' };
  }
  if (relevant.length < minimum) {
    return {
      basic, measure: null, ...counts,
      insufficientDataReason: `${plural(relevant.length, 'relevant inspection')} in ${MEASURE_WINDOW_MONTHS} months; at least ${minimum} ${minimum === 1 ? 'is' : 'are'} needed.`,
    };
  }

  let weighted: number;
  let denominator: number;
  if (basic === 'UNSAFE_DRIVING' || basic === 'CRASH_INDICATOR') {
    weighted = basic === 'UNSAFE_DRIVING'
      ? relevant.reduce((sum, inspection) => sum + inspectionWeight(inspection, basic) * weightOf(inspection.date), 0)
      : crashes.reduce((sum, crash) => sum + crashWeight(crash) * weightOf(crash.date), 0);
    denominator = Math.max(record.powerUnits, 1) * utilizationFactor(record.vehicleMilesTravelled, record.powerUnits);
    if (basic === 'CRASH_INDICATOR') {
      const counted = crashes.filter((crash) => weightOf(crash.date) > 0 && crashWeight(crash) > 0).length;
      return { basic, measure: round(weighted / denominator), ...counts, inspectionsWithViolations: counted, violations: counted, insufficientDataReason: null };
    }
  } else {
    weighted = relevant.reduce((sum, inspection) => sum + inspectionWeight(inspection, basic) * weightOf(inspection.date), 0);
    denominator = relevant.reduce((sum, inspection) => sum + weightOf(inspection.date), 0);
  }
  return { basic, measure: round(weighted / denominator), ...counts, insufficientDataReason: null };
}

/** The seven measures of a carrier whose provider gave inspection-level data. */
export function basicMeasures(record: CarrierRecord, asOf: string): RawMeasure[] {
  const inspections = record.inspections ?? [];
  const crashes = record.crashes ?? [];
  const weightOf = timeWeights(asOf);
  return BASIC_CODES.map((basic) => basicMeasure(basic, record, inspections, crashes, asOf, weightOf));
}

// ---------------------------------------------------------------------------------------------
// Peer groups and percentiles
// ---------------------------------------------------------------------------------------------

/** Size bands: SMS compares a carrier with carriers of similar exposure (its "safety event groups"). */
const INSPECTION_BANDS = [[3, 10], [11, 20], [21, 100], [101, 500], [501, Infinity]] as const;
const POWER_UNIT_BANDS = [[1, 5], [6, 15], [16, 50], [51, 500], [501, Infinity]] as const;

function bandOf(value: number, bands: readonly (readonly [number, number])[]): string {
  const band = bands.find(([low, high]) => value >= low && value <= high) ?? bands[0]!;
  return band[1] === Infinity ? `${band[0]}+` : `${band[0]}–${band[1]}`;
}

export interface PeerGroup {
  /** Stable key: what the peer table is grouped by. */
  key: string;
  /** How people read it: "Property carriers, 21–100 relevant inspections". */
  name: string;
}

/**
 * The peer group of a carrier for a BASIC: passenger or property carriers, of similar exposure
 * (relevant inspections; power units for the exposure BASICs), measured the same way (ours or
 * FMCSA's measure: the two are never ranked against each other).
 */
export function peerGroupOf(basic: BasicCode, carrier: { passengerCarrier: boolean; powerUnits: number }, relevantInspections: number, origin: 'FMCSA' | 'CLEARLANE'): PeerGroup {
  const kind = carrier.passengerCarrier ? 'Passenger' : 'Property';
  const byUnits = basic === 'UNSAFE_DRIVING' || basic === 'CRASH_INDICATOR';
  const band = byUnits ? bandOf(Math.max(carrier.powerUnits, 1), POWER_UNIT_BANDS) : bandOf(relevantInspections, INSPECTION_BANDS);
  const unit = byUnits ? 'power units' : 'relevant inspections';
  return {
    key: `${origin}:${basic}:${kind.toUpperCase()}:${byUnits ? 'PU' : 'INSP'}:${band}`,
    name: `${kind} carriers, ${band} ${unit}${origin === 'FMCSA' ? ' (FMCSA measures)' : ''}`,
  };
}

/**
 * The percentile (0-100, whole) of a measure among its peers' measures (the carrier's own among
 * them): the share of the others with a lower measure. A measure of 0 is the 0th percentile.
 * Null when the peer group is smaller than MIN_PEERS: a rank among a handful means nothing.
 */
export function percentileAmong(measure: number, peerMeasures: readonly number[]): number | null {
  if (peerMeasures.length < MIN_PEERS) return null;
  if (measure <= 0) return 0;
  const sorted = [...peerMeasures].sort((a, b) => a - b);
  let lower = 0;
  let high = sorted.length;
  while (lower < high) {
    const middle = (lower + high) >>> 1;
    if (sorted[middle]! < measure) lower = middle + 1;
    else high = middle;
  }
  return Math.round((100 * lower) / (sorted.length - 1));
}

/** Out-of-service rate in per cent, one decimal; null without inspections. */
export function outOfServiceRate(inspections: number, outOfService: number): number | null {
  return inspections > 0 ? round((100 * outOfService) / inspections, 1) : null;
}
