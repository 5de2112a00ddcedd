// The sandbox carrier-data provider: the embedded default. The last digit of the USDOT number picks
// the carrier's story (README has the table), and everything else (name, fleet, 24 months of
// roadside inspections and crashes) follows deterministically from the number, with dates relative
// to the day asked. Two stories change on the second lookup of a number (by anyone: carrier data
// is public), so a rescore shows a change: an out-of-service order, and authority and insurance lost.
import { BASIC_CODES, type BasicCode } from '@clearlane/contract';
import { DatabaseLedger } from '../ledger.ts';
import type { Executor } from '../../db/client.ts';
import { ProviderError } from '../provider-error.ts';
import { daysAgo, InMemoryLedger, isoDate, lastDigit, type ProviderLedger } from '../sandbox-shared.ts';
import type { CarrierDataProvider, CarrierLookup, CarrierRecord, FmcsaBasic, ReportableCrash, RoadsideInspection, RoadsideViolation } from './carrier-data-provider.ts';

export type SandboxCarrierStory =
  | 'CLEAN' | 'CLEAN_LARGE_FLEET' | 'UNSAFE_DRIVING_ALERT' | 'SEVERAL_ALERTS' | 'OUT_OF_SERVICE_ORDER' | 'NOT_AUTHORISED'
  | 'UNKNOWN_NUMBER' | 'PROVIDER_ERROR' | 'FEW_INSPECTIONS' | 'POOR_RECORD';

/** Last digit of the USDOT number → the carrier's story. README documents this table. */
export const SANDBOX_CARRIERS: Record<string, SandboxCarrierStory> = {
  '0': 'CLEAN',
  '1': 'CLEAN_LARGE_FLEET',
  '2': 'UNSAFE_DRIVING_ALERT',
  '3': 'SEVERAL_ALERTS',
  '4': 'OUT_OF_SERVICE_ORDER',
  '5': 'NOT_AUTHORISED',
  '6': 'UNKNOWN_NUMBER',
  '7': 'PROVIDER_ERROR',
  '8': 'FEW_INSPECTIONS',
  '9': 'POOR_RECORD',
};

/** FMCSA's national out-of-service averages the sandbox answers (as SAFER shows them). */
export const SANDBOX_NATIONAL_AVERAGES = { driver: 6.67, vehicle: 22.26, hazmat: 4.44, period: '2024' };

/** Violations the sandbox cites, with SMS-like severity weights. */
const VIOLATIONS: Record<BasicCode, Omit<RoadsideViolation, 'basic' | 'outOfService'>[]> = {
  UNSAFE_DRIVING: [
    { code: '392.2-SLLS3', description: 'State/local laws - speeding 11-14 miles per hour over the speed limit', severity: 7 },
    { code: '392.2FC', description: 'Following too close', severity: 5 },
    { code: '392.80(a)', description: 'Driving a CMV while texting', severity: 10 },
    { code: '392.2LC', description: 'Improper lane change', severity: 5 },
  ],
  HOS_COMPLIANCE: [
    { code: '395.8(e)', description: 'False report of driver\'s record of duty status', severity: 7 },
    { code: '395.3(a)(2)', description: 'Driving beyond the 14-hour duty period', severity: 7 },
    { code: '395.8(f)(1)', description: 'Driver\'s record of duty status not current', severity: 5 },
  ],
  DRIVER_FITNESS: [
    { code: '391.41(a)', description: 'Operating a CMV without a medical certificate', severity: 1 },
    { code: '383.23(a)(2)', description: 'Operating a CMV without a valid CDL', severity: 8 },
  ],
  CONTROLLED_SUBSTANCES_ALCOHOL: [
    { code: '392.4(a)', description: 'Driver uses or is in possession of drugs', severity: 10 },
    { code: '392.5(a)(1)', description: 'Used or possessed alcohol within 4 hours of duty', severity: 10 },
  ],
  VEHICLE_MAINTENANCE: [
    { code: '393.47(e)', description: 'Clamp or roto-chamber type brake(s) out of adjustment', severity: 4 },
    { code: '393.9(a)', description: 'Inoperative required lamp', severity: 6 },
    { code: '393.75(a)', description: 'Flat tire or fabric exposed', severity: 8 },
    { code: '396.3(a)(1)', description: 'Inspection, repair and maintenance of parts and accessories', severity: 4 },
  ],
  HAZMAT_COMPLIANCE: [
    { code: '172.504', description: 'Vehicle not placarded as required', severity: 5 },
    { code: '177.817(a)', description: 'No shipping papers (carrier)', severity: 5 },
  ],
  CRASH_INDICATOR: [],
};

interface StoryProfile {
  passenger: boolean;
  hazmat: boolean;
  powerUnits: number;
  inspections: number;
  /** Chance that an inspection cites a violation of each BASIC. */
  violationChance: Partial<Record<BasicCode, number>>;
  crashes: number;
  rating: CarrierRecord['safetyRating']['rating'];
  /** FMCSA's published percentiles (passenger carriers only: property carriers' are not public since the FAST Act). */
  fmcsaPercentiles?: Partial<Record<BasicCode, number>>;
}

const QUIET = { UNSAFE_DRIVING: 0.02, HOS_COMPLIANCE: 0.04, DRIVER_FITNESS: 0.01, VEHICLE_MAINTENANCE: 0.1, HAZMAT_COMPLIANCE: 0.02 };
const ROUGH = { UNSAFE_DRIVING: 0.35, HOS_COMPLIANCE: 0.4, DRIVER_FITNESS: 0.15, CONTROLLED_SUBSTANCES_ALCOHOL: 0.03, VEHICLE_MAINTENANCE: 0.55 };

const PROFILES: Record<Exclude<SandboxCarrierStory, 'UNKNOWN_NUMBER' | 'PROVIDER_ERROR'>, StoryProfile> = {
  CLEAN: { passenger: false, hazmat: false, powerUnits: 12, inspections: 18, violationChance: QUIET, crashes: 0, rating: 'SATISFACTORY' },
  CLEAN_LARGE_FLEET: { passenger: false, hazmat: false, powerUnits: 180, inspections: 140, violationChance: QUIET, crashes: 2, rating: 'SATISFACTORY' },
  UNSAFE_DRIVING_ALERT: {
    passenger: true, hazmat: false, powerUnits: 24, inspections: 30,
    violationChance: { ...QUIET, UNSAFE_DRIVING: 0.4 }, crashes: 1, rating: 'SATISFACTORY',
    fmcsaPercentiles: { UNSAFE_DRIVING: 78, HOS_COMPLIANCE: 22, DRIVER_FITNESS: 10, CONTROLLED_SUBSTANCES_ALCOHOL: 0, VEHICLE_MAINTENANCE: 35, CRASH_INDICATOR: 41 },
  },
  SEVERAL_ALERTS: {
    passenger: true, hazmat: false, powerUnits: 40, inspections: 45,
    violationChance: { ...ROUGH, UNSAFE_DRIVING: 0.1 }, crashes: 5, rating: 'CONDITIONAL',
    fmcsaPercentiles: { UNSAFE_DRIVING: 30, HOS_COMPLIANCE: 71, DRIVER_FITNESS: 15, CONTROLLED_SUBSTANCES_ALCOHOL: 0, VEHICLE_MAINTENANCE: 83, CRASH_INDICATOR: 66 },
  },
  OUT_OF_SERVICE_ORDER: { passenger: false, hazmat: false, powerUnits: 6, inspections: 12, violationChance: QUIET, crashes: 0, rating: 'NOT_RATED' },
  NOT_AUTHORISED: { passenger: false, hazmat: false, powerUnits: 4, inspections: 9, violationChance: QUIET, crashes: 0, rating: 'NOT_RATED' },
  FEW_INSPECTIONS: { passenger: false, hazmat: true, powerUnits: 2, inspections: 2, violationChance: QUIET, crashes: 0, rating: 'NOT_RATED' },
  POOR_RECORD: { passenger: false, hazmat: false, powerUnits: 30, inspections: 60, violationChance: ROUGH, crashes: 6, rating: 'CONDITIONAL' },
};

const NAME_FIRST = ['Prairie', 'Summit', 'Blue Ridge', 'Harbor', 'Ironwood', 'Redline', 'Lakeshore', 'Granite', 'Silver Creek', 'Northstar', 'Canyon', 'Heartland'];
const NAME_LAST = ['Freight', 'Transport', 'Logistics', 'Carriers', 'Express', 'Hauling'];

/** A small deterministic generator (mulberry32) seeded by the DOT number: the same number, the same carrier. */
function generatorFor(seed: string): () => number {
  let state = [...seed].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 2_654_435_761) >>> 0, 2_166_136_261);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function inspectionsOf(profile: StoryProfile, random: () => number, asOf: Date): RoadsideInspection[] {
  return Array.from({ length: profile.inspections }, () => {
    const date = daysAgo(asOf, 1 + Math.floor(random() * 720));
    const level = random();
    const driverInspected = level < 0.85; // levels 1, 2, 3
    const vehicleInspected = level < 0.6 || level >= 0.85; // levels 1, 2, 5
    const hazmatInspected = profile.hazmat && vehicleInspected && random() < 0.5;
    const violations: RoadsideViolation[] = [];
    for (const basic of BASIC_CODES) {
      const relevant = basic === 'VEHICLE_MAINTENANCE' ? vehicleInspected : basic === 'HAZMAT_COMPLIANCE' ? hazmatInspected : driverInspected;
      if (!relevant || VIOLATIONS[basic].length === 0) continue;
      if (random() < (profile.violationChance[basic] ?? 0)) {
        violations.push({ basic, ...pick(random, VIOLATIONS[basic]), outOfService: random() < 0.2 });
      }
    }
    const outOfService = (basics: BasicCode[]) => violations.some((violation) => violation.outOfService && basics.includes(violation.basic));
    return {
      date, driverInspected, vehicleInspected, hazmatInspected, violations,
      driverOutOfService: outOfService(['HOS_COMPLIANCE', 'DRIVER_FITNESS', 'CONTROLLED_SUBSTANCES_ALCOHOL', 'UNSAFE_DRIVING']),
      vehicleOutOfService: outOfService(['VEHICLE_MAINTENANCE']),
      hazmatOutOfService: outOfService(['HAZMAT_COMPLIANCE']),
    };
  });
}

function crashesOf(profile: StoryProfile, random: () => number, asOf: Date): ReportableCrash[] {
  return Array.from({ length: profile.crashes }, () => {
    const injuries = random() < 0.4 ? 1 + Math.floor(random() * 2) : 0;
    return { date: daysAgo(asOf, 5 + Math.floor(random() * 700)), fatalities: 0, injuries, towaway: true, hazmatReleased: false };
  });
}

/** A passenger carrier's BASICs as FMCSA publishes them (measure and percentile). */
function fmcsaBasicsOf(profile: StoryProfile, inspections: RoadsideInspection[], asOf: Date): FmcsaBasic[] {
  const runDate = daysAgo(asOf, (asOf.getUTCDate() % 28) + 1); // SMS runs monthly
  return Object.entries(profile.fmcsaPercentiles ?? {}).map(([code, percentile]) => {
    const basic = code as BasicCode;
    const cited = inspections.filter((inspection) => inspection.violations.some((violation) => violation.basic === basic));
    return {
      code: basic, percentile, runDate,
      measure: Math.round(percentile! * 4.7) / 100, // FMCSA's measure grows with the percentile; its scale is the BASIC's own
      inspectionsWithViolations: cited.length,
      violations: cited.reduce((sum, inspection) => sum + inspection.violations.filter((violation) => violation.basic === basic).length, 0),
    };
  });
}

const count = (inspections: RoadsideInspection[], relevant: (inspection: RoadsideInspection) => boolean, out: (inspection: RoadsideInspection) => boolean) => {
  const relevantOnes = inspections.filter(relevant);
  return { inspections: relevantOnes.length, outOfService: relevantOnes.filter(out).length };
};

export interface SandboxCarrierOptions {
  ledger?: ProviderLedger;
  now?: () => Date;
}

export class SandboxCarrierDataProvider implements CarrierDataProvider {
  readonly name = 'sandbox' as const;
  readonly answersQuickly = true;
  private readonly ledger: ProviderLedger;
  private readonly now: () => Date;

  constructor(options: SandboxCarrierOptions = {}) {
    this.ledger = options.ledger ?? new InMemoryLedger();
    this.now = options.now ?? (() => new Date());
  }

  async lookup(dotNumber: string): Promise<CarrierLookup> {
    const story = SANDBOX_CARRIERS[lastDigit(dotNumber)]!;
    if (story === 'PROVIDER_ERROR') throw new ProviderError('The carrier data provider did not answer (sandbox provider error).', true, 'GATEWAY_TIMEOUT');
    if (story === 'UNKNOWN_NUMBER') return { kind: 'NOT_FOUND', message: `No carrier has USDOT number ${dotNumber} (sandbox).` };
    // The two stories that change are told from the second lookup of the number on.
    const changed = story === 'OUT_OF_SERVICE_ORDER' || story === 'NOT_AUTHORISED' ? (await this.ledger.record(`carrier:${dotNumber}`)) > 1 : false;
    return { kind: 'FOUND', record: this.recordOf(dotNumber, story, changed) };
  }

  private recordOf(dotNumber: string, story: keyof typeof PROFILES, changed: boolean): CarrierRecord {
    const profile = PROFILES[story];
    const asOf = this.now();
    const random = generatorFor(dotNumber);
    const inspections = inspectionsOf(profile, random, asOf);
    const crashes = crashesOf(profile, random, asOf);
    const kind = profile.passenger ? 'Coach Lines' : pick(random, NAME_LAST);
    const outOfServiceOrder = story === 'OUT_OF_SERVICE_ORDER' && changed;
    const revoked = story === 'NOT_AUTHORISED' && changed;
    const requiredAmount = profile.passenger ? 5000 : profile.hazmat ? 5000 : 750;
    return {
      dotNumber,
      legalName: `${pick(random, NAME_FIRST).toUpperCase()} ${kind.toUpperCase()} LLC`,
      dbaName: null,
      passengerCarrier: profile.passenger,
      hazmatCarrier: profile.hazmat,
      powerUnits: profile.powerUnits,
      drivers: Math.round(profile.powerUnits * 1.2),
      vehicleMilesTravelled: profile.powerUnits * (70_000 + Math.floor(random() * 60_000)),
      asOf: isoDate(asOf),
      inspections,
      crashes,
      fmcsaBasics: fmcsaBasicsOf(profile, inspections, asOf),
      outOfService: {
        driver: count(inspections, (inspection) => inspection.driverInspected, (inspection) => inspection.driverOutOfService),
        vehicle: count(inspections, (inspection) => inspection.vehicleInspected, (inspection) => inspection.vehicleOutOfService),
        hazmat: count(inspections, (inspection) => inspection.hazmatInspected, (inspection) => inspection.hazmatOutOfService),
        nationalAverages: SANDBOX_NATIONAL_AVERAGES,
        orders: outOfServiceOrder ? [{ date: daysAgo(asOf, 1), reason: 'Imminent hazard: unsatisfactory compliance review (sandbox)' }] : [],
      },
      safetyRating: { rating: profile.rating, ratedOn: profile.rating === 'NOT_RATED' ? null : daysAgo(asOf, 400) },
      authority: {
        allowedToOperate: !outOfServiceOrder && !revoked,
        common: revoked ? 'INACTIVE' : 'ACTIVE',
        contract: 'NONE',
        broker: 'NONE',
      },
      insurance: {
        bodilyInjuryAndPropertyDamage: { required: true, requiredAmount, onFileAmount: revoked ? 0 : requiredAmount === 750 ? 1000 : requiredAmount },
        cargo: { required: false, requiredAmount: null, onFileAmount: 0 },
        bond: { required: false, requiredAmount: null, onFileAmount: 0 },
      },
    };
  }
}

/** The sandbox with its ledger in the database, so "the second lookup" holds across processes. */
export function sandboxCarrierDataProvider(db: Executor): SandboxCarrierDataProvider {
  return new SandboxCarrierDataProvider({ ledger: new DatabaseLedger(db, 'sandbox-carrier-data') });
}
