// What the DOT score pages say about a carrier's figures, in one place and free of UI: the traffic
// light of a BASIC (alert, near its threshold, OK, not enough data), the trend since the last score,
// the worst-first order, whose figure it is (FMCSA's or our estimate) with source and as-of date,
// and the explanation of an alert. The words never rely on colour: every light has its text.
import type {
  BasicCode, BasicScore, CarrierChangeKind, CarrierReport, CarrierThresholdGroup, FigureSource,
} from '@clearlane/contract/dot-scores';
import { WARNING_ORANGE } from '../../lib/monitoring-labels.ts';
import { DOT_NUMBER } from './dot-quality-search.ts';

// Spelled out rather than imported (the contract's module builds zod schemas at load time); the
// `satisfies` clauses keep them in step with it.
export const BASIC_ORDER = [
  'UNSAFE_DRIVING', 'HOS_COMPLIANCE', 'DRIVER_FITNESS', 'CONTROLLED_SUBSTANCES_ALCOHOL', 'VEHICLE_MAINTENANCE', 'HAZMAT_COMPLIANCE', 'CRASH_INDICATOR',
] as const satisfies readonly BasicCode[];

/** A BASIC's name where room is short (a column, a chart axis); the full name is BasicScore.name. */
export const BASIC_SHORT_NAMES = {
  UNSAFE_DRIVING: 'Unsafe driving',
  HOS_COMPLIANCE: 'Hours of service',
  DRIVER_FITNESS: 'Driver fitness',
  CONTROLLED_SUBSTANCES_ALCOHOL: 'Drugs/alcohol',
  VEHICLE_MAINTENANCE: 'Vehicle maint.',
  HAZMAT_COMPLIANCE: 'Hazmat',
  CRASH_INDICATOR: 'Crash',
} as const satisfies Record<BasicCode, string>;

export const BASIC_FULL_NAMES = {
  UNSAFE_DRIVING: 'Unsafe Driving',
  HOS_COMPLIANCE: 'Hours-of-Service Compliance',
  DRIVER_FITNESS: 'Driver Fitness',
  CONTROLLED_SUBSTANCES_ALCOHOL: 'Controlled Substances/Alcohol',
  VEHICLE_MAINTENANCE: 'Vehicle Maintenance',
  HAZMAT_COMPLIANCE: 'Hazardous Materials Compliance',
  CRASH_INDICATOR: 'Crash Indicator',
} as const satisfies Record<BasicCode, string>;

// ---------------------------------------------------------------------------------------------
// Traffic lights
// ---------------------------------------------------------------------------------------------

/** A sound percentile this many points or fewer under its threshold is "near" it (amber). */
export const NEAR_THRESHOLD_POINTS = 10;

export type Light = 'ALERT' | 'NEAR' | 'OK' | 'NO_DATA';

export const LIGHT_LABELS: Record<Light, string> = { ALERT: 'Alert', NEAR: 'Near threshold', OK: 'OK', NO_DATA: 'Insufficient data' };
/** The colours of the driver alerts' severities and qualifications: white text on them reads at 4.5:1. */
export const LIGHT_COLORS: Record<Light, string> = { ALERT: 'red.9', NEAR: WARNING_ORANGE, OK: 'teal.9', NO_DATA: 'gray.6' };

export function lightOf(basic: Pick<BasicScore, 'status' | 'alert' | 'percentile' | 'threshold'>): Light {
  if (basic.status === 'INSUFFICIENT_DATA' || basic.percentile === null) return 'NO_DATA';
  if (basic.alert || basic.status === 'ALERT') return 'ALERT';
  return basic.percentile >= basic.threshold - NEAR_THRESHOLD_POINTS ? 'NEAR' : 'OK';
}

/** "78th" */
export function ordinal(value: number): string {
  const n = Math.round(value);
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

// ---------------------------------------------------------------------------------------------
// Trend since the last score
// ---------------------------------------------------------------------------------------------

export interface Trend {
  /** Percentile points since the scoring before (positive: worse). */
  delta: number;
  /** The date of the scoring compared with. */
  since: string;
}

/** A BASIC's change in percentile since the scoring before the last; null without two sound percentiles. */
export function trendOf(carrier: Pick<CarrierReport, 'history'>, code: BasicCode): Trend | null {
  const { history } = carrier;
  if (history.length < 2) return null;
  const last = history[history.length - 1]!.basics.find((basic) => basic.code === code);
  const before = history[history.length - 2]!;
  const previous = before.basics.find((basic) => basic.code === code);
  if (last?.percentile == null || previous?.percentile == null) return null;
  return { delta: Math.round(last.percentile - previous.percentile), since: before.scoredAt };
}

export function trendText(trend: Trend | null): string {
  if (!trend) return 'no earlier score to compare';
  if (trend.delta === 0) return 'unchanged since the last score';
  return `${trend.delta > 0 ? 'up' : 'down'} ${Math.abs(trend.delta)} ${Math.abs(trend.delta) === 1 ? 'point' : 'points'} since the last score`;
}

// ---------------------------------------------------------------------------------------------
// Worst first
// ---------------------------------------------------------------------------------------------

/** Not allowed to operate (an out-of-service order, authority gone). */
export const mayNotOperate = (carrier: Pick<CarrierReport, 'authority'>) => carrier.authority !== null && !carrier.authority.allowedToOperate;

const countOf = (carrier: CarrierReport, light: Light) => carrier.basics.filter((basic) => lightOf(basic) === light).length;
/** How far the worst sound BASIC is over (or under) its threshold, in points. */
const worstMargin = (carrier: CarrierReport) => Math.max(-Infinity, ...carrier.basics.filter((basic) => basic.percentile !== null).map((basic) => basic.percentile! - basic.threshold));

/**
 * Worst first: carriers that may not operate, then by alerts, then by BASICs near their threshold,
 * then by the worst BASIC's distance to its threshold. Carriers without figures (never scored, not
 * found, provider failed) come last: nothing is known of them.
 */
export function worstFirst(carriers: readonly CarrierReport[]): CarrierReport[] {
  const keys = (carrier: CarrierReport) => [
    carrier.basics.length > 0 ? 1 : 0, mayNotOperate(carrier) ? 1 : 0, countOf(carrier, 'ALERT'), countOf(carrier, 'NEAR'), worstMargin(carrier),
  ];
  return [...carriers].sort((a, b) => {
    const [ka, kb] = [keys(a), keys(b)];
    for (let index = 0; index < ka.length; index += 1) if (ka[index] !== kb[index]) return kb[index]! - ka[index]!;
    return a.dotNumber.localeCompare(b.dotNumber);
  });
}

// ---------------------------------------------------------------------------------------------
// Whose figure it is
// ---------------------------------------------------------------------------------------------

export const PROVIDER_LABELS: Record<FigureSource['provider'], string> = { sandbox: 'Clearlane sandbox', qcmobile: 'FMCSA QCMobile' };

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
/** "Nov 24, 2026" for a yyyy-mm-dd date (read as a calendar day, not shifted by the time zone). */
export const formatDay = (day: string) => dateOnly.format(new Date(`${day.slice(0, 10)}T00:00:00Z`));

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** A scoring in a history: its day, or its day and time when the history has several that day. */
export function historyLabel(history: readonly { scoredAt: string }[], scoredAt: string): string {
  const day = formatDay(scoredAt);
  return history.filter((entry) => formatDay(entry.scoredAt) === day).length > 1 ? formatDateTime(scoredAt) : day;
}

/** "FMCSA" or "Clearlane estimate": whose figure it is. */
export const originLabel = (source: Pick<FigureSource, 'origin'>) => (source.origin === 'FMCSA' ? 'FMCSA' : 'Clearlane estimate');

/** "FMCSA · Clearlane sandbox · as of Nov 24, 2026" */
export const sourceText = (source: FigureSource) => `${originLabel(source)} · ${PROVIDER_LABELS[source.provider]} · as of ${formatDay(source.asOf)}`;

/** Whose a BASIC's figures are, in one line ("Percentile: FMCSA … ; measure: …" when they differ). */
export function basicSourceText(basic: Pick<BasicScore, 'source'>): string {
  const { measure, percentile } = basic.source;
  if (!measure && !percentile) return 'No figure: nothing to compute it from';
  if (measure && percentile && sourceText(measure) === sourceText(percentile)) return sourceText(percentile);
  return [percentile && `Percentile: ${sourceText(percentile)}`, measure && `Measure: ${sourceText(measure)}`].filter(Boolean).join('; ');
}

// ---------------------------------------------------------------------------------------------
// Explanations
// ---------------------------------------------------------------------------------------------

export const THRESHOLD_GROUP_LABELS: Record<CarrierThresholdGroup, string> = {
  GENERAL: 'property carriers',
  HAZMAT: 'carriers of hazardous materials',
  PASSENGER: 'passenger carriers',
};

/**
 * Why a BASIC alerts, in one sentence: "Unsafe Driving: 78th percentile ≥ threshold 50% for passenger
 * carriers: FMCSA's intervention threshold." Null when it does not.
 */
export function alertExplanation(basic: BasicScore, group: CarrierThresholdGroup | undefined): string | null {
  if (lightOf(basic) !== 'ALERT' || basic.percentile === null) return null;
  const whose = basic.source.percentile?.origin === 'CLEARLANE' ? ' (our percentile among the carriers scored here)' : '';
  return `${basic.name}: ${ordinal(basic.percentile)} percentile${whose} ≥ threshold ${basic.threshold}% for ${THRESHOLD_GROUP_LABELS[group ?? 'GENERAL']}: FMCSA's intervention threshold.`;
}

/** What an alert means for the carrier (FMCSA's interventions). */
export const INTERVENTION_NOTE =
  'At or over its intervention threshold a carrier is prioritised by FMCSA for interventions: a warning letter, a targeted roadside inspection or an investigation.';

/** A BASIC's light and figures in words: the accessible name of its light. */
export function basicInWords(basic: BasicScore, trend: Trend | null): string {
  const light = lightOf(basic);
  if (light === 'NO_DATA') return `${basic.name}: insufficient data. ${basic.insufficientDataReason ?? 'No percentile.'}`;
  return `${basic.name}: ${LIGHT_LABELS[light].toLowerCase()}, ${ordinal(basic.percentile!)} percentile, threshold ${basic.threshold}, ${trendText(trend)}.`;
}

// ---------------------------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------------------------

/** Changes that make a carrier riskier (ALARMING_CARRIER_CHANGES of the contract, spelled out). */
const ALARMING = ['BASIC_ALERT_RAISED', 'AUTHORITY_REVOKED', 'INSURANCE_CANCELLED', 'OUT_OF_SERVICE_ORDER'] as const satisfies readonly CarrierChangeKind[];
export const isAlarming = (kind: CarrierChangeKind) => (ALARMING as readonly CarrierChangeKind[]).includes(kind);

export interface CompanyChange {
  id: string;
  kind: CarrierChangeKind;
  title: string;
  before: string | null;
  after: string | null;
  detectedAt: string;
  dotNumber: string;
  carrierName: string;
}

/** Every carrier's changes, newest first (the alarming first among those of one moment). */
export function changesOf(carriers: readonly CarrierReport[]): CompanyChange[] {
  return carriers
    .flatMap((carrier) => carrier.changes.map((change) => ({ ...change, dotNumber: carrier.dotNumber, carrierName: carrierName(carrier) })))
    .sort((a, b) => b.detectedAt.localeCompare(a.detectedAt) || Number(isAlarming(b.kind)) - Number(isAlarming(a.kind)));
}

export const RELATIONSHIP_LABELS = { OWN: 'Own carrier', WATCHED: 'Watched' } as const;

export const carrierName = (carrier: Pick<CarrierReport, 'legalName' | 'dotNumber'>) => carrier.legalName ?? `USDOT ${carrier.dotNumber}`;

// ---------------------------------------------------------------------------------------------
// Typing DOT numbers
// ---------------------------------------------------------------------------------------------

/** The numbers typed (separated by commas, spaces or new lines), repeats once, and those that are not DOT numbers. */
export function parseDotInput(text: string): { dots: string[]; invalid: string[] } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  return { dots: [...new Set(parts.filter((part) => DOT_NUMBER.test(part)))], invalid: [...new Set(parts.filter((part) => !DOT_NUMBER.test(part)))] };
}

/**
 * Props of a `Table.ScrollContainer` whose table has no link or button: when the table scrolls
 * sideways, its viewport takes keyboard focus (arrow keys scroll it) and is named by the table's label.
 */
export const keyboardScrollable = (labelledBy: string) => ({ viewportProps: { tabIndex: 0, role: 'region', 'aria-labelledby': labelledBy } });
